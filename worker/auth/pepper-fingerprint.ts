/**
 * The pepper's fingerprint (docs/decisions/066): which AUTH_PEPPER a database's password hashes were made with, kept
 * in the database without the pepper itself, so a server given another one says so instead of refusing every
 * password as wrong.
 */
import type { Queryable } from "../db/types.ts";
import { pepperHmac } from "./password-hash.ts";

/** The fixed text the fingerprint is the HMAC of; changing it would make every stored fingerprint a mismatch. */
const FINGERPRINT_TEXT = "guild-portal: auth pepper fingerprint, version 1";

export const PEPPER_MISMATCH =
  "This server's AUTH_PEPPER is not the one the database was set up with (by npm run migrate or the first npm start), so every password would be refused. Give the server that same AUTH_PEPPER (on Workers: .dev.vars or npx wrangler secret put AUTH_PEPPER).";

const memo = new Map<string, Promise<string>>();

/** HMAC-SHA256 of FINGERPRINT_TEXT keyed with the pepper, as 64 hex digits. */
export function pepperFingerprint(pepper: string): Promise<string> {
  let fingerprint = memo.get(pepper);
  if (!fingerprint) {
    fingerprint = computeFingerprint(pepper);
    memo.clear(); // one pepper per process; a test with another does not grow this
    memo.set(pepper, fingerprint);
  }
  return fingerprint;
}

async function computeFingerprint(pepper: string): Promise<string> {
  const mac = await pepperHmac(FINGERPRINT_TEXT, pepper);
  return Array.from(mac, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * How the pepper compares with the database's: "none" when no fingerprint is stored yet (a database set up by an
 * older version or through the schema script), "same" or "different".
 */
export async function comparePepper(q: Queryable, pepper: string): Promise<"none" | "same" | "different"> {
  const rows = await q.query<{ fingerprint: string }>("SELECT fingerprint FROM auth_pepper WHERE id = 1");
  const stored = rows[0]?.fingerprint;
  if (stored === undefined) return "none";
  return stored === (await pepperFingerprint(pepper)) ? "same" : "different";
}

/** Stores the pepper's fingerprint when none is; one already stored is kept. */
export async function recordPepperFingerprint(q: Queryable, pepper: string): Promise<void> {
  await q.query("INSERT INTO auth_pepper (id, fingerprint) VALUES (1, $1) ON CONFLICT (id) DO NOTHING", [
    await pepperFingerprint(pepper),
  ]);
}
