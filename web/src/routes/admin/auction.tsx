/**
 * /admin/auctions/ID (decision 092): one auction as its officer watches it, where opening one lands: the price, the
 * leader and the time left live, every bid with its limit, and Cancel while it is open.
 */
import { useParams } from "@tanstack/react-router";
import { ErrorAlert } from "@web/components/error-alert.tsx";
import { PageHeader } from "@web/components/page-header.tsx";
import { Skeleton } from "@web/components/skeleton.tsx";
import { AuctionsOffline, BackToAuctions } from "@web/features/auctions/auction-page-parts.tsx";
import { AUCTIONS_TITLE } from "@web/features/auctions/auction-texts.ts";
import { OfficerAuction } from "@web/features/auctions/officer-auction.tsx";
import { received, useAuction } from "@web/features/auctions/use-auctions.ts";
import { useOnline } from "@web/features/sync-status/use-online.ts";
import { useDocumentTitle } from "@web/shell/use-document-title.ts";

export function AuctionPage() {
  const { id = "" } = useParams({ strict: false }) as { id?: string };
  const online = useOnline();
  const read = useAuction(Number(id), online);
  const data = read.data;
  useDocumentTitle((brand) => `${data ? `Auction ${data.auction.lootName}` : AUCTIONS_TITLE} - ${brand}`);
  return (
    <div className="mx-auto w-full max-w-3xl">
      <PageHeader
        title={data ? `Auction: ${data.auction.lootName}` : "Auction"}
        actions={<BackToAuctions to="/admin/auctions" />}
      />
      <AuctionsOffline online={online} />
      {data ? (
        <OfficerAuction
          auction={data.auction}
          receivedAt={data.receivedAt}
          online={online}
          onChanged={(auction) => read.replace(received({ auction }))}
        />
      ) : read.status === "error" ? (
        <ErrorAlert message={read.error} />
      ) : online ? (
        <Skeleton className="h-96" />
      ) : null}
    </div>
  );
}
