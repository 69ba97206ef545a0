/**
 * Live loot auctions (issue 28; decisions 087 and 091). Online calls, never queued: a bid counts only when the
 * server has it before the end, and is refused with why and the price now when it does not.
 */
import {
  type AuctionAnswer,
  type AuctionList,
  auctionQuerySchema,
  type BidAnswer,
  bidSchema,
  cancelAuctionSchema,
  type MyAuctionAnswer,
  type MyAuctionList,
  openAuctionSchema,
} from "../schemas/auctions.ts";
import { answer, call } from "./call.ts";

/** The officers' side: open, watch, cancel. */
export const AUCTION_CALLS = {
  list: call({
    method: "GET",
    path: "/auctions",
    role: "officer",
    summary: "The open auctions, then those ended in the last day, newest first, each with its bids.",
    answer: answer<AuctionList>(),
  }),
  read: call({
    method: "GET",
    path: "/auctions/one",
    role: "officer",
    summary: "One auction with every accepted bid, automatic limits included.",
    query: auctionQuerySchema,
    answer: answer<AuctionAnswer>(),
  }),
  open: call({
    method: "POST",
    path: "/auctions",
    role: "officer",
    summary:
      "Opens an auction for a Pending item (201): start price and minimum raise in USDT, 2 minutes and a 15 s anti-snipe unless said.",
    body: openAuctionSchema,
    answer: answer<AuctionAnswer>(),
  }),
  cancel: call({
    method: "POST",
    path: "/auctions/cancel",
    role: "officer",
    summary: "Cancels an open auction with a reason: its bids are void and the item stays Pending.",
    body: cancelAuctionSchema,
    answer: answer<AuctionAnswer>(),
  }),
};

/** The raider's side: what is on auction, one auction, bid. */
export const MY_AUCTION_CALLS = {
  list: call({
    method: "GET",
    path: "/me/auctions",
    role: "user",
    summary:
      "The open auctions and those ended in the last day, each with the account's standing, and its characters.",
    answer: answer<MyAuctionList>(),
  }),
  read: call({
    method: "GET",
    path: "/me/auctions/one",
    role: "user",
    summary: "One auction with the account's standing (and, once ended, its bid history).",
    query: auctionQuerySchema,
    answer: answer<MyAuctionAnswer>(),
  }),
  bid: call({
    method: "POST",
    path: "/me/auctions/bid",
    role: "user",
    summary:
      "Bids as the account's main or an alt: an amount, a maximum for automatic raises, or both. 409 with why and the auction now when refused.",
    body: bidSchema,
    answer: answer<BidAnswer>(),
  }),
};
