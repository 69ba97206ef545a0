/**
 * An auction's state from its rows (decision 091): the terms from the auction's row, then its accepted bids replayed
 * through the rules (shared/auctions/auction-rules.ts) in the order they were committed. The bids are the one record;
 * the row's end and, once closed, its winner and price are what the rules worked out when each was written.
 */
import {
  type AuctionState,
  type Lead,
  leadOf,
  minimumBid,
  openAuction,
  placeBid,
} from "@shared/auctions/auction-rules.ts";
import { moneyText, parseMoney } from "@shared/money/money.ts";
import type { AuctionBidView, AuctionView } from "@shared/schemas/auctions.ts";
import type { AuctionRow, BidRow } from "./auctions-repo.ts";

export interface Replayed {
  state: AuctionState;
  /** Each bid with the lead it left and whether it moved the end. */
  steps: { bid: BidRow; lead: Lead; extended: boolean }[];
}

const cents = (text: string | null) => (text === null ? undefined : parseMoney(text));

/** The rules' state of an auction before its end (status open), from its terms and accepted bids. */
export function replay(row: AuctionRow, bids: readonly BidRow[]): Replayed {
  let state = openAuction({
    startCents: parseMoney(row.startPrice),
    minRaiseCents: parseMoney(row.minRaise),
    opensAt: row.openedAt.getTime(),
    endsAt: row.plannedEnd.getTime(),
    antiSnipeMs: row.antiSnipeSeconds * 1000,
  });
  const steps: Replayed["steps"] = [];
  for (const bid of bids) {
    const outcome = placeBid(state, {
      bidderId: bid.memberId,
      amountCents: cents(bid.amount),
      maxCents: cents(bid.max),
      at: bid.placedAt.getTime(),
      // It was accepted when it was placed: who may bid and the balance were judged then.
      allowed: true,
      balanceCents: null,
    });
    if (!outcome.accepted) continue;
    steps.push({ bid, lead: leadOf(outcome.state), extended: outcome.state.endsAt > state.endsAt });
    state = outcome.state;
  }
  return { state, steps };
}

/** The name a bidder bid under on this auction. */
export const bidderName = (steps: Replayed["steps"], memberId: number | null) =>
  memberId === null
    ? null
    : (steps.findLast((step) => step.bid.memberId === memberId)?.bid.memberName ?? null);

/**
 * The auction as a reader sees it at `now`: the price and leader from the bids (from the stored sale once closed),
 * and the history when `history` says (officers always; everyone once it has ended, limits included).
 */
export function auctionView(
  row: AuctionRow,
  { state, steps }: Replayed,
  now: Date,
  history: "full" | "none",
): AuctionView {
  const lead = leadOf(state);
  const cancelled = row.status === "cancelled";
  const bids: AuctionBidView[] =
    history === "none"
      ? []
      : steps.map(({ bid, lead: after, extended }) => ({
          seq: bid.seq,
          memberName: bid.memberName,
          amount: bid.amount,
          max: bid.max,
          placedAt: bid.placedAt,
          priceAfter: moneyText(after.priceCents ?? 0),
          leaderAfter: bidderName(steps, after.leaderId) ?? bid.memberName,
          extended,
        }));
  return {
    id: row.id,
    marketItemId: row.marketItemId,
    lootName: row.lootName,
    bossName: row.bossName,
    status: row.status,
    startPrice: row.startPrice,
    minRaise: row.minRaise,
    openedAt: row.openedAt,
    plannedEnd: row.plannedEnd,
    endsAt: new Date(state.endsAt),
    antiSnipeSeconds: row.antiSnipeSeconds,
    bidders: row.bidders,
    payment: row.payment,
    // A cancelled auction's bids are void: no price, nobody leads.
    price: cancelled ? null : (row.price ?? (lead.priceCents === null ? null : moneyText(lead.priceCents))),
    minimumBid: moneyText(minimumBid(state)),
    leaderName: cancelled ? null : (row.winnerName ?? bidderName(steps, lead.leaderId)),
    bidCount: steps.length,
    endedAt: row.endedAt,
    cancelReason: row.cancelReason,
    winnerName: row.winnerName,
    serverNow: now,
    bids,
  };
}
