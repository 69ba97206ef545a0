/**
 * A refused bid (409) answers the server's words and the auction as it is now (decision 091), so the phone shows
 * the price without another call. Error answers are plain JSON: the auction's times arrive as ISO text.
 */
import type { AuctionBidView, MyAuctionView } from "@shared/schemas/auctions.ts";
import { ApiError } from "@web/lib/api-client.ts";

const dateOf = (value: unknown): Date => new Date(value as string);
const dateOrNull = (value: unknown): Date | null => (value === null ? null : dateOf(value));

/** The auction a refusal carried, its times as Dates; null for any other failure. */
export function refusedAuction(failure: unknown): MyAuctionView | null {
  if (!(failure instanceof ApiError) || failure.status !== 409) return null;
  const raw = failure.details?.auction;
  if (typeof raw !== "object" || raw === null) return null;
  const auction = raw as MyAuctionView;
  return {
    ...auction,
    openedAt: dateOf(auction.openedAt),
    plannedEnd: dateOf(auction.plannedEnd),
    endsAt: dateOf(auction.endsAt),
    endedAt: dateOrNull(auction.endedAt),
    serverNow: dateOf(auction.serverNow),
    bids: auction.bids.map((bid: AuctionBidView) => ({ ...bid, placedAt: dateOf(bid.placedAt) })),
  };
}
