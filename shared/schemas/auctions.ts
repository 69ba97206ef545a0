/**
 * Live loot auctions (issue 28; decisions 087 and 091): an officer opens an auction for a Pending item of the
 * market, signed-in raiders bid from their phones as one of their characters, and the server, judge and clock,
 * closes it at its end into a sale. The bodies, the answers and every message, shared by the worker and the screens.
 * A bid is an online call, never queued: a stale bid must never land later.
 */
import * as z from "zod";
import { formatMoney, parseMoney } from "../money/money.ts";
import { positiveId } from "./account-links.ts";
import { unknownKeys } from "./accounts.ts";
import { moneyCentsField } from "./market.ts";

/** The auction's length unless the officer says otherwise, and the bounds of what they may say (seconds). */
export const AUCTION_SECONDS_DEFAULT = 120;
export const AUCTION_SECONDS_MIN = 30;
export const AUCTION_SECONDS_MAX = 24 * 60 * 60;
/** Anti-snipe: a bid in the last N seconds moves the end to N seconds after it. */
export const ANTI_SNIPE_SECONDS_DEFAULT = 15;
export const ANTI_SNIPE_SECONDS_MAX = 300;
export const CANCEL_REASON_MAX_LENGTH = 200;

/** Finished auctions stay in the lists this long. */
export const AUCTION_RECENT_MS = 24 * 60 * 60 * 1000;

export const AUCTION_STATUSES = ["open", "closed", "cancelled"] as const;
export type AuctionStatusText = (typeof AUCTION_STATUSES)[number];
export const AUCTION_BIDDERS = ["participants", "members"] as const;
export type AuctionBidders = (typeof AUCTION_BIDDERS)[number];
export const AUCTION_PAYMENTS = ["balance", "outside"] as const;
export type AuctionPayment = (typeof AUCTION_PAYMENTS)[number];

/** The payout method of the charge to a winner's balance: the ledger entry of its own kind. */
export const AUCTION_PAYOUT_METHOD = "Auction";

export const AUCTION_MESSAGES = {
  auctionId: "Auction ID must be a positive integer.",
  marketItemId: "Choose the loot item to auction.",
  memberId: "Member ID must be a positive integer.",
  seconds: `An auction lasts ${AUCTION_SECONDS_MIN} seconds to 24 hours.`,
  antiSnipe: `Anti-snipe is 0 to ${ANTI_SNIPE_SECONDS_MAX} seconds.`,
  bidders: 'Who may bid: "participants" or "members".',
  payment: 'How the winner pays: "balance" or "outside".',
  cancelReason: "Say why the auction is cancelled.",
  cancelReasonTooLong: `The reason cannot exceed ${CANCEL_REASON_MAX_LENGTH} characters.`,
  auctionNotFound: "This auction does not exist.",
  itemNotFound: "This loot item no longer exists.",
  itemSold: "This item is already Sold: only a Pending item can be auctioned.",
  itemInAuction: "This item is already being auctioned.",
  /** 409 to an officer cancelling an auction that has ended. */
  notOpen: "This auction has already ended.",
  /** 400 to a raider whose account has no character yet. */
  noCharacter: "Your account is not linked to a character yet. Claim your character on My page, then bid.",
  notYourCharacter: "That character is not yours. Bid as your main character or one of its alts.",
  nothingToBid: "Enter a bid, a maximum, or both.",
  cancelled: "This auction was cancelled by an officer.",
  notAllowedParticipants: "Only the raiders who were at this kill may bid on this item.",
  notAllowedMembers: "Only active members may bid.",
  /** The screens' words: a bid is an online call. */
  offline: "Bidding needs a connection. Connect to the internet to bid; nothing is sent later.",
} as const;

/** 409: the bid arrived at or after the end (the guild's clock time, as formatTime writes it). */
export const auctionEndedMessage = (lootName: string, time: string) =>
  `Too late: the auction for ${lootName} ended at ${time}.`;
/** 409: under the least bid now; `price` is null before the first bid. */
export const bidTooLowMessage = (minimumCents: number, priceCents: number | null) =>
  priceCents === null
    ? `Bid at least ${formatMoney(minimumCents, "usdt")}: that is the start price.`
    : `Bid at least ${formatMoney(minimumCents, "usdt")}: the price is now ${formatMoney(priceCents, "usdt")}.`;
/**
 * 409: the bid (or the maximum) is more than the bidder's balance less what their leads on other auctions paid
 * from the balance hold (`held`, their ceilings there), when the winner pays from it.
 */
export const overBalanceBidMessage = (bidCents: number, balance: string, held: string) =>
  parseMoney(held) === 0
    ? `You can bid up to your balance of ${formatMoney(balance, "usdt")}, not ${formatMoney(bidCents, "usdt")}.`
    : `You can bid up to ${formatMoney(parseMoney(balance) - parseMoney(held), "usdt")}: your balance of ${formatMoney(balance, "usdt")} less ${formatMoney(held, "usdt")} held by auctions you lead, not ${formatMoney(bidCents, "usdt")}.`;
/** 409: the leader's new maximum must be above the one they set. */
export const notAboveOwnLimitMessage = (limitCents: number) =>
  `You lead already: a new maximum must be above ${formatMoney(limitCents, "usdt")}.`;
/** 409: the account bid as another of its characters on this auction. */
export const bidsAsOtherMessage = (name: string) =>
  `You bid as ${name} on this auction: bid as ${name} again.`;

const moneyField = (label: string, positive: boolean) =>
  moneyCentsField({
    notANumber: `${label} must be a number.`,
    tooSmall: positive ? `${label} must be more than 0.` : `${label} cannot be negative.`,
    tooManyDecimals: `${label} cannot have more than 2 decimals.`,
    tooLarge: `${label} cannot exceed 999999999999.99.`,
    positive,
  });

const intIn = (min: number, max: number, message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });

export const openAuctionSchema = z.strictObject(
  {
    marketItemId: positiveId(AUCTION_MESSAGES.marketItemId),
    /** USDT in the request, integer cents once parsed. */
    startPrice: moneyField("Start price", false),
    minRaise: moneyField("Minimum raise", true),
    seconds: intIn(AUCTION_SECONDS_MIN, AUCTION_SECONDS_MAX, AUCTION_MESSAGES.seconds).default(
      AUCTION_SECONDS_DEFAULT,
    ),
    antiSnipeSeconds: intIn(0, ANTI_SNIPE_SECONDS_MAX, AUCTION_MESSAGES.antiSnipe).default(
      ANTI_SNIPE_SECONDS_DEFAULT,
    ),
    bidders: z.enum(AUCTION_BIDDERS, { error: AUCTION_MESSAGES.bidders }).default("participants"),
    payment: z.enum(AUCTION_PAYMENTS, { error: AUCTION_MESSAGES.payment }).default("balance"),
  },
  unknownKeys,
);
export type OpenAuctionInput = z.input<typeof openAuctionSchema>;

export const auctionQuerySchema = z.object({
  id: z.coerce
    .number({ error: AUCTION_MESSAGES.auctionId })
    .int({ error: AUCTION_MESSAGES.auctionId })
    .positive({ error: AUCTION_MESSAGES.auctionId }),
});

export const cancelAuctionSchema = z.strictObject(
  {
    id: positiveId(AUCTION_MESSAGES.auctionId),
    reason: z
      .string({ error: AUCTION_MESSAGES.cancelReason })
      .trim()
      .min(1, { error: AUCTION_MESSAGES.cancelReason })
      .max(CANCEL_REASON_MAX_LENGTH, { error: AUCTION_MESSAGES.cancelReasonTooLong }),
  },
  unknownKeys,
);

export const bidSchema = z
  .strictObject(
    {
      id: positiveId(AUCTION_MESSAGES.auctionId),
      /** The character the account bids as: its main or one of its alts, the same for every bid on one auction. */
      memberId: positiveId(AUCTION_MESSAGES.memberId),
      /** An outright bid (USDT in the request, integer cents once parsed). */
      amount: moneyField("Bid", false).optional(),
      /** "Bid for me up to": raised by the minimum raise whenever someone bids, up to this. */
      max: moneyField("Maximum", false).optional(),
    },
    unknownKeys,
  )
  .refine((bid) => bid.amount !== undefined || bid.max !== undefined, {
    error: AUCTION_MESSAGES.nothingToBid,
  });
export type BidInput = z.input<typeof bidSchema>;

/** One accepted bid as the history shows it, with the price it left. */
export interface AuctionBidView {
  seq: number;
  memberName: string;
  /** The outright amount, or null for an automatic bid only. */
  amount: string | null;
  /** The automatic limit: shown to officers, and to everyone once the auction has ended. */
  max: string | null;
  placedAt: Date;
  /** The price after this bid, and who led then. */
  priceAfter: string;
  leaderAfter: string;
  /** Whether this bid moved the end (anti-snipe). */
  extended: boolean;
}

/** An auction as everyone sees it. Times are the server's; `serverNow` lets a phone with a wrong clock count down. */
export interface AuctionView {
  id: number;
  marketItemId: number | null;
  lootName: string;
  bossName: string;
  status: AuctionStatusText;
  startPrice: string;
  minRaise: string;
  openedAt: Date;
  plannedEnd: Date;
  endsAt: Date;
  antiSnipeSeconds: number;
  bidders: AuctionBidders;
  payment: AuctionPayment;
  /** The price now (null before the first bid), the least next bid, and who leads. */
  price: string | null;
  minimumBid: string;
  leaderName: string | null;
  bidCount: number;
  endedAt: Date | null;
  cancelReason: string | null;
  winnerName: string | null;
  serverNow: Date;
  /** Officers always; everyone once it has ended. Empty for a raider while it is open. */
  bids: AuctionBidView[];
}

/** The account's own side of one auction. */
export interface MyAuctionStanding {
  /** The character it bids as (chosen by its first bid), or null before. */
  bidsAs: { memberId: number; name: string } | null;
  leading: boolean;
  /** Its automatic limit, when it set one. */
  max: string | null;
  /** Why it cannot bid now (ended, not allowed, no character), or null. */
  refusal: string | null;
  /** Its balance, when the winner pays from the balance (the character it bids as, or its main). */
  balance: string | null;
  /** What its leads on other open auctions paid from the balance hold of it (decision 098), alongside `balance`. */
  held: string | null;
}

export interface MyAuctionView extends AuctionView {
  mine: MyAuctionStanding;
}

export interface AuctionCharacter {
  memberId: number;
  name: string;
  isMain: boolean;
}

export interface AuctionList {
  auctions: AuctionView[];
}
export interface AuctionAnswer {
  auction: AuctionView;
}
export interface MyAuctionList {
  auctions: MyAuctionView[];
  characters: AuctionCharacter[];
}
export interface MyAuctionAnswer {
  auction: MyAuctionView;
  characters: AuctionCharacter[];
}
/** An accepted bid: the auction after it, and whether the bidder leads (a higher automatic limit may outbid it). */
export interface BidAnswer extends MyAuctionAnswer {
  leading: boolean;
}
