/**
 * /admin/auctions (decision 092): the open auctions and those ended within the last day, each with its whole bid
 * history (automatic limits included) and, while open, Cancel. An auction is opened from a Pending item's row on
 * the Market Exchange. Online only: auctions live on the server; the list follows the live feed.
 */
import type { AuctionView } from "@shared/schemas/auctions.ts";
import { Card } from "@web/components/card.tsx";
import { ErrorAlert } from "@web/components/error-alert.tsx";
import { PageHeader } from "@web/components/page-header.tsx";
import { Skeleton } from "@web/components/skeleton.tsx";
import { AuctionsOffline } from "@web/features/auctions/auction-page-parts.tsx";
import { AUCTIONS_TITLE } from "@web/features/auctions/auction-texts.ts";
import { OfficerAuction } from "@web/features/auctions/officer-auction.tsx";
import { useAuctionList } from "@web/features/auctions/use-auctions.ts";
import { useOnline } from "@web/features/sync-status/use-online.ts";
import { useDocumentTitle } from "@web/shell/use-document-title.ts";

export function AuctionsPage() {
  useDocumentTitle((brand) => `${AUCTIONS_TITLE} - ${brand}`);
  const online = useOnline();
  const read = useAuctionList(online);
  const data = read.data;
  const changed = (auction: AuctionView) =>
    data &&
    read.replace({ ...data, auctions: data.auctions.map((a) => (a.id === auction.id ? auction : a)) });
  return (
    <>
      <PageHeader
        title={AUCTIONS_TITLE}
        subtitle="Open an auction from a Pending item's row on the Market Exchange; raiders bid from their phones."
      />
      <AuctionsOffline online={online} />
      {data ? (
        data.auctions.length === 0 ? (
          <p className="text-ink-muted">No auctions in the last day.</p>
        ) : (
          <div className="flex flex-col gap-8">
            {data.auctions.map((auction) => (
              <OfficerAuction
                key={auction.id}
                auction={auction}
                receivedAt={data.receivedAt}
                online={online}
                onChanged={changed}
                linked
              />
            ))}
          </div>
        )
      ) : read.status === "error" ? (
        <ErrorAlert message={read.error} />
      ) : online ? (
        <Card>
          <Skeleton className="h-24" />
        </Card>
      ) : null}
    </>
  );
}
