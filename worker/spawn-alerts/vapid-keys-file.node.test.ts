/** The VAPID keys on Node: generated once into DATA_DIR (private, created exclusively), or from the environment. */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError, nodeEnvSchema, parseEnv, workerEnvSchema } from "../config/env.ts";
import { DEFAULT_VAPID_SUBJECT, generateVapidKeys, isVapidPrivateKey, isVapidPublicKey } from "./vapid.ts";
import { resolveVapidKeys, VAPID_KEYS_FILE } from "./vapid-keys-file.ts";

let dir: string;
const quiet = () => {};
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "guild-vapid-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("resolveVapidKeys", () => {
  it("makes a key pair once, in a private file, and reads the same one on every later start", async () => {
    const first = await resolveVapidKeys({ DATA_DIR: dir }, quiet);
    expect(isVapidPublicKey(first.publicKey)).toBe(true);
    expect(isVapidPrivateKey(first.privateKey)).toBe(true);
    expect(first.subject).toBe(DEFAULT_VAPID_SUBJECT);
    const file = join(dir, VAPID_KEYS_FILE);
    if (process.platform !== "win32") expect(statSync(file).mode & 0o777).toBe(0o600);
    const again = await resolveVapidKeys({ DATA_DIR: dir, ADMIN_EMAIL: "gm@guild.test" }, quiet);
    expect(again).toEqual({ ...first, subject: "mailto:gm@guild.test" });
    expect(readFileSync(file, "utf8")).not.toContain("mailto");
  });

  it("takes the keys and subject from the environment when they are set, and writes nothing", async () => {
    const keys = await generateVapidKeys("mailto:x@guild.test");
    const resolved = await resolveVapidKeys(
      {
        DATA_DIR: join(dir, "unused"),
        VAPID_PUBLIC_KEY: keys.publicKey,
        VAPID_PRIVATE_KEY: keys.privateKey,
        VAPID_SUBJECT: "https://guild.example",
      },
      quiet,
    );
    expect(resolved).toEqual({ ...keys, subject: "https://guild.example" });
  });

  it("refuses a damaged key file with a message saying what to do", async () => {
    writeFileSync(join(dir, VAPID_KEYS_FILE), JSON.stringify({ publicKey: "abc", privateKey: "def" }), {
      mode: 0o600,
    });
    await expect(resolveVapidKeys({ DATA_DIR: dir }, quiet)).rejects.toThrow(/delete it to make a new one/);
  });
});

describe("VAPID variables", () => {
  const message = (schema: typeof nodeEnvSchema | typeof workerEnvSchema, env: Record<string, unknown>) => {
    try {
      parseEnv(schema, env);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    return "accepted";
  };
  const worker = { AUTH_PEPPER: "a-pepper-of-16-chars", DATABASE_URL: "postgres://u@db/guild" };

  it("are checked as keys, together, and on Workers with their subject", async () => {
    const keys = await generateVapidKeys("mailto:x@guild.test");
    expect(message(nodeEnvSchema, { VAPID_PUBLIC_KEY: "nope" })).toMatch(
      /VAPID_PUBLIC_KEY must be a VAPID public key/,
    );
    expect(message(nodeEnvSchema, { VAPID_PUBLIC_KEY: keys.publicKey })).toMatch(
      /VAPID_PRIVATE_KEY and VAPID_PUBLIC_KEY must be set together/,
    );
    expect(message(nodeEnvSchema, { VAPID_SUBJECT: "someone" })).toMatch(/VAPID_SUBJECT must be a mailto:/);
    expect(
      message(nodeEnvSchema, { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey }),
    ).toBe("accepted");
    expect(
      message(workerEnvSchema, {
        ...worker,
        VAPID_PUBLIC_KEY: keys.publicKey,
        VAPID_PRIVATE_KEY: keys.privateKey,
      }),
    ).toMatch(/VAPID_SUBJECT is required with the VAPID keys/);
    expect(
      message(workerEnvSchema, {
        ...worker,
        VAPID_PUBLIC_KEY: keys.publicKey,
        VAPID_PRIVATE_KEY: keys.privateKey,
        VAPID_SUBJECT: "mailto:gm@guild.test",
      }),
    ).toBe("accepted");
    // Without them a Worker starts, with push off.
    expect(message(workerEnvSchema, worker)).toBe("accepted");
  });
});
