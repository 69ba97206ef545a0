/**
 * For tests: what a browser does with a Web Push message, on WebCrypto alone (Node, workerd, a browser page).
 * - createBrowserSubscription(): a subscription's keys (P-256 pair and auth secret), as PushManager makes them;
 * - decryptPushMessage(): RFC 8291 / RFC 8188 aes128gcm decryption with the subscription's private key;
 * - verifyVapidAuthorization(): the RFC 8292 header `vapid t=<JWT>, k=<public key>`: the ES256 signature
 *   checked with k, and the JWT's claims returned for the test to compare.
 */

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The browser's private ECDH key: decrypts what is pushed to it. */
  privateKey: CryptoKey;
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
  /** k, the server's public key (base64url), which verified the signature. */
  publicKey: string;
}

const encoder = new TextEncoder();

export function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const normal = text.replace(/=+$/, "").replaceAll("-", "+").replaceAll("_", "/");
  const binary = atob(normal + "=".repeat((4 - (normal.length % 4)) % 4));
  return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export async function createBrowserSubscription(endpoint: string): Promise<BrowserSubscription> {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
    "deriveBits",
  ])) as CryptoKeyPair;
  const publicKey = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  const auth = crypto.getRandomValues(new Uint8Array(16));
  return {
    endpoint,
    keys: { p256dh: toBase64Url(publicKey), auth: toBase64Url(auth) },
    privateKey: pair.privateKey,
  };
}

async function hkdf(
  salt: Uint8Array<ArrayBuffer>,
  ikm: Uint8Array<ArrayBuffer>,
  info: Uint8Array<ArrayBuffer>,
  bytes: number,
) {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(
    await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, key, bytes * 8),
  );
}

/** The text of an aes128gcm push message body (one record, RFC 8188), as the subscribed browser reads it. */
export async function decryptPushMessage(
  body: Uint8Array,
  subscription: BrowserSubscription,
): Promise<string> {
  const salt = body.slice(0, 16);
  const recordSize = new DataView(body.buffer, body.byteOffset + 16, 4).getUint32(0);
  const idLength = body[20] as number;
  const serverPublic = body.slice(21, 21 + idLength);
  const record = body.slice(21 + idLength);
  if (idLength !== 65) throw new Error(`key id is ${idLength} bytes, not a P-256 point`);
  if (record.length > recordSize) throw new Error("more than one record");
  const serverKey = await crypto.subtle.importKey(
    "raw",
    serverPublic,
    { name: "ECDH", namedCurve: "P-256" },
    false,
    [],
  );
  const shared = new Uint8Array(
    await crypto.subtle.deriveBits({ name: "ECDH", public: serverKey }, subscription.privateKey, 256),
  );
  const uaPublic = fromBase64Url(subscription.keys.p256dh);
  // RFC 8291 §3.4: IKM from the ECDH secret, keyed by the auth secret; then RFC 8188's key and nonce.
  const keyInfo = concat(encoder.encode("WebPush: info\0"), uaPublic, serverPublic);
  const ikm = await hkdf(fromBase64Url(subscription.keys.auth), shared, keyInfo, 32);
  const cek = await hkdf(salt, ikm, encoder.encode("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, encoder.encode("Content-Encoding: nonce\0"), 12);
  const key = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, key, record));
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 0x02) throw new Error("the record does not end with the last-record delimiter (0x02)");
  return new TextDecoder().decode(padded.slice(0, end));
}

/** Checks `vapid t=<JWT>, k=<key>`: an ES256 JWT signed by k. Answers its claims; throws when it is not valid. */
export async function verifyVapidAuthorization(header: string | null | undefined): Promise<VapidClaims> {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), ?k=([\w-]+)$/.exec(header ?? "");
  if (!match) throw new Error(`not a VAPID Authorization header: ${header}`);
  const [, jwt = "", k = ""] = match;
  const [head = "", claims = "", signature = ""] = jwt.split(".");
  const decoded = JSON.parse(new TextDecoder().decode(fromBase64Url(head))) as { alg?: string; typ?: string };
  if (decoded.alg !== "ES256") throw new Error(`JWT alg is ${decoded.alg}, not ES256`);
  const key = await crypto.subtle.importKey(
    "raw",
    fromBase64Url(k),
    { name: "ECDSA", namedCurve: "P-256" },
    false,
    ["verify"],
  );
  const valid = await crypto.subtle.verify(
    { name: "ECDSA", hash: "SHA-256" },
    key,
    fromBase64Url(signature),
    encoder.encode(`${head}.${claims}`),
  );
  if (!valid) throw new Error("the VAPID JWT's signature does not verify with k");
  const body = JSON.parse(new TextDecoder().decode(fromBase64Url(claims))) as Omit<VapidClaims, "publicKey">;
  return { aud: body.aud, exp: body.exp, sub: body.sub, publicKey: k };
}
