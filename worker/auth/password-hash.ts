/**
 * Password hashing with WebCrypto, so it runs the same on Node and Workers:
 * PBKDF2-SHA256 over HMAC-SHA256(pepper, password), stored as `pbkdf2-sha256$<iterations>$<salt>$<hash>`.
 * Workers refuse PBKDF2 above 100,000 iterations, so that is the ceiling and the current parameter.
 */
export const PBKDF2_ITERATIONS = 100_000;
const ALGORITHM = "pbkdf2-sha256";
const SALT_BYTES = 16;
const HASH_BITS = 256;

const encoder = new TextEncoder();

export function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
}

/** HMAC-SHA256 of `text` keyed with the pepper: a password before it is stretched, and the pepper's fingerprint. */
export async function pepperHmac(text: string, pepper: string): Promise<Uint8Array<ArrayBuffer>> {
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(pepper),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(text)));
}

async function derive(
  password: string,
  pepper: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const material = await crypto.subtle.importKey("raw", await pepperHmac(password, pepper), "PBKDF2", false, [
    "deriveBits",
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt, iterations },
    material,
    HASH_BITS,
  );
  return new Uint8Array(bits);
}

export async function hashPassword(
  password: string,
  pepper: string,
  iterations: number = PBKDF2_ITERATIONS,
): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, pepper, salt, iterations);
  return `${ALGORITHM}$${iterations}$${toBase64Url(salt)}$${toBase64Url(hash)}`;
}

function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

export interface VerifyResult {
  ok: boolean;
  /** The stored hash uses other parameters than today's: store a fresh hash after a successful login. */
  needsRehash: boolean;
}

export async function verifyPassword(
  password: string,
  stored: string,
  pepper: string,
): Promise<VerifyResult> {
  const [algorithm, iterText, saltText, hashText] = stored.split("$");
  const iterations = Number(iterText);
  if (
    algorithm !== ALGORITHM ||
    !Number.isInteger(iterations) ||
    iterations < 1 ||
    iterations > PBKDF2_ITERATIONS ||
    !saltText ||
    !hashText
  ) {
    return { ok: false, needsRehash: true };
  }
  const expected = fromBase64Url(hashText);
  const actual = await derive(password, pepper, fromBase64Url(saltText), iterations);
  return { ok: timingSafeEqual(actual, expected), needsRehash: iterations !== PBKDF2_ITERATIONS };
}

let dummyHash: Promise<string> | undefined;
/**
 * An unknown email still costs one full verification against a throwaway hash, so it takes as long as
 * a wrong password and answers with the same message.
 */
export async function burnVerification(password: string, pepper: string): Promise<void> {
  dummyHash ??= hashPassword(toBase64Url(crypto.getRandomValues(new Uint8Array(16))), pepper);
  await verifyPassword(password, await dummyHash, pepper);
}
