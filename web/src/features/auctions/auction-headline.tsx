/**
 * What everyone sees of one auction first (decision 092): the item, the price now (or the start price), who leads,
 * and the time left counting down on the server's clock; once ended, the winner and price, no bids, or why it was
 * cancelled.
 */
import { Gavel, Timer } from "lucide-react";
import { formatMoney } from "@shared/money/money.ts";
import type { AuctionView } from "@shared/schemas/auctions.ts";
import { Card } from "@web/components/card.tsx";
import { countdownText } from "@web/lib/countdown-text.ts";
import { useSeconds } from "@web/lib/use-seconds.ts";
import { cancelledText, leaderText, NO_BIDS_PENDING, STATUS_TEXT, wonText } from "./auction-texts.ts";
import { clockOffset, msLeft } from "./server-clock.ts";

/** The line that ends an auction: its winner and price, no bids, or the reason it was cancelled. */
export function auctionOutcome(auction: AuctionView): string {
  if (auction.status === "cancelled") return cancelledText(auction.cancelReason ?? "");
  if (auction.winnerName !== null && auction.price !== null)
    return wonText(auction.winnerName, auction.price);
  return NO_BIDS_PENDING;
}

/** Time left on the server's clock, refreshed every second while the auction is open. */
export function Countdown({ auction, receivedAt }: { auction: AuctionView; receivedAt: number }) {
  const open = auction.status === "open";
  const now = useSeconds(open);
  const offset = clockOffset(auction.serverNow, receivedAt);
  return (
    <span
      className="flex items-center gap-1.5 font-mono tabular-nums text-gold"
      data-testid="auction-time-left"
    >
      <Timer className="size-5" aria-hidden="true" />
      {countdownText(msLeft(auction.endsAt, offset, now))} left
    </span>
  );
}

export function AuctionHeadline({ auction, receivedAt }: { auction: AuctionView; receivedAt: number }) {
  const open = auction.status === "open";
  return (
    <Card className="flex flex-col gap-3" data-testid="auction-headline" data-auction-status={auction.status}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="flex items-center gap-2 text-xl font-bold text-ink">
            <Gavel className="size-5 shrink-0 text-gold" aria-hidden="true" />
            <span className="truncate">{auction.lootName}</span>
          </h2>
          <p className="text-sm text-ink-muted">{auction.bossName}</p>
        </div>
        <span className="rounded-full bg-surface-raised px-2.5 py-1 text-sm font-semibold text-gold ring-1 ring-gold/40">
          {STATUS_TEXT[auction.status]}
        </span>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
        <div>
          <p className="text-xs font-semibold uppercase tracking-wide text-ink-muted">
            {auction.price === null ? "Start price" : "Price now"}
          </p>
          <p className="text-3xl font-bold tabular-nums text-ink" data-testid="auction-price">
            {formatMoney(auction.price ?? auction.startPrice, "usdt")}
          </p>
          {open ? (
            <p className="text-sm text-ink-muted" data-testid="auction-leader">
              {leaderText(auction.leaderName)}
            </p>
          ) : null}
        </div>
        {open ? <Countdown auction={auction} receivedAt={receivedAt} /> : null}
      </div>
      {open ? null : (
        <p role="status" className="font-semibold text-ink" data-testid="auction-outcome">
          {auctionOutcome(auction)}
        </p>
      )}
    </Card>
  );
}
