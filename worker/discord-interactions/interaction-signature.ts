/**
 * Discord signs each interaction it sends with the application's Ed25519 key: the signature (X-Signature-Ed25519,
 * hex) covers the timestamp (X-Signature-Timestamp, epoch seconds) followed by the raw body. WebCrypto's Ed25519
 * is on Node 20 and in workerd, so both runtimes check it the same way (decision 096).
 */

/** An interaction older (or further ahead) than this is refused: a captured request cannot be replayed later. */
export const INTERACTION_MAX_AGE_MS = 5 * 60_000;

const HEX = /^[0-9a-f]+$/i;

/** The application's public key as the Developer Portal shows it: 32 bytes in hex. */
export const isDiscordPublicKey = (value: string): boolean => value.length === 64 && HEX.test(value);

function bytesOfHex(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

const keys = new Map<string, Promise<CryptoKey>>();

function publicKeyOf(hex: string): Promise<CryptoKey> {
  let key = keys.get(hex);
  if (!key) {
    key = crypto.subtle.importKey("raw", bytesOfHex(hex), { name: "Ed25519" }, false, ["verify"]);
    keys.set(hex, key);
  }
  return key;
}

export type SignatureVerdict = "ok" | "unsigned" | "forged" | "stale";

/** Whether Discord signed `body` at `timestamp`, within INTERACTION_MAX_AGE_MS of `nowMs`. */
export async function checkInteractionSignature(input: {
  publicKey: string;
  signature: string | undefined;
  timestamp: string | undefined;
  body: Uint8Array<ArrayBuffer>;
  nowMs: number;
}): Promise<SignatureVerdict> {
  const { signature, timestamp } = input;
  if (!signature || !timestamp) return "unsigned";
  if (signature.length !== 128 || !HEX.test(signature) || !/^\d{1,12}$/.test(timestamp)) return "forged";
  const signed = new Uint8Array(timestamp.length + input.body.length);
  signed.set(new TextEncoder().encode(timestamp));
  signed.set(input.body, timestamp.length);
  const valid = await crypto.subtle.verify(
    "Ed25519",
    await publicKeyOf(input.publicKey),
    bytesOfHex(signature),
    signed,
  );
  if (!valid) return "forged";
  // Judged after the signature, so the timestamp read is one Discord vouched for.
  return Math.abs(input.nowMs - Number(timestamp) * 1000) > INTERACTION_MAX_AGE_MS ? "stale" : "ok";
}
