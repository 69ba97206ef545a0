/**
 * A GET answered from the data version (docs/decisions/023): its ETag is made of the versions of the
 * collections the answer reads (and of whatever else it depends on), a matching If-None-Match is answered
 * 304 without running the route, and the serialised answer is kept in process and sent again until a
 * version moves, so a repeat read neither queries nor serialises.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { Db } from "../db/types.ts";
import type { AppEnv } from "./context.ts";
import { type Collection, readDataVersions, versionsText } from "./data-version.ts";

export interface CachedReadOptions {
  /** The collections the answer is read from: a write to any of them makes a new answer. */
  collections: readonly Collection[];
  /** Anything else the answer depends on that is not in the database (the app's configuration), as text. */
  alsoDependsOn?: (c: Context<AppEnv>) => string;
}

/** Browsers may keep these answers, and must ask (If-None-Match) before every use. Only for one user. */
export const REVALIDATE = "private, no-cache";

interface KeptAnswer {
  /** The ETag without quotes and without its time part. */
  tag: string;
  body: string;
  contentType: string;
  /** When the answer changes by itself (epoch ms), if it does. */
  changesAt: number | undefined;
}

/**
 * Kept answers by path, per database. Node and the tests share one Db for the app's life; a Worker opens one
 * per request, so there nothing outlives the request (decision 023 says why that is enough there).
 */
const keptByDb = new WeakMap<Db, Map<string, KeptAnswer>>();

function keptFor(db: Db): Map<string, KeptAnswer> {
  let kept = keptByDb.get(db);
  if (!kept) {
    kept = new Map();
    keptByDb.set(db, kept);
  }
  return kept;
}

let instance: string | undefined;
/**
 * Set once per process (per isolate on Workers), on the first read: a restart after an upgrade, whose
 * answers may be shaped differently, must not confirm an old copy with a 304. Made lazily because Workers
 * refuse random values outside a request.
 */
function instanceTag(): string {
  instance ??= crypto.randomUUID().slice(0, 8);
  return instance;
}

/** FNV-1a: a short, stable stand-in for the configuration text in the tag. */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/**
 * For an answer that changes by itself at a known time (a running boss timer ends and becomes expired):
 * it is kept, and its ETag confirmed, only until then.
 */
export function answerChangesAt(c: Context<AppEnv>, time: Date | null): void {
  if (time) c.set("answerChangesAt", time.getTime());
}

function etagOf(tag: string, changesAt: number | undefined): string {
  return changesAt === undefined ? `"${tag}"` : `"${tag}-u${changesAt}"`;
}

/**
 * The ETag in If-None-Match that names the answer `tag` would be now, if any. (`*` is not honoured: no
 * browser sends it on a GET, and answering in full is never wrong.)
 */
function confirmedTag(ifNoneMatch: string | undefined, tag: string, now: number): string | undefined {
  for (const candidate of ifNoneMatch?.split(",") ?? []) {
    const opaque = candidate.trim().replace(/^W\//, "").replace(/^"|"$/g, "");
    if (opaque === tag) return `"${opaque}"`;
    if (!opaque.startsWith(`${tag}-u`)) continue;
    const until = opaque.slice(tag.length + 2);
    if (/^\d+$/.test(until) && now < Number(until)) return `"${opaque}"`;
  }
  return undefined;
}

function stillHolds(kept: KeptAnswer | undefined, tag: string, now: number): kept is KeptAnswer {
  return kept !== undefined && kept.tag === tag && (kept.changesAt === undefined || now < kept.changesAt);
}

function headersOf(kept: KeptAnswer): Record<string, string> {
  return {
    "Content-Type": kept.contentType,
    ETag: etagOf(kept.tag, kept.changesAt),
    "Cache-Control": REVALIDATE,
  };
}

/** The tag of the answer as the database and the app stand now (quotes and time part left out). */
async function currentTag(c: Context<AppEnv>, options: CachedReadOptions): Promise<string> {
  const parts = [instanceTag()];
  if (options.collections.length > 0) {
    parts.push(versionsText(await readDataVersions(c.get("db")), options.collections));
  }
  if (options.alsoDependsOn) parts.push(shortHash(options.alsoDependsOn(c)));
  return parts.join("-");
}

/**
 * Middleware for a GET whose answer is made only of `collections` (and `alsoDependsOn`): the same for every
 * caller and every query string. A request with a query string is passed through untouched, so an
 * unexpected parameter can neither get another answer's copy nor grow the kept answers.
 */
export function cachedRead(options: CachedReadOptions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== "GET" || c.req.url.includes("?")) return next();
    // Read before the route queries, so the answer is never older than its tag (a write in between only
    // makes the tag older than the answer, and the next read sends the answer again).
    const tag = await currentTag(c, options);
    const now = Date.now();
    const confirmed = confirmedTag(c.req.header("If-None-Match"), tag, now);
    if (confirmed) return c.body(null, 304, { ETag: confirmed, "Cache-Control": REVALIDATE });
    const kept = keptFor(c.get("db"));
    const held = kept.get(c.req.path);
    if (stillHolds(held, tag, now)) return c.body(held.body, 200, headersOf(held));

    await next();
    if (c.res.status !== 200) return;
    const answer: KeptAnswer = {
      tag,
      body: await c.res.text(),
      contentType: c.res.headers.get("Content-Type") ?? "application/json; charset=utf-8",
      changesAt: c.get("answerChangesAt"),
    };
    kept.set(c.req.path, answer);
    // The route's own headers (a refreshed session cookie) are carried over by Hono.
    c.res = new Response(answer.body, { status: 200, headers: headersOf(answer) });
  };
}
