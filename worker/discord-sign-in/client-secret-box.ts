/**
 * The Discord client secret at rest (decision 070): AES-256-GCM under a key derived with HKDF-SHA256 from the
 * server's AUTH_PEPPER, stored as `v1.<iv>.<ciphertext>` (base64url). A database copy, a backup of the settings or a
 * leaked row does not give the secret without the pepper; a server with another pepper cannot read it and says so.
 */
import { fromBase64Url, toBase64Url } from "../auth/password-hash.ts";

const encoder = new TextEncoder();
const HKDF_SALT = encoder.encode("guild-portal");
const HKDF_INFO = encoder.encode("discord client secret v1");

async function boxKey(pepper: string): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey("raw", encoder.encode(pepper), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: HKDF_SALT, info: HKDF_INFO },
    base,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

export async function sealClientSecret(secret: string, pepper: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv },
    await boxKey(pepper),
    encoder.encode(secret),
  );
  return `v1.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
}

/** The secret, or null when the box is not one this pepper sealed (another pepper, or a damaged value). */
export async function openClientSecret(box: string, pepper: string): Promise<string | null> {
  const [version, iv, sealed] = box.split(".");
  if (version !== "v1" || !iv || !sealed) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: fromBase64Url(iv) },
      await boxKey(pepper),
      fromBase64Url(sealed),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
