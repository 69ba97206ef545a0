/**
 * /me/auctions (decision 092): the auctions a raider can bid on now and those ended within the last day, each
 * leading to its page. Online only: auctions live on the server; the list follows the live feed.
 */
import { AUCTION_MESSAGES } from "@shared/schemas/auctions.ts";
import { ErrorAlert } from "@web/components/error-alert.tsx";
import { OnlineOnlyNotice } from "@web/components/online-only-notice.tsx";
import { PageHeader } from "@web/components/page-header.tsx";
import { Skeleton } from "@web/components/skeleton.tsx";
import { MyAuctionRows } from "@web/features/auctions/auction-rows.tsx";
import { AUCTIONS_TITLE, NO_OPEN_AUCTIONS } from "@web/features/auctions/auction-texts.ts";
import { useMyAuctions } from "@web/features/auctions/use-auctions.ts";
import { useOnline } from "@web/features/sync-status/use-online.ts";
import { AccessGuard } from "@web/shell/access-guard.tsx";
import { useDocumentTitle } from "@web/shell/use-document-title.ts";

function MyAuctionList({ userId }: { userId: number }) {
  const online = useOnline();
  const read = useMyAuctions(userId, online);
  const data = read.data;
  return (
    <div className="flex flex-col gap-4">
      {!online ? <OnlineOnlyNotice>{AUCTION_MESSAGES.offline}</OnlineOnlyNotice> : null}
      {data === null ? (
        read.status === "error" ? (
          <ErrorAlert message={read.error} />
        ) : online ? (
          <Skeleton className="h-40" />
        ) : null
      ) : data.auctions.length === 0 ? (
        <p className="text-ink-muted">{NO_OPEN_AUCTIONS}</p>
      ) : (
        <MyAuctionRows auctions={data.auctions} receivedAt={data.receivedAt} />
      )}
    </div>
  );
}

export function MyAuctionsPage() {
  useDocumentTitle((brand) => `${AUCTIONS_TITLE} - ${brand}`);
  return (
    <div className="mx-auto w-full max-w-xl">
      <PageHeader title={AUCTIONS_TITLE} subtitle="Bid on the guild's drops from your phone." />
      <AccessGuard>{(user) => <MyAuctionList key={user.id} userId={user.id} />}</AccessGuard>
    </div>
  );
}
