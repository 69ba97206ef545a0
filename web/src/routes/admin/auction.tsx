/**
 * /admin/auctions/ID (decision 092): one auction as its officer watches it, where opening one lands: the price, the
 * leader and the time left live, every bid with its limit, and Cancel while it is open.
 */
import { Link, useParams } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import { AUCTION_MESSAGES } from "@shared/schemas/auctions.ts";
import { ErrorAlert } from "@web/components/error-alert.tsx";
import { OnlineOnlyNotice } from "@web/components/online-only-notice.tsx";
import { PageHeader } from "@web/components/page-header.tsx";
import { Skeleton } from "@web/components/skeleton.tsx";
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
        actions={
          <Link
            to="/admin/auctions"
            className="inline-flex min-h-11 items-center gap-2 text-gold hover:underline"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            All auctions
          </Link>
        }
      />
      {!online ? (
        <div className="mb-5">
          <OnlineOnlyNotice>{AUCTION_MESSAGES.offline}</OnlineOnlyNotice>
        </div>
      ) : null}
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
