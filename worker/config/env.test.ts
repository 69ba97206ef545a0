import { describe, expect, it } from "vitest";
import { ConfigError, nodeEnvSchema, parseEnv, workerEnvSchema } from "./env.ts";

const failure = (schema: typeof nodeEnvSchema | typeof workerEnvSchema, env: Record<string, unknown>) => {
  try {
    parseEnv(schema, env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error("expected a ConfigError");
};

describe("environment parsing", () => {
  it("fills the defaults of npm start", () => {
    expect(parseEnv(nodeEnvSchema, {})).toMatchObject({
      PORT: 8787,
      HOST: "127.0.0.1",
      DATA_DIR: "./.data",
      SEED_SAMPLE_DATA: true,
      GUILD_BRAND: "Guild Portal",
    });
    expect(parseEnv(nodeEnvSchema, { SEED_SAMPLE_DATA: "false", PORT: "" }).SEED_SAMPLE_DATA).toBe(false);
  });

  it("names the variable and what is wrong with its value, never echoing the value", () => {
    expect(failure(nodeEnvSchema, { PORT: "not-a-port" })).toBe("Invalid environment: PORT must be a number");
    expect(failure(nodeEnvSchema, { PORT: "70000" })).toBe(
      "Invalid environment: PORT must be between 1 and 65535",
    );
    expect(failure(nodeEnvSchema, { SEED_SAMPLE_DATA: "maybe" })).toMatch(
      /SEED_SAMPLE_DATA must be true or false/,
    );
    expect(failure(nodeEnvSchema, { GUILD_TIMEZONE: "Mars/Base" })).toMatch(/GUILD_TIMEZONE must be an IANA/);
    const secret = failure(nodeEnvSchema, { DATABASE_URL: "mysql://user:hunter2@db" });
    expect(secret).toMatch(/DATABASE_URL must be a postgres/);
    expect(secret).not.toContain("hunter2");
  });

  it("trusts X-Forwarded-For only when TRUST_PROXY says so", () => {
    expect(parseEnv(nodeEnvSchema, {}).TRUST_PROXY).toBe(false);
    expect(parseEnv(nodeEnvSchema, { TRUST_PROXY: "" }).TRUST_PROXY).toBe(false);
    expect(parseEnv(nodeEnvSchema, { TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
    expect(parseEnv(nodeEnvSchema, { TRUST_PROXY: "0" }).TRUST_PROXY).toBe(false);
    expect(failure(nodeEnvSchema, { TRUST_PROXY: "loopback" })).toBe(
      "Invalid environment: TRUST_PROXY must be true or false",
    );
  });

  it("runs npm start's scheduled jobs every minute unless SCHEDULE_INTERVAL_SECONDS says otherwise", () => {
    expect(parseEnv(nodeEnvSchema, {}).SCHEDULE_INTERVAL_SECONDS).toBe(60);
    expect(parseEnv(nodeEnvSchema, { SCHEDULE_INTERVAL_SECONDS: "5" }).SCHEDULE_INTERVAL_SECONDS).toBe(5);
    expect(failure(nodeEnvSchema, { SCHEDULE_INTERVAL_SECONDS: "1" })).toBe(
      "Invalid environment: SCHEDULE_INTERVAL_SECONDS must be between 5 and 3600",
    );
    expect(failure(nodeEnvSchema, { SCHEDULE_INTERVAL_SECONDS: "often" })).toBe(
      "Invalid environment: SCHEDULE_INTERVAL_SECONDS must be a number of seconds",
    );
  });

  it("keeps the audit log forever unless AUDIT_RETENTION_DAYS is a whole number of days", () => {
    const pepper = { AUTH_PEPPER: "a-pepper-of-16-characters", DATABASE_URL: "postgres://h/db" };
    expect(parseEnv(nodeEnvSchema, {}).AUDIT_RETENTION_DAYS).toBeUndefined();
    expect(parseEnv(nodeEnvSchema, { AUDIT_RETENTION_DAYS: "" }).AUDIT_RETENTION_DAYS).toBeUndefined();
    expect(parseEnv(nodeEnvSchema, { AUDIT_RETENTION_DAYS: "365" }).AUDIT_RETENTION_DAYS).toBe(365);
    // A wrangler.toml var written without quotes arrives as a number.
    expect(parseEnv(workerEnvSchema, { ...pepper, AUDIT_RETENTION_DAYS: 90 }).AUDIT_RETENTION_DAYS).toBe(90);
    expect(failure(nodeEnvSchema, { AUDIT_RETENTION_DAYS: "a year" })).toBe(
      "Invalid environment: AUDIT_RETENTION_DAYS must be a number of days",
    );
    expect(failure(nodeEnvSchema, { AUDIT_RETENTION_DAYS: "1.5" })).toMatch(/must be a whole number of days/);
    expect(failure(nodeEnvSchema, { AUDIT_RETENTION_DAYS: "0" })).toMatch(/must be at least 1/);
  });

  it("says which Worker secrets are missing", () => {
    const message = failure(workerEnvSchema, {});
    expect(message).toMatch(/DATABASE_URL is required \(wrangler secret put DATABASE_URL\)/);
    expect(message).toMatch(/AUTH_PEPPER is required/);
  });

  it("takes a HYPERDRIVE binding in place of DATABASE_URL", () => {
    const pepper = { AUTH_PEPPER: "a-pepper-of-16-characters" };
    const binding = { connectionString: "postgres://user:secret@hyperdrive.local:5432/guild" };
    const env = parseEnv(workerEnvSchema, { ...pepper, HYPERDRIVE: binding });
    expect(env.HYPERDRIVE?.connectionString).toBe(binding.connectionString);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(failure(workerEnvSchema, pepper)).toMatch(
      /DATABASE_URL is required .* unless the Worker has a HYPERDRIVE binding/,
    );
    const bad = failure(workerEnvSchema, {
      ...pepper,
      HYPERDRIVE: { connectionString: "mysql://u:hunter2@h/db" },
    });
    expect(bad).toMatch(/HYPERDRIVE.connectionString must be a postgres/);
    expect(bad).not.toContain("hunter2");
  });
});
