// Properties of the throttling decision over random streams of login attempts (accounts, sources, right or wrong
// passwords, irregular timing), replayed against a model of what login-attempts-repo.ts reads and records.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  accountDelayMs,
  decideLogin,
  failuresNeeded,
  LOGIN_THROTTLE,
  type RecentFailures,
  retryAfterSeconds,
  throttleSource,
  tooManyAttempts,
} from "./login-throttle.ts";

const { windowMs, pairLimit, sourceLimit, accountFreeFailures, accountMaxDelayMs } = LOGIN_THROTTLE;

interface Row {
  id: number;
  account: number;
  source: number;
  success: boolean;
  at: number;
}

/** What the repository's query returns: each scope's failures in the window after its reset, newest first. */
function recentFailures(rows: readonly Row[], account: number, source: number, now: number, limit = true) {
  const since = now - windowMs;
  const needed = failuresNeeded();
  const lastSuccess = (match: (r: Row) => boolean) =>
    Math.max(0, ...rows.filter((r) => match(r) && r.success && r.at > since).map((r) => r.id));
  const failures = (match: (r: Row) => boolean, after: number, max: number) => {
    const times = rows
      .filter((r) => match(r) && !r.success && r.at > since && r.id > after)
      .sort((a, b) => b.id - a.id)
      .map((r) => r.at);
    return limit ? times.slice(0, max) : times;
  };
  const pair = (r: Row) => r.account === account && r.source === source;
  const ofAccount = (r: Row) => r.account === account;
  return {
    pair: failures(pair, lastSuccess(pair), needed.pair),
    account: failures(ofAccount, lastSuccess(ofAccount), needed.account),
    source: failures((r) => r.source === source, 0, needed.source),
  } satisfies RecentFailures;
}

const ACCOUNTS = 8;
const SOURCES = 12;

/**
 * Streams of attempts: per stream a number of accounts and sources, how often a password is right (often never:
 * an attack), and a pace (bursts to minutes between attempts, now and then a pause longer than a window).
 */
const attemptsArbitrary = fc
  .record({
    accounts: fc.integer({ min: 1, max: ACCOUNTS }),
    sources: fc.integer({ min: 1, max: SOURCES }),
    rightWeight: fc.constantFrom(0, 1, 3),
    maxGapMs: fc.constantFrom(0, 2_000, 60_000, 5 * 60_000),
  })
  .chain(({ accounts, sources, rightWeight, maxGapMs }) =>
    fc.array(
      fc.record({
        account: fc.nat({ max: accounts - 1 }),
        source: fc.nat({ max: sources - 1 }),
        correct: fc.oneof(
          { arbitrary: fc.constant(false), weight: 10 },
          { arbitrary: fc.constant(true), weight: rightWeight },
        ),
        afterMs: fc.oneof(
          { arbitrary: fc.integer({ min: 0, max: maxGapMs }), weight: 30 },
          { arbitrary: fc.integer({ min: windowMs - 60_000, max: windowMs + 60_000 }), weight: 1 },
        ),
      }),
      { minLength: 1, maxLength: 150, size: "max" },
    ),
  );

interface Replay {
  rows: Row[];
  refusals: { account: number; source: number; now: number; retryAt: number; rowsBefore: number }[];
}

function run(attempts: { account: number; source: number; correct: boolean; afterMs: number }[]): Replay {
  const rows: Row[] = [];
  const refusals: Replay["refusals"] = [];
  let now = 1_000_000;
  for (const attempt of attempts) {
    now += attempt.afterMs;
    const verdict = decideLogin(recentFailures(rows, attempt.account, attempt.source, now), now);
    // Reading only as many failures as the decision needs never changes it.
    expect(decideLogin(recentFailures(rows, attempt.account, attempt.source, now, false), now)).toEqual(
      verdict,
    );
    if (verdict.allowed) {
      rows.push({ id: rows.length + 1, ...attempt, success: attempt.correct, at: now });
    } else {
      refusals.push({ ...attempt, now, retryAt: verdict.retryAt, rowsBefore: rows.length });
    }
  }
  return { rows, refusals };
}

/** The most failures matching `match` inside any window, counting only those after the previous success. */
function mostInAnyWindow(rows: readonly Row[], match: (r: Row) => boolean, resetBySuccess: boolean): number {
  let most = 0;
  const mine = rows.filter(match);
  for (const [i, last] of mine.entries()) {
    let n = 0;
    for (let j = i; j >= 0; j--) {
      const r = mine[j] as Row;
      if (r.at <= last.at - windowMs) break;
      if (r.success) {
        if (resetBySuccess) break;
        continue;
      }
      n += 1;
    }
    most = Math.max(most, n);
  }
  return most;
}

describe("login throttling decision", () => {
  it("never lets one source check more than the pair and source limits within any window", () => {
    fc.assert(
      fc.property(attemptsArbitrary, (attempts) => {
        const { rows } = run(attempts);
        for (let source = 0; source < SOURCES; source++) {
          expect(mostInAnyWindow(rows, (r) => r.source === source, false)).toBeLessThanOrEqual(sourceLimit);
          for (let account = 0; account < ACCOUNTS; account++) {
            const pair = (r: Row) => r.source === source && r.account === account;
            expect(mostInAnyWindow(rows, pair, true)).toBeLessThanOrEqual(pairLimit);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("spaces an account's checks by the account-wide delay once its free failures are spent", () => {
    fc.assert(
      fc.property(attemptsArbitrary, (attempts) => {
        const { rows } = run(attempts);
        for (const [i, row] of rows.entries()) {
          const before = rows.slice(0, i);
          const counted = recentFailures(before, row.account, row.source, row.at, false).account;
          const delay = accountDelayMs(counted.length);
          if (delay > 0) expect(row.at - (counted[0] as number)).toBeGreaterThanOrEqual(delay);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("a refusal names a time at most a window away, when the same attempt is let through", () => {
    fc.assert(
      fc.property(attemptsArbitrary, (attempts) => {
        const { rows, refusals } = run(attempts);
        for (const r of refusals) {
          expect(r.retryAt).toBeGreaterThan(r.now);
          expect(r.retryAt - r.now).toBeLessThanOrEqual(windowMs);
          const rowsThen = rows.slice(0, r.rowsBefore);
          const at = (t: number) => decideLogin(recentFailures(rowsThen, r.account, r.source, t), t);
          expect(at(r.retryAt)).toEqual({ allowed: true });
          expect(at(r.retryAt - 1).allowed).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("keeps an owner at a new source out for at most the account-wide cap, whatever others did", () => {
    fc.assert(
      fc.property(
        attemptsArbitrary,
        fc.nat({ max: ACCOUNTS - 1 }),
        fc.nat({ max: 60_000 }),
        (attempts, account, later) => {
          const { rows } = run(attempts);
          const now = (rows.at(-1)?.at ?? 1_000_000) + later;
          const freshSource = 99;
          const verdict = decideLogin(recentFailures(rows, account, freshSource, now), now);
          if (!verdict.allowed) expect(verdict.retryAt - now).toBeLessThanOrEqual(accountMaxDelayMs);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("delays account-wide only after the free failures, doubling up to the cap", () => {
    expect(accountDelayMs(accountFreeFailures - 1)).toBe(0);
    expect(accountDelayMs(accountFreeFailures)).toBe(1_000);
    expect(accountDelayMs(accountFreeFailures + 1)).toBe(2_000);
    expect(accountDelayMs(accountFreeFailures + 4)).toBe(16_000);
    expect(accountDelayMs(accountFreeFailures + 5)).toBe(accountMaxDelayMs);
    expect(accountDelayMs(10_000)).toBe(accountMaxDelayMs);
    expect(failuresNeeded()).toEqual({
      pair: pairLimit,
      account: accountFreeFailures + 5,
      source: sourceLimit,
    });
  });

  it("counts an IPv6 client by its /64, an IPv4 client by its address, and no address as one source", () => {
    expect(throttleSource("203.0.113.7")).toBe("203.0.113.7");
    expect(throttleSource("2001:db8:a:b:1:2:3:4")).toBe("2001:db8:a:b::/64");
    expect(throttleSource("2001:db8::1")).toBe("2001:db8::/64");
    expect(throttleSource("::1")).toBe("::/64");
    expect(throttleSource(undefined)).toBe("unknown");
    expect(throttleSource("not an address")).toBe("unknown");
  });

  it("says how long to wait in the 429 message and the Retry-After seconds", () => {
    expect(retryAfterSeconds(1_000_500, 1_000_000)).toBe(1);
    expect(retryAfterSeconds(1_000_000, 1_000_000)).toBe(1);
    expect(retryAfterSeconds(1_030_000, 1_000_000)).toBe(30);
    expect(tooManyAttempts(1)).toBe("Too many failed login attempts. Please wait 1 second and try again.");
    expect(tooManyAttempts(30)).toBe("Too many failed login attempts. Please wait 30 seconds and try again.");
    expect(tooManyAttempts(61)).toBe("Too many failed login attempts. Please wait 2 minutes and try again.");
    expect(tooManyAttempts(900)).toBe(
      "Too many failed login attempts. Please wait 15 minutes and try again.",
    );
  });
});
