/**
 * Discord sign-in's server settings (decision 070): where sign-in goes is Discord unless a test's loopback fake is
 * named, and a value that is not one stops the server at start, on Node and Workers alike.
 */
import { describe, expect, it } from "vitest";
import { nodeEnvSchema, parseEnv, workerEnvSchema } from "../config/env.ts";
import { outboundFrom } from "../outbound/guarded-fetch.ts";
import { openClientSecret, sealClientSecret } from "./client-secret-box.ts";
import { discordSignInConfigFrom } from "./sign-in-settings.ts";

const WORKER = { AUTH_PEPPER: "worker-pepper-0123456789", DATABASE_URL: "postgres://u@h/db" };

describe("the Discord sign-in environment", () => {
  it("goes to Discord itself unless DISCORD_OAUTH_TEST_ORIGIN names a fake on this machine", () => {
    expect(discordSignInConfigFrom(parseEnv(nodeEnvSchema, {}))).toEqual({
      clientSecret: null,
      origin: "https://discord.com",
    });
    const env = parseEnv(nodeEnvSchema, { DISCORD_OAUTH_TEST_ORIGIN: "http://127.0.0.1:4555/" });
    expect(discordSignInConfigFrom(env).origin).toBe("http://127.0.0.1:4555");
    // The fake is a test origin too: the server may call it over http.
    expect(outboundFrom(env).testOrigins).toEqual(["http://127.0.0.1:4555"]);
  });

  it("refuses to start with a DISCORD_OAUTH_TEST_ORIGIN that is not this machine", () => {
    for (const schema of [nodeEnvSchema, workerEnvSchema])
      for (const value of ["https://discord.com", "http://10.0.0.5:80", "http://127.0.0.1:4000/api"])
        expect(() => parseEnv(schema, { ...WORKER, DISCORD_OAUTH_TEST_ORIGIN: value })).toThrow(
          /DISCORD_OAUTH_TEST_ORIGIN must be an http\(s\) origin on this machine/,
        );
  });

  it("takes DISCORD_CLIENT_SECRET as a secret without echoing a bad one", () => {
    expect(
      discordSignInConfigFrom(parseEnv(workerEnvSchema, { ...WORKER, DISCORD_CLIENT_SECRET: " s3cret " })),
    ).toEqual({
      clientSecret: "s3cret",
      origin: "https://discord.com",
    });
    expect(() => parseEnv(nodeEnvSchema, { DISCORD_CLIENT_SECRET: "two words" })).toThrow(
      "Invalid environment: DISCORD_CLIENT_SECRET must be the secret without spaces",
    );
  });
});

describe("the client secret at rest", () => {
  it("is sealed so that only the same pepper opens it, and never twice the same", async () => {
    const sealed = await sealClientSecret("the-client-secret", "pepper-one-0123456789");
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain("the-client-secret");
    expect(await sealClientSecret("the-client-secret", "pepper-one-0123456789")).not.toBe(sealed);
    expect(await openClientSecret(sealed, "pepper-one-0123456789")).toBe("the-client-secret");
    expect(await openClientSecret(sealed, "pepper-two-0123456789")).toBeNull();
    expect(await openClientSecret(`${sealed.slice(0, -2)}AA`, "pepper-one-0123456789")).toBeNull();
    expect(await openClientSecret("not a box", "pepper-one-0123456789")).toBeNull();
  });
});
