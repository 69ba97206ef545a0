/**
 * Node only: the VAPID keys from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set, otherwise a pair generated
 * once and kept in DATA_DIR/vapid-keys.json (private to this user, created exclusively, like the pepper in
 * worker/node/pepper.ts), so the quickstart's spawn alerts work with no configuration and keep working across
 * restarts: browsers subscribed with the public key, and a new one would silently end their alerts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { secureDataDir } from "../db/data-dir-permissions.ts";
import { createFileExclusively } from "../db/durable-files.ts";
import {
  DEFAULT_VAPID_SUBJECT,
  generateVapidKeys,
  isVapidPrivateKey,
  isVapidPublicKey,
  type VapidConfig,
} from "./vapid.ts";

export const VAPID_KEYS_FILE = "vapid-keys.json";

export interface VapidEnv {
  DATA_DIR: string;
  VAPID_PUBLIC_KEY?: string | undefined;
  VAPID_PRIVATE_KEY?: string | undefined;
  VAPID_SUBJECT?: string | undefined;
  ADMIN_EMAIL?: string | undefined;
}

export async function resolveVapidKeys(
  env: VapidEnv,
  log: (line: string) => void = console.log,
): Promise<VapidConfig> {
  const subject =
    env.VAPID_SUBJECT ?? (env.ADMIN_EMAIL ? `mailto:${env.ADMIN_EMAIL}` : DEFAULT_VAPID_SUBJECT);
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  secureDataDir(env.DATA_DIR, log);
  const file = join(env.DATA_DIR, VAPID_KEYS_FILE);
  const existing = readKeys(file);
  if (existing) return { ...existing, subject };
  const made = await generateVapidKeys(subject);
  try {
    createFileExclusively(
      file,
      `${JSON.stringify({ publicKey: made.publicKey, privateKey: made.privateKey })}\n`,
    );
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    const theirs = readKeys(file); // another start made it first
    if (theirs) return { ...theirs, subject };
    throw err;
  }
  return made;
}

function readKeys(file: string): { publicKey: string; privateKey: string } | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    return undefined;
  }
  const parsed = JSON.parse(text) as { publicKey?: unknown; privateKey?: unknown };
  const { publicKey, privateKey } = parsed;
  if (
    typeof publicKey !== "string" ||
    typeof privateKey !== "string" ||
    !isVapidPublicKey(publicKey) ||
    !isVapidPrivateKey(privateKey)
  )
    throw new Error(
      `${file} does not hold a VAPID key pair: delete it to make a new one (subscribed browsers must then subscribe again).`,
    );
  return { publicKey, privateKey };
}
