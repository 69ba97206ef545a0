import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type AuctionState,
  type AuctionTerms,
  type BidRequest,
  cancelAuction,
  closeIfEnded,
  leadOf,
  minimumBid,
  openAuction,
  placeBid,
  saleOf,
} from "./auction-rules.ts";

const TERMS: AuctionTerms = {
  startCents: 100_00,
  minRaiseCents: 10_00,
  opensAt: 0,
  endsAt: 120_000,
  antiSnipeMs: 15_000,
};

const bid = (bidderId: number, at: number, more: Partial<BidRequest> = {}): BidRequest => ({
  bidderId,
  at,
  allowed: true,
  balanceCents: null,
  ...more,
});

/** Applies bids in order, failing on a refusal unless `refusals` is set. */
function run(state: AuctionState, ...requests: BidRequest[]): AuctionState {
  return requests.reduce((current, request) => {
    const outcome = placeBid(current, request);
    if (!outcome.accepted) throw new Error(`refused: ${outcome.reason}`);
    return outcome.state;
  }, state);
}

describe("auction rules, by example", () => {
  it("starts at the start price, then asks the price plus the minimum raise", () => {
    const opened = openAuction(TERMS);
    expect(leadOf(opened)).toEqual({ leaderId: null, priceCents: null });
    expect(minimumBid(opened)).toBe(100_00);
    const one = run(opened, bid(1, 1_000, { amountCents: 100_00 }));
    expect(leadOf(one)).toEqual({ leaderId: 1, priceCents: 100_00 });
    expect(minimumBid(one)).toBe(110_00);
    const low = placeBid(one, bid(2, 2_000, { amountCents: 105_00 }));
    expect(low).toMatchObject({ accepted: false, reason: "too-low", minimumCents: 110_00 });
  });

  it("raises an automatic bid by the minimum raise over the others, up to its limit", () => {
    // 100 outright, then "up to 500": 110; then 300 outright: 310; then 600 outright: the limit is beaten.
    let state = run(openAuction(TERMS), bid(1, 1_000, { amountCents: 100_00 }));
    const auto = placeBid(state, bid(2, 2_000, { maxCents: 500_00 }));
    expect(auto).toMatchObject({ accepted: true, leading: true });
    state = auto.state;
    expect(leadOf(state)).toEqual({ leaderId: 2, priceCents: 110_00 });
    const outbid = placeBid(state, bid(3, 3_000, { amountCents: 300_00 }));
    expect(outbid).toMatchObject({ accepted: true, leading: false });
    state = outbid.state;
    expect(leadOf(state)).toEqual({ leaderId: 2, priceCents: 310_00 });
    state = run(state, bid(3, 4_000, { amountCents: 600_00 }));
    expect(leadOf(state)).toEqual({ leaderId: 3, priceCents: 600_00 });
  });

  it("gives a tie to the bid committed first", () => {
    const state = run(
      openAuction(TERMS),
      bid(1, 1_000, { maxCents: 500_00 }),
      bid(2, 2_000, { amountCents: 500_00 }),
    );
    expect(leadOf(state)).toEqual({ leaderId: 1, priceCents: 500_00 });
  });

  it("moves the end only for a bid in the last seconds, to that long after it", () => {
    const early = run(openAuction(TERMS), bid(1, 100_000, { amountCents: 100_00 }));
    expect(early.endsAt).toBe(120_000);
    const late = run(early, bid(2, 110_000, { amountCents: 110_00 }));
    expect(late.endsAt).toBe(125_000);
    expect(placeBid(late, bid(1, 125_000, { amountCents: 200_00 }))).toMatchObject({ reason: "ended" });
    expect(saleOf(closeIfEnded(late, 124_999))).toBeNull();
    expect(saleOf(closeIfEnded(late, 125_000))).toEqual({ buyerId: 2, priceCents: 110_00 });
  });

  it("refuses a bidder who may not bid, a limit over the balance, and any bid once cancelled", () => {
    const opened = openAuction(TERMS);
    expect(placeBid(opened, bid(1, 1, { amountCents: 100_00, allowed: false }))).toMatchObject({
      reason: "not-allowed",
    });
    expect(placeBid(opened, bid(1, 1, { maxCents: 300_00, balanceCents: 250_00 }))).toMatchObject({
      reason: "over-balance",
    });
    const cancelled = cancelAuction(run(opened, bid(1, 1, { amountCents: 100_00 })), "Wrong item");
    expect(cancelled).toMatchObject({ status: "cancelled", cancelReason: "Wrong item" });
    expect(placeBid(cancelled, bid(2, 2, { amountCents: 200_00 }))).toMatchObject({ reason: "not-open" });
    expect(saleOf(closeIfEnded(cancelled, 200_000))).toBeNull();
  });

  it("closes without a sale when nobody bid: the item stays Pending", () => {
    expect(saleOf(closeIfEnded(openAuction(TERMS), 120_000))).toBeNull();
  });
});

/**
 * A random action: a bid some milliseconds after the last (outright, automatic or both; its amounts in minimum
 * raises from the minimum at that moment, some under it), or an officer's cancel.
 */
const action = fc.oneof(
  {
    weight: 30,
    arbitrary: fc.record({
      kind: fc.constant("bid" as const),
      bidderId: fc.integer({ min: 1, max: 5 }),
      after: fc.integer({ min: 0, max: 12_000 }),
      amount: fc.option(fc.integer({ min: -2, max: 8 }), { nil: undefined }),
      max: fc.option(fc.integer({ min: -2, max: 30 }), { nil: undefined }),
      allowed: fc.integer({ min: 0, max: 9 }).map((n) => n > 0),
      balance: fc.option(
        fc.integer({ min: 0, max: 800 }).map((n) => n * 1_00),
        { nil: null, freq: 3 },
      ),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("cancel" as const) }) },
);

interface Accepted {
  request: BidRequest;
  sequence: number;
}

describe("auction rules, against random bids, automatic bids, times and cancels", () => {
  it("keep one winner or none, the price between the two highest limits, and the end moved only by anti-snipe", () => {
    const sales: number[] = [];
    fc.assert(
      fc.property(
        fc.array(action, { maxLength: 40 }),
        fc.integer({ min: 0, max: 30 }).map((s) => s * 1_000),
        (actions, antiSnipeMs) => {
          let state = openAuction({ ...TERMS, antiSnipeMs });
          let clock = 0;
          const accepted: Accepted[] = [];
          let lastPrice = 0;
          for (const step of actions) {
            if (step.kind === "cancel") {
              state = cancelAuction(state, "cancelled");
              continue;
            }
            // The server's clock never runs backwards between two transactions.
            clock += step.after;
            const before = state;
            const minimum = minimumBid(before);
            const inRaises = (raises: number | undefined) =>
              raises === undefined ? undefined : Math.max(0, minimum + raises * TERMS.minRaiseCents);
            const amount = inRaises(step.amount);
            const max = inRaises(step.max);
            const request = bid(step.bidderId, clock, {
              ...(amount === undefined ? {} : { amountCents: amount }),
              ...(max === undefined ? {} : { maxCents: max }),
              allowed: step.allowed,
              balanceCents: step.balance,
            });
            const outcome = placeBid(before, request);
            const ceiling = Math.max(amount ?? 0, max ?? 0);
            if (!outcome.accepted) {
              // A refusal changes nothing and says a true reason.
              expect(outcome.state).toBe(before);
              expect(outcome.minimumCents).toBe(minimum);
              if (outcome.reason === "ended") expect(clock).toBeGreaterThanOrEqual(before.endsAt);
              if (outcome.reason === "not-open") expect(before.status).not.toBe("open");
              if (outcome.reason === "not-allowed") expect(step.allowed).toBe(false);
              if (outcome.reason === "over-balance")
                expect(ceiling).toBeGreaterThan(step.balance ?? Infinity);
              if (outcome.reason === "too-low")
                expect(Math.min(amount ?? ceiling, ceiling)).toBeLessThan(minimum);
              continue;
            }
            accepted.push({ request, sequence: outcome.state.bidCount });
            state = outcome.state;
            // Accepted: open, before the end, allowed, within the balance.
            expect(before.status).toBe("open");
            expect(clock).toBeLessThan(before.endsAt);
            expect(step.allowed).toBe(true);
            if (step.balance !== null) expect(ceiling).toBeLessThanOrEqual(step.balance);
            // The end moves only by anti-snipe: to antiSnipeMs after a bid in the last antiSnipeMs, never back.
            if (before.endsAt - clock < antiSnipeMs) expect(state.endsAt).toBe(clock + antiSnipeMs);
            else expect(state.endsAt).toBe(before.endsAt);
            // The price never falls.
            const price = leadOf(state).priceCents ?? 0;
            expect(price).toBeGreaterThanOrEqual(lastPrice);
            lastPrice = price;
          }
          state = closeIfEnded(state, Math.max(clock, state.endsAt));
          const sale = saleOf(state);
          if (state.status === "cancelled" || accepted.length === 0) {
            expect(sale).toBeNull();
            return;
          }
          // Each bidder's limit from the bids the rules accepted, worked out afresh from that list.
          const limits = new Map<number, { ceiling: number; since: number; outright: number }>();
          for (const { request, sequence } of accepted) {
            const ceiling = Math.max(request.amountCents ?? 0, request.maxCents ?? 0);
            const had = limits.get(request.bidderId);
            limits.set(request.bidderId, {
              ceiling: Math.max(ceiling, had?.ceiling ?? 0),
              since: had === undefined || ceiling > had.ceiling ? sequence : had.since,
              outright: Math.max(request.amountCents ?? 0, had?.outright ?? 0),
            });
          }
          const [winner, second] = [...limits.entries()].sort(
            ([, a], [, b]) => b.ceiling - a.ceiling || a.since - b.since,
          );
          expect(sale?.buyerId).toBe(winner?.[0]);
          const top = winner?.[1];
          if (sale === null || top === undefined) throw new Error("a sale was expected");
          // The price: the highest valid bid, or the second limit plus one raise, capped by the winner's limit.
          expect(sale.priceCents).toBeLessThanOrEqual(top.ceiling);
          expect(sale.priceCents).toBeGreaterThanOrEqual(TERMS.startCents);
          if (second !== undefined) expect(sale.priceCents).toBeGreaterThanOrEqual(second[1].ceiling);
          const contested =
            second === undefined
              ? TERMS.startCents
              : Math.min(top.ceiling, second[1].ceiling + TERMS.minRaiseCents);
          expect(sale.priceCents).toBe(Math.max(top.outright, contested));
          sales.push(accepted.length);
        },
      ),
      { numRuns: Number(process.env.AUCTION_PROPERTY_RUNS ?? 300) },
    );
    // The runs reach sales of several bids, not only empty auctions.
    expect(sales.filter((bids) => bids >= 3).length).toBeGreaterThan(20);
  });
});
