/**
 * Posts the queued Discord messages (decision 043): claims the due rows, posts each to the webhook, marks it
 * delivered on a 2xx. Discord's 429 is honoured (its retry_after, in the body or the Retry-After header): a short
 * wait is waited out here, a longer one puts the message back until then. A 5xx or an unreachable Discord is
 * retried after a short backoff, then left to a later run with a longer one. Any other 4xx will not change by
 * retrying: the message is given up and the error recorded for the settings screen.
 */
import { DISCORD_COMMAND_TEXTS as TEXT } from "@shared/discord/slash-commands.ts";
import type { Db } from "../db/types.ts";
import {
  guardedFetch,
  type Outbound,
  OutboundRefused,
  OutboundTimeout,
  PUBLIC_ONLY,
} from "../outbound/guarded-fetch.ts";
import { bossOfSpawnKey, killedButtonRow } from "./discord-messages.ts";
import {
  type ClaimedMessage,
  claimDueMessages,
  expireMessages,
  getDiscordSettings,
  giveUpMessage,
  markDelivered,
  recordDelivered,
  recordDeliveryError,
  releaseMessage,
} from "./discord-store.ts";
import { isAllowedWebhookUrl } from "./webhook-url.ts";

/** Messages one pass claims at a time, and at most per pass (the rest wait for the next run). */
const CLAIM_BATCH = 10;
const MAX_PER_PASS = 50;
/** A 5xx or a failed connection is tried again after these waits in the same pass. */
const SERVER_ERROR_RETRY_MS = [500, 2_000] as const;
/** A 429 asking for at most this long is waited out in the pass; a longer one goes back to the queue. */
const MAX_INLINE_RATE_LIMIT_MS = 5_000;
/** One post may take this long before it counts as Discord not answering. */
const POST_TIMEOUT_MS = 10_000;
/** Between later runs, after a pass's own retries failed: 1, 2, 4 … minutes, at most 15. */
const backoffMs = (attempts: number) => Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 15 * 60_000);

export const WEBHOOK_NOT_ALLOWED =
  "The saved webhook URL is not a Discord webhook URL; paste the webhook again in Discord settings.";

export interface DeliveryOptions {
  /** Where posts may go and how (worker/outbound, decision 053): the test origins, Node's resolver. */
  outbound?: Outbound;
  sleep?: (ms: number) => Promise<void>;
  serverErrorRetryMs?: readonly number[];
  maxInlineRateLimitMs?: number;
  timeoutMs?: number;
  /** Spawn alerts carry the "Killed" button (DISCORD_PUBLIC_KEY is set, decision 100). */
  killedButton?: boolean;
}

export interface DeliveryResult {
  delivered: number;
  /** Put back for a later run (Discord down or rate limiting). */
  retrying: number;
  /** Refused by Discord (a 4xx) or too late: not posted. */
  givenUp: number;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export type PostOutcome =
  /** `note`: posted, but not as asked (Discord refused the buttons, so it went without them). */
  | { kind: "delivered"; note?: string }
  | { kind: "retry"; afterMs: number; error: string }
  | { kind: "rejected"; error: string };

/** Seconds Discord asks to wait: the body's retry_after (seconds, may be fractional), else Retry-After. */
async function retryAfterMs(response: Response): Promise<number> {
  let seconds: number | undefined;
  try {
    const body = (await response.json()) as { retry_after?: unknown };
    if (typeof body.retry_after === "number") seconds = body.retry_after;
  } catch {
    // No JSON body: the header tells.
  }
  if (seconds === undefined) {
    const header = Number(response.headers.get("retry-after") ?? Number.NaN);
    if (Number.isFinite(header)) seconds = header;
  }
  return Math.min(Math.max(0, (seconds ?? 1) * 1000), 60 * 60_000);
}

async function refusalText(response: Response): Promise<string> {
  let detail = "";
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === "string") detail = `: ${body.message.slice(0, 200)}`;
  } catch {
    // No JSON body.
  }
  const hint =
    response.status === 401 || response.status === 403 || response.status === 404
      ? " Check the webhook URL (it may have been deleted in Discord)."
      : "";
  return `Discord refused the message (HTTP ${response.status}${detail}).${hint}`;
}

/**
 * What a post may ping: nothing parsed from the text (no @everyone, @here or names), only the message's own role
 * (decision 077).
 */
export const allowedMentions = (roleId: string | null) =>
  roleId === null ? { parse: [] } : { parse: [], roles: [roleId] };

/**
 * Posts one message, with the pass's own retries. A message with buttons that Discord refuses (400: only a webhook
 * the application owns may carry them, decision 100) is posted again without them, so the alert is never lost.
 */
export async function postToDiscord(
  url: string,
  content: string,
  options: DeliveryOptions,
  mentionRoleId: string | null = null,
  components: unknown[] | null = null,
): Promise<PostOutcome> {
  const outcome = await postOnce(url, content, options, mentionRoleId, components);
  if (components === null || outcome.kind !== "rejected" || !outcome.refusedBody) return outcome;
  const plain = await postOnce(url, content, options, mentionRoleId, null);
  return plain.kind === "delivered"
    ? { kind: "delivered", note: TEXT.killedButtonRefused(outcome.error) }
    : plain;
}

type OnceOutcome = Exclude<PostOutcome, { kind: "rejected" }> | RejectedOnce;
/** `refusedBody`: a 400, Discord refusing what was sent rather than where. */
type RejectedOnce = { kind: "rejected"; error: string; refusedBody?: boolean };

async function postOnce(
  url: string,
  content: string,
  options: DeliveryOptions,
  mentionRoleId: string | null,
  components: unknown[] | null,
): Promise<OnceOutcome> {
  const outbound = options.outbound ?? PUBLIC_ONLY;
  const sleep = options.sleep ?? realSleep;
  const serverRetries = options.serverErrorRetryMs ?? SERVER_ERROR_RETRY_MS;
  const maxInline = options.maxInlineRateLimitMs ?? MAX_INLINE_RATE_LIMIT_MS;
  let serverTries = 0;
  let rateLimitTries = 0;
  // Without with_components Discord drops a webhook message's components.
  const target = components === null ? `${url}?wait=true` : `${url}?wait=true&with_components=true`;
  const body = JSON.stringify({
    content,
    allowed_mentions: allowedMentions(mentionRoleId),
    ...(components === null ? {} : { components }),
  });
  for (;;) {
    let response: Response | undefined;
    let error = "";
    try {
      response = await guardedFetch(
        target,
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
          timeoutMs: options.timeoutMs ?? POST_TIMEOUT_MS,
        },
        outbound,
      );
    } catch (err) {
      // The guard refused the address (decision 053): nothing was sent, and retrying now would not change that.
      if (err instanceof OutboundRefused)
        return { kind: "retry", afterMs: -1, error: `Discord was not called: ${err.message}.` };
      response = undefined;
      const why = err instanceof OutboundTimeout ? err.message : ((err as Error)?.message ?? String(err));
      error = `Discord could not be reached (${why}).`;
    }
    if (response) {
      if (response.ok) {
        await response.body?.cancel();
        return { kind: "delivered" };
      }
      if (response.status === 429) {
        const waitMs = await retryAfterMs(response);
        if (waitMs <= maxInline && rateLimitTries < 3) {
          rateLimitTries += 1;
          await sleep(waitMs);
          continue;
        }
        return {
          kind: "retry",
          afterMs: waitMs,
          error: `Discord is rate limiting this webhook; trying again in ${Math.ceil(waitMs / 1000)} s.`,
        };
      }
      if (response.status < 500)
        return {
          kind: "rejected",
          error: await refusalText(response),
          refusedBody: response.status === 400,
        };
      await response.body?.cancel();
      error = `Discord had a server error (HTTP ${response.status}).`;
    }
    const wait = serverRetries[serverTries];
    if (wait === undefined) return { kind: "retry", afterMs: -1, error };
    serverTries += 1;
    await sleep(wait);
  }
}

/**
 * One pass over the queue, as of `now`. Safe to run at any moment and twice at once: each message is claimed
 * before it is posted. A message posted but not yet marked when the process dies is posted again after its claim
 * lapses (CLAIM_LEASE_MS): the one case of a double post.
 */
export async function deliverDiscordMessages(
  db: Db,
  now: Date,
  options: DeliveryOptions = {},
): Promise<DeliveryResult> {
  const result: DeliveryResult = { delivered: 0, retrying: 0, givenUp: 0 };
  const settings = await getDiscordSettings(db);
  // Stale messages go first, also while Discord is off: turning it on again does not post old news.
  result.givenUp += await expireMessages(db, now);
  if (settings.webhookUrl === "") return result;
  const outbound = options.outbound ?? PUBLIC_ONLY;
  if (!isAllowedWebhookUrl(settings.webhookUrl, outbound.testOrigins)) {
    await recordDeliveryError(db, WEBHOOK_NOT_ALLOWED, now);
    return result;
  }
  let handled = 0;
  while (handled < MAX_PER_PASS) {
    const claimed = await claimDueMessages(db, now, Math.min(CLAIM_BATCH, MAX_PER_PASS - handled));
    if (claimed.length === 0) break;
    for (const [index, message] of claimed.entries()) {
      handled += 1;
      const outcome = await postToDiscord(
        settings.webhookUrl,
        message.content,
        { ...options, outbound },
        message.mentionRoleId,
        buttonsOf(message, options),
      );
      const at = new Date(Math.max(now.getTime(), Date.now()));
      if (outcome.kind === "delivered") {
        await markDelivered(db, message.id, at, outcome.note);
        await recordDelivered(db, at);
        // Shown on the settings' status until a post goes through as asked.
        if (outcome.note) await recordDeliveryError(db, outcome.note, at);
        result.delivered += 1;
      } else if (outcome.kind === "rejected") {
        await giveUpMessage(db, message.id, at, outcome.error);
        await recordDeliveryError(db, outcome.error, at);
        result.givenUp += 1;
      } else {
        // Discord is down or slowing this webhook: the message and the rest of the claim wait.
        const afterMs = outcome.afterMs >= 0 ? outcome.afterMs : backoffMs(message.attempts);
        await releaseMessage(db, message.id, new Date(now.getTime() + afterMs), outcome.error);
        await recordDeliveryError(db, outcome.error, at);
        await unclaim(db, claimed.slice(index + 1));
        result.retrying += 1;
        return result;
      }
    }
  }
  return result;
}

/** A spawn alert's "Killed" button, when the slash commands that answer it are set up (decision 100). */
function buttonsOf(message: ClaimedMessage, options: DeliveryOptions): unknown[] | null {
  if (!options.killedButton || message.kind !== "spawn") return null;
  const boss = bossOfSpawnKey(message.dedupeKey);
  return boss === null ? null : killedButtonRow(boss);
}

/** Claimed rows the pass did not get to go back as they were. */
async function unclaim(db: Db, messages: readonly ClaimedMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await db.query(
    "UPDATE discord_messages SET claimed_until = NULL, attempts = attempts - 1 WHERE id = ANY($1::bigint[])",
    [messages.map((message) => message.id)],
  );
}
