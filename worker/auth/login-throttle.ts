/**
 * When a login may check a password (decision 026). Pure: the failures come from login-attempts-repo.ts, which
 * reads them and records the attempt under locks, so that the decision and the record are one step.
 */
import { formatIpAddress, parseIpAddress } from "../app/ip-address.ts";

export interface LoginThrottlePolicy {
  /** Failures older than this no longer count. */
  windowMs: number;
  /** Failures for one account from one source within the window; then that pair waits for the oldest to expire. */
  pairLimit: number;
  /** Failures from one source across all accounts within the window (password spraying). */
  sourceLimit: number;
  /** Failures for one account from all sources within the window before the account-wide delay starts. */
  accountFreeFailures: number;
  /** The account-wide delay after the last failure: this, doubled for every further failure, up to the cap. */
  accountBaseDelayMs: number;
  accountMaxDelayMs: number;
}

export const LOGIN_THROTTLE: LoginThrottlePolicy = {
  windowMs: 15 * 60_000,
  pairLimit: 5,
  sourceLimit: 20,
  accountFreeFailures: 10,
  accountBaseDelayMs: 1_000,
  accountMaxDelayMs: 30_000,
};

/**
 * Times (epoch ms) of the failures that count, each list within the window:
 * - pair: this account from this source, since this pair's last success;
 * - account: this account from any source, since the account's last success;
 * - source: any account from this source (a success does not reset it: an attacker may own an account).
 */
export interface RecentFailures {
  pair: readonly number[];
  account: readonly number[];
  source: readonly number[];
}

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAt: number };

/** The account-wide wait after the newest failure, given how many failures count. */
export function accountDelayMs(failures: number, policy: LoginThrottlePolicy = LOGIN_THROTTLE): number {
  if (failures < policy.accountFreeFailures) return 0;
  const doublings = failures - policy.accountFreeFailures;
  return Math.min(policy.accountBaseDelayMs * 2 ** Math.min(doublings, 30), policy.accountMaxDelayMs);
}

/** How many of the newest failures per scope decideLogin looks at: reading more cannot change its answer. */
export function failuresNeeded(
  policy: LoginThrottlePolicy = LOGIN_THROTTLE,
): Record<keyof RecentFailures, number> {
  let account = policy.accountFreeFailures;
  while (accountDelayMs(account, policy) < policy.accountMaxDelayMs) account += 1;
  return { pair: policy.pairLimit, account, source: policy.sourceLimit };
}

const newestFirst = (times: readonly number[], since: number) =>
  times.filter((t) => t > since).sort((a, b) => b - a);

/** The time until which the failures counted at `at` hold a login back; `at` itself when they do not. */
function heldUntil(failures: RecentFailures, at: number, policy: LoginThrottlePolicy): number {
  const since = at - policy.windowMs;
  let until = at;
  // A full window frees a place when its oldest counted failure leaves it.
  const slidingLimit = (times: readonly number[], limit: number) => {
    const recent = newestFirst(times, since);
    if (recent.length >= limit) until = Math.max(until, (recent[limit - 1] as number) + policy.windowMs);
  };
  slidingLimit(failures.pair, policy.pairLimit);
  slidingLimit(failures.source, policy.sourceLimit);
  const account = newestFirst(failures.account, since);
  const delay = accountDelayMs(account.length, policy);
  if (delay > 0) until = Math.max(until, (account[0] as number) + delay);
  return until;
}

/**
 * Whether a login may check its password now; if not, the earliest time it may, absent further failures. Holds
 * only shrink as failures leave the window, so that time is found by stepping from one departure to the next.
 */
export function decideLogin(
  failures: RecentFailures,
  now: number,
  policy: LoginThrottlePolicy = LOGIN_THROTTLE,
): ThrottleVerdict {
  const departures = [...failures.pair, ...failures.account, ...failures.source]
    .map((t) => t + policy.windowMs)
    .filter((t) => t > now)
    .sort((a, b) => a - b);
  let at = now;
  for (;;) {
    const until = heldUntil(failures, at, policy);
    if (until === at) return at === now ? { allowed: true } : { allowed: false, retryAt: at };
    const next = departures.find((t) => t > at);
    if (next === undefined || until <= next) return { allowed: false, retryAt: until };
    at = next;
  }
}

/** The source a client's failures are counted under: its address, an IPv6 address by its /64 network. */
export function throttleSource(address: string | undefined): string {
  const parsed = address === undefined ? undefined : parseIpAddress(address);
  if (!parsed) return "unknown";
  if (parsed.family === 4) return formatIpAddress(parsed);
  // One IPv6 host usually holds a whole /64: counting single addresses would give it 2^64 sources.
  const network = [...parsed.groups.slice(0, 4), 0, 0, 0, 0];
  return `${formatIpAddress({ family: 6, groups: network })}/64`;
}

/** Whole seconds until retryAt, at least 1: the Retry-After header. */
export function retryAfterSeconds(retryAt: number, now: number): number {
  return Math.max(1, Math.ceil((retryAt - now) / 1000));
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

export function tooManyAttempts(retryAfter: number): string {
  const wait = retryAfter < 60 ? plural(retryAfter, "second") : plural(Math.ceil(retryAfter / 60), "minute");
  return `Too many failed login attempts. Please wait ${wait} and try again.`;
}
