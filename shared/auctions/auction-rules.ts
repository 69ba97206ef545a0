/**
 * The rules of a live loot auction (issue 28, decision 087), as one pure state machine the server applies under the
 * auction's row lock: which bid is accepted and why another is refused, who leads at what price, when the auction
 * ends (anti-snipe), and how it closes or is cancelled. Money in integer cents, time in epoch milliseconds of the
 * server's clock; the caller passes "now" and the facts it read (may this bidder bid, their balance).
 *
 * Each bidder has a ceiling: the most they bid, or the maximum of their automatic bid ("bid for me up to 500").
 * The leader is the bidder with the highest ceiling (the one who reached it first on a tie); the price is the
 * second highest ceiling plus one minimum raise, capped by the leader's ceiling, and never under the highest amount
 * the leader bid outright (an outright bid is a price, an automatic bid only a limit).
 */
import type { Cents } from "../money/money.ts";

export interface AuctionTerms {
  /** The least first bid. */
  startCents: Cents;
  /** How much each bid must add to the price. */
  minRaiseCents: Cents;
  /** When the auction opened and when it ends, before any anti-snipe extension. */
  opensAt: number;
  endsAt: number;
  /** A bid less than this long before the end moves the end to this long after the bid; 0 for none. */
  antiSnipeMs: number;
}

/** One bidder's standing: their ceiling, when they reached it (ties go to the first), and their outright high. */
export interface Standing {
  bidderId: number;
  ceilingCents: Cents;
  /** The sequence number of the bid that set the ceiling. */
  since: number;
  /** The most they bid outright (0 when only automatically). */
  outrightCents: Cents;
}

export type AuctionStatus = "open" | "closed" | "cancelled";

export interface AuctionState {
  terms: AuctionTerms;
  status: AuctionStatus;
  /** The end now: the terms' end, moved by anti-snipe only. */
  endsAt: number;
  standings: Standing[];
  /** Accepted bids so far (the next one's sequence number is this plus one). */
  bidCount: number;
  /** Why an officer cancelled it. */
  cancelReason: string | null;
}

/** A bid as the server receives it. */
export interface BidRequest {
  bidderId: number;
  /** An outright bid: the price the bidder offers now. Absent for an automatic bid without an outright amount. */
  amountCents?: Cents;
  /** An automatic bid's limit: the bidder is raised by the minimum raise up to it whenever someone bids. */
  maxCents?: Cents;
  /** The server's clock when the bid's transaction runs. */
  at: number;
  /** Whether the bidder may bid on this auction (the item's participants, or every active member). */
  allowed: boolean;
  /** What the bidder can spend when the winner pays from their balance; null when paying outside the portal. */
  balanceCents: Cents | null;
}

export type BidRefusal =
  | "not-open"
  | "ended"
  | "not-allowed"
  | "too-low"
  | "over-balance"
  | "nothing-to-bid"
  | "not-above-own-limit";

export type BidOutcome =
  | { accepted: true; state: AuctionState; leading: boolean }
  | { accepted: false; state: AuctionState; reason: BidRefusal; minimumCents: Cents };

/** Who leads and at what price; both null before the first bid. */
export interface Lead {
  leaderId: number | null;
  priceCents: Cents | null;
}

export function openAuction(terms: AuctionTerms): AuctionState {
  if (!(terms.endsAt > terms.opensAt)) throw new RangeError("An auction must end after it opens.");
  if (!(terms.minRaiseCents > 0) || !(terms.startCents >= 0) || !(terms.antiSnipeMs >= 0)) {
    throw new RangeError(
      "An auction needs a positive minimum raise, a start price and an anti-snipe of 0 or more.",
    );
  }
  return { terms, status: "open", endsAt: terms.endsAt, standings: [], bidCount: 0, cancelReason: null };
}

/** The highest standing first, the first to reach it first on a tie. */
const ranked = (standings: readonly Standing[]) =>
  [...standings].sort((a, b) => b.ceilingCents - a.ceilingCents || a.since - b.since);

export function leadOf(state: AuctionState): Lead {
  const [first, second] = ranked(state.standings);
  if (first === undefined) return { leaderId: null, priceCents: null };
  const contested =
    second === undefined
      ? state.terms.startCents
      : Math.min(first.ceilingCents, second.ceilingCents + state.terms.minRaiseCents);
  return { leaderId: first.bidderId, priceCents: Math.max(first.outrightCents, contested) };
}

/** The least a new outright bid (or automatic limit) must be now: the start price, then the price plus a raise. */
export function minimumBid(state: AuctionState): Cents {
  const { priceCents } = leadOf(state);
  return priceCents === null ? state.terms.startCents : priceCents + state.terms.minRaiseCents;
}

const refused = (state: AuctionState, reason: BidRefusal): BidOutcome => ({
  accepted: false,
  state,
  reason,
  minimumCents: minimumBid(state),
});

/**
 * Applies one bid at `request.at`: refused with the reason and the minimum, or accepted (the bidder's ceiling and
 * outright high rise, and a bid in the last antiSnipeMs moves the end to antiSnipeMs after it).
 */
export function placeBid(state: AuctionState, request: BidRequest): BidOutcome {
  if (state.status !== "open") return refused(state, "not-open");
  if (request.at >= state.endsAt) return refused(state, "ended");
  if (!request.allowed) return refused(state, "not-allowed");
  const { amountCents, maxCents } = request;
  if (amountCents === undefined && maxCents === undefined) return refused(state, "nothing-to-bid");
  const own = state.standings.find((s) => s.bidderId === request.bidderId);
  const { leaderId } = leadOf(state);
  const minimum = minimumBid(state);
  const ceiling = Math.max(amountCents ?? 0, maxCents ?? 0);
  // A leader may raise their limit without raising the price; anyone else's bid must reach the minimum.
  const leaderRaisingLimit = leaderId === request.bidderId && amountCents === undefined;
  if (leaderRaisingLimit) {
    if (ceiling <= (own?.ceilingCents ?? 0)) return refused(state, "not-above-own-limit");
  } else if ((amountCents ?? ceiling) < minimum || ceiling < minimum) {
    return refused(state, "too-low");
  }
  if (request.balanceCents !== null && ceiling > request.balanceCents) return refused(state, "over-balance");

  const sequence = state.bidCount + 1;
  // An automatic bid from a bidder not leading bids the minimum outright now.
  const outright = amountCents ?? (leaderRaisingLimit ? 0 : minimum);
  const raised = ceiling > (own?.ceilingCents ?? -1);
  const standing: Standing = {
    bidderId: request.bidderId,
    ceilingCents: Math.max(ceiling, own?.ceilingCents ?? 0),
    since: raised ? sequence : (own?.since ?? sequence),
    outrightCents: Math.max(outright, own?.outrightCents ?? 0),
  };
  const left = state.endsAt - request.at;
  const endsAt =
    state.terms.antiSnipeMs > 0 && left < state.terms.antiSnipeMs
      ? request.at + state.terms.antiSnipeMs
      : state.endsAt;
  const next: AuctionState = {
    ...state,
    endsAt,
    bidCount: sequence,
    standings: [...state.standings.filter((s) => s.bidderId !== request.bidderId), standing],
  };
  return { accepted: true, state: next, leading: leadOf(next).leaderId === request.bidderId };
}

/** The auction at `at`: closed once its end has passed (the leader wins at the price), otherwise unchanged. */
export function closeIfEnded(state: AuctionState, at: number): AuctionState {
  return state.status === "open" && at >= state.endsAt ? { ...state, status: "closed" } : state;
}

/** An officer's cancel: the bids are void, the reason kept. Only an open auction is cancelled. */
export function cancelAuction(state: AuctionState, reason: string): AuctionState {
  return state.status === "open" ? { ...state, status: "cancelled", cancelReason: reason } : state;
}

/** The sale a closed auction makes: its winner and price, or null (no bids, or not closed: the item stays Pending). */
export function saleOf(state: AuctionState): { buyerId: number; priceCents: Cents } | null {
  if (state.status !== "closed") return null;
  const { leaderId, priceCents } = leadOf(state);
  return leaderId === null || priceCents === null ? null : { buyerId: leaderId, priceCents };
}
