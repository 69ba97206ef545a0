/**
 * An auction's accepted bids, newest first (decision 092): who bid, the amount or the automatic limit (officers
 * always see limits; raiders once it has ended), the price and leader it left, and whether it moved the end.
 */

import { formatMoney } from "@shared/money/money.ts";
import type { AuctionBidView } from "@shared/schemas/auctions.ts";
import { BID_HISTORY } from "./auction-texts.ts";

function bidWords(bid: AuctionBidView): string {
  const parts: string[] = [];
  if (bid.amount !== null) parts.push(`bid ${formatMoney(bid.amount, "usdt")}`);
  if (bid.max !== null) parts.push(`up to ${formatMoney(bid.max, "usdt")}`);
  return parts.length > 0 ? parts.join(", ") : "automatic bid";
}

export function BidHistory({ bids }: { bids: readonly AuctionBidView[] }) {
  if (bids.length === 0) return null;
  return (
    <section aria-label={BID_HISTORY} className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-ink-muted">{BID_HISTORY}</h3>
      <ol className="divide-y divide-line" data-testid="bid-history">
        {[...bids].reverse().map((bid) => (
          <li key={bid.seq} className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 py-2 text-sm">
            <span className="font-semibold text-ink">{bid.memberName}</span>
            <span className="text-ink">{bidWords(bid)}</span>
            <span className="text-ink-muted">
              price {formatMoney(bid.priceAfter, "usdt")}, {bid.leaderAfter} leads
              {bid.extended ? " · end extended" : ""}
            </span>
            <time
              className="ml-auto text-xs tabular-nums text-ink-muted"
              dateTime={bid.placedAt.toISOString()}
            >
              {bid.placedAt.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" })}
            </time>
          </li>
        ))}
      </ol>
    </section>
  );
}
