/**
 * The auction screens' own words (decision 092). The server's refusals and the offline line are its exported
 * messages (shared/schemas/auctions.ts), shown word for word.
 */

import { formatMoney, parseMoney } from "@shared/money/money.ts";
import type { AuctionBidders, AuctionPayment, AuctionStatusText } from "@shared/schemas/auctions.ts";

export const AUCTIONS_TITLE = "Auctions";
export const OPEN_AUCTION = "Open auction";
export const AUCTION_ACTION = "Auction";
export const CANCEL_AUCTION = "Cancel auction";
export const YOU_LEAD = "You lead";
export const OUTBID = "You have been outbid";
export const NO_BIDS_PENDING = "No bids: the item stays Pending";
export const BID_FOR_ME = "Bid for me up to";
export const BID_FOR_ME_HINT = "Raised by the minimum raise whenever someone bids, up to this.";
export const ANY_AMOUNT = "Any amount (USDT)";
export const PLACE_BID = "Place bid";
export const CHOOSE_BIDDER = "Which character bids?";
export const CHOOSE_BIDDER_HINT =
  "Your first bid fixes it for this auction; this device remembers your choice.";
export const BID_HISTORY = "Bid history";
export const NO_OPEN_AUCTIONS = "No auctions right now. Officers open one for a drop; it shows here.";

export const bidButtonText = (minimumBid: string) => `Bid ${formatMoney(minimumBid, "usdt")}`;
export const bidsAsText = (name: string) => `Bidding as ${name}`;
export const yourMaxText = (max: string) => `Your maximum: ${formatMoney(max, "usdt")}`;
/** The bidder's balance, and what their leads on other auctions paid from it hold (decision 098). */
export const balanceText = (balance: string, held: string | null) =>
  held === null || parseMoney(held) === 0
    ? `Your balance: ${formatMoney(balance, "usdt")}`
    : `Your balance: ${formatMoney(balance, "usdt")}, of which ${formatMoney(held, "usdt")} is held by auctions you lead`;
export const wonText = (winner: string, price: string) =>
  `Won by ${winner} for ${formatMoney(price, "usdt")}`;
export const cancelledText = (reason: string) => `Cancelled: ${reason}`;
export const leaderText = (leader: string | null) => (leader === null ? "No bids yet" : `${leader} leads`);
export const bidCountText = (count: number) => `${count} ${count === 1 ? "bid" : "bids"}`;

export const STATUS_TEXT: Readonly<Record<AuctionStatusText, string>> = {
  open: "Open",
  closed: "Ended",
  cancelled: "Cancelled",
};
export const BIDDERS_TEXT: Readonly<Record<AuctionBidders, string>> = {
  participants: "The item's participants",
  members: "Every active member",
};
export const PAYMENT_TEXT: Readonly<Record<AuctionPayment, string>> = {
  balance: "From their balance",
  outside: "Outside the portal",
};
