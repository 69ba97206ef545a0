/**
 * /me/auctions/ID (decision 092): one auction on a raider's phone. The item, the price, the leader and the time left
 * on the server's clock; while open, the bidding; once ended, the outcome and the bid history. Read again on every
 * live notice of the auctions, so another phone's bid shows within a moment.
 */
import { useParams } from "@tanstack/react-router";
import { AUCTION_MESSAGES } from "@shared/schemas/auctions.ts";
import { Card } from "@web/components/card.tsx";
import { ErrorAlert } from "@web/components/error-alert.tsx";
import { PageHeader } from "@web/components/page-header.tsx";
import { Skeleton } from "@web/components/skeleton.tsx";
import { AuctionHeadline } from "@web/features/auctions/auction-headline.tsx";
import { BackToAuctions } from "@web/features/auctions/auction-page-parts.tsx";
import { AUCTIONS_TITLE } from "@web/features/auctions/auction-texts.ts";
import { BidHistory } from "@web/features/auctions/bid-history.tsx";
import { BidPanel } from "@web/features/auctions/bid-panel.tsx";
import { useMyAuction } from "@web/features/auctions/use-auctions.ts";
import { useOnline } from "@web/features/sync-status/use-online.ts";
import { AccessGuard } from "@web/shell/access-guard.tsx";
import { useDocumentTitle } from "@web/shell/use-document-title.ts";

function MyAuction({ userId, id }: { userId: number; id: number }) {
  const online = useOnline();
  const read = useMyAuction(id, online);
  const answer = read.data;
  useDocumentTitle((brand) => `${answer ? answer.auction.lootName : AUCTIONS_TITLE} - ${brand}`);
  if (answer === null) {
    if (!online) return <ErrorAlert message={AUCTION_MESSAGES.offline} />;
    if (read.status === "error") return <ErrorAlert message={read.error} />;
    return <Skeleton className="h-64" />;
  }
  const { auction } = answer;
  return (
    <div className="flex flex-col gap-4">
      <AuctionHeadline auction={auction} receivedAt={answer.receivedAt} />
      {auction.status === "open" ? (
        <BidPanel userId={userId} answer={answer} online={online} onAnswer={read.replace} />
      ) : null}
      {auction.bids.length > 0 ? (
        <Card>
          <BidHistory bids={auction.bids} />
        </Card>
      ) : null}
    </div>
  );
}

export function MyAuctionPage() {
  const { id = "" } = useParams({ strict: false }) as { id?: string };
  return (
    <div className="mx-auto w-full max-w-xl">
      <PageHeader title="Auction" actions={<BackToAuctions to="/me/auctions" />} />
      <AccessGuard>
        {(user) => <MyAuction key={`${user.id}-${id}`} userId={user.id} id={Number(id)} />}
      </AccessGuard>
    </div>
  );
}
