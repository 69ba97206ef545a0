/**
 * The VAPID keys (RFC 8292) that sign every push: the public key is the browsers' applicationServerKey, so it
 * must never change once browsers subscribed with it. Node keeps a pair generated once in DATA_DIR unless the
 * VAPID_* variables are set (vapid-keys-file.ts); Workers read them from secrets. Without keys, push is off.
 */

export interface VapidConfig {
  /** Uncompressed P-256 point (65 bytes), base64url: what GET /_api/spawn-alerts/public-key answers. */
  publicKey: string;
  /** The private scalar d (32 bytes), base64url. */
  privateKey: string;
  /** Who runs this server, for the push services: a mailto: or https: URL. */
  subject: string;
}

/** Used when VAPID_SUBJECT is unset on Node and no ADMIN_EMAIL names anyone. */
export const DEFAULT_VAPID_SUBJECT = "mailto:admin@guild-portal.invalid";

export function base64UrlToBytes(text: string): Uint8Array {
  const normal = text.replace(/=+$/, "").replaceAll("-", "+").replaceAll("_", "/");
  const binary = atob(normal + "=".repeat((4 - (normal.length % 4)) % 4));
  return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
}

export function bytesToBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** The byte length of a base64url text, or undefined when it is not base64url. */
export function base64UrlLength(text: string): number | undefined {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(text)) return undefined;
  try {
    return base64UrlToBytes(text).length;
  } catch {
    return undefined;
  }
}

export const isVapidPublicKey = (text: string) =>
  base64UrlLength(text) === 65 && base64UrlToBytes(text)[0] === 0x04;
export const isVapidPrivateKey = (text: string) => base64UrlLength(text) === 32;
export const isVapidSubject = (text: string) => /^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/.test(text);

/** A new key pair, with WebCrypto (the same on Node and Workers). */
export async function generateVapidKeys(subject: string): Promise<VapidConfig> {
  const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  const publicKey = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  const jwk = await crypto.subtle.exportKey("jwk", pair.privateKey);
  return { publicKey: bytesToBase64Url(publicKey), privateKey: jwk.d as string, subject };
}

/** From the parsed environment: the three variables, or null (push off). env.ts checks they come together. */
export function vapidFromEnv(env: {
  VAPID_PUBLIC_KEY?: string | undefined;
  VAPID_PRIVATE_KEY?: string | undefined;
  VAPID_SUBJECT?: string | undefined;
}): VapidConfig | null {
  if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY || !env.VAPID_SUBJECT) return null;
  return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT };
}
