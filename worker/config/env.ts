import * as z from "zod";
import { isDiscordPublicKey } from "../discord-interactions/interaction-signature.ts";
import {
  loopbackOrigin,
  parseTestOrigins,
  TEST_ORIGIN_INVALID,
  TEST_ORIGINS_INVALID,
} from "../outbound/test-origins.ts";
import { isVapidPrivateKey, isVapidPublicKey, isVapidSubject } from "../spawn-alerts/vapid.ts";

/** A bad environment value stops the server with a message naming the variable. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

const unsetIfEmpty = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(unsetIfEmpty, schema.optional());
// prefault: the fallback goes through the schema too, so a flag's default "true" becomes the boolean true.
const withDefault = <T extends z.ZodType>(schema: T, fallback: z.input<T>) =>
  z.preprocess(unsetIfEmpty, schema.prefault(fallback as never));
/** A Worker secret: absent answers "is required" with the command that sets it. */
const secretText = (name: string) =>
  z.string({
    error: (issue) =>
      issue.input === undefined ? `is required (wrangler secret put ${name})` : "must be text",
  });

const flag = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const isPostgresUrl = (v: string) => /^postgres(ql)?:\/\/.+/.test(v);
const NOT_POSTGRES_URL = { error: "must be a postgres:// or postgresql:// URL" };
const postgresUrl = z.string().refine(isPostgresUrl, NOT_POSTGRES_URL);

/** Settings both runtimes share. */
const common = {
  GUILD_BRAND: withDefault(
    z.string().trim().min(1).max(60, { error: "must be at most 60 characters" }),
    "Guild Portal",
  ),
  GUILD_TIMEZONE: optional(
    z.string().refine(isTimeZone, { error: "must be an IANA time zone name such as Europe/Berlin" }),
  ),
  AUTH_PEPPER: optional(z.string().min(16, { error: "must be at least 16 characters" })),
  ADMIN_EMAIL: optional(z.email({ error: "must be an email address" })),
  ADMIN_PASSWORD: optional(z.string().min(8, { error: "must be at least 8 characters" })),
  /** Audit entries older than this many days are deleted by the scheduled purge; unset keeps them all. */
  AUDIT_RETENTION_DAYS: optional(
    z.coerce
      .number({ error: "must be a number of days" })
      .int({ error: "must be a whole number of days" })
      .min(1, { error: "must be at least 1 (leave it unset to keep the audit log forever)" })
      .max(36_500, { error: "must be at most 36500 (leave it unset to keep the audit log forever)" }),
  ),
  /** Tests only: loopback origins of fake servers the server may call over http (decision 053). */
  OUTBOUND_TEST_ORIGINS: optional(
    z
      .string()
      .refine((v) => parseTestOrigins(v) !== null, { error: TEST_ORIGINS_INVALID })
      .transform((v) => parseTestOrigins(v) as string[]),
  ),
  /** Tests only, the older name (decision 043): one more test origin, as OUTBOUND_TEST_ORIGINS. */
  DISCORD_TEST_ORIGIN: optional(
    z.string().refine((v) => loopbackOrigin(v) !== null, { error: TEST_ORIGIN_INVALID }),
  ),
  /**
   * Sign in with Discord (decision 070): the application's client secret as a server secret, which wins over one
   * saved on Admin › Guild settings (`wrangler secret put DISCORD_CLIENT_SECRET` on Workers).
   */
  DISCORD_CLIENT_SECRET: optional(
    z
      .string()
      .trim()
      .max(200, { error: "must be at most 200 characters" })
      .refine((v) => !/\s/.test(v), { error: "must be the secret without spaces" }),
  ),
  /**
   * Tests only: a loopback origin playing Discord for sign-in (authorize, token, the API) instead of
   * https://discord.com; it is a test origin too (decision 053).
   */
  DISCORD_OAUTH_TEST_ORIGIN: optional(
    z.string().refine((v) => loopbackOrigin(v) !== null, { error: TEST_ORIGIN_INVALID }),
  ),
  /**
   * Discord slash commands (decision 096): the application's public key (Developer Portal › General Information),
   * which checks every interaction Discord sends to /_api/discord/interactions. Unset: the commands are off.
   */
  DISCORD_PUBLIC_KEY: optional(
    z.string().trim().refine(isDiscordPublicKey, {
      error:
        "must be the application's public key: 64 hexadecimal characters (Developer Portal › General Information)",
    }),
  ),
  /** Web Push spawn alerts (decision 042): the VAPID key pair (`npm run vapid-keys` makes one) and its contact. */
  VAPID_PUBLIC_KEY: optional(
    z.string().trim().refine(isVapidPublicKey, {
      error: "must be a VAPID public key: 65 bytes in base64url (npm run vapid-keys makes a pair)",
    }),
  ),
  VAPID_PRIVATE_KEY: optional(
    z.string().trim().refine(isVapidPrivateKey, {
      error: "must be a VAPID private key: 32 bytes in base64url (npm run vapid-keys makes a pair)",
    }),
  ),
  VAPID_SUBJECT: optional(
    z.string().trim().refine(isVapidSubject, {
      error: "must be a mailto: address or an https:// URL where the push services can reach you",
    }),
  ),
};

/** The two VAPID keys are one pair: both or neither. */
const vapidPair = {
  check: (env: { VAPID_PUBLIC_KEY?: string | undefined; VAPID_PRIVATE_KEY?: string | undefined }) =>
    (env.VAPID_PUBLIC_KEY === undefined) === (env.VAPID_PRIVATE_KEY === undefined),
  params: {
    path: ["VAPID_PRIVATE_KEY"],
    error: "and VAPID_PUBLIC_KEY must be set together (or both left unset)",
    when: () => true,
  },
};

export const nodeEnvSchema = z
  .object({
    ...common,
    PORT: withDefault(
      z.coerce
        .number({ error: "must be a number" })
        .int()
        .min(1)
        .max(65535, { error: "must be between 1 and 65535" }),
      8787,
    ),
    HOST: withDefault(z.string().min(1), "127.0.0.1"),
    DATA_DIR: withDefault(z.string().min(1), "./.data"),
    DATABASE_URL: optional(postgresUrl),
    SEED_SAMPLE_DATA: withDefault(flag, "true"),
    /** Whether the last X-Forwarded-For entry is the client's address (one reverse proxy in front; decision 026). */
    TRUST_PROXY: withDefault(flag, "false"),
    /** How often `npm start` runs the scheduled jobs (decisions 028, 042); Workers use the Cron Trigger's minute. */
    SCHEDULE_INTERVAL_SECONDS: withDefault(
      z.coerce
        .number({ error: "must be a number of seconds" })
        .int({ error: "must be a whole number of seconds" })
        .min(5, { error: "must be between 5 and 3600" })
        .max(3600, { error: "must be between 5 and 3600" }),
      60,
    ),
  })
  .refine(vapidPair.check, vapidPair.params);
export type NodeEnv = z.infer<typeof nodeEnvSchema>;

/** A Hyperdrive binding (wrangler.toml `[[hyperdrive]]`): the connection string is Hyperdrive's, made per Worker. */
const hyperdriveBinding = z.object({ connectionString: z.string().refine(isPostgresUrl, NOT_POSTGRES_URL) });

export const workerEnvSchema = z
  .object({
    ...common,
    /** Preferred: Hyperdrive pools the Postgres sessions, so a request does not open one (decision 025). */
    HYPERDRIVE: z.preprocess((v) => (v === null ? undefined : v), hyperdriveBinding.optional()),
    DATABASE_URL: optional(secretText("DATABASE_URL").refine(isPostgresUrl, NOT_POSTGRES_URL)),
    AUTH_PEPPER: z.preprocess(
      unsetIfEmpty,
      secretText("AUTH_PEPPER").min(16, { error: "must be at least 16 characters" }),
    ),
    /** host:port of a WebSocket-to-TCP proxy, only for a local Postgres in development and tests. */
    NEON_WS_PROXY: optional(z.string().min(1)),
  })
  // `when`: checked even when another variable is wrong, so one message names every missing secret.
  .refine((env) => env.HYPERDRIVE !== undefined || env.DATABASE_URL !== undefined, {
    path: ["DATABASE_URL"],
    error: "is required (wrangler secret put DATABASE_URL) unless the Worker has a HYPERDRIVE binding",
    when: () => true,
  })
  .refine(vapidPair.check, vapidPair.params)
  // A Worker has no DATA_DIR to fall back on, nor an admin address to name: keys need their contact.
  .refine((env) => env.VAPID_PUBLIC_KEY === undefined || env.VAPID_SUBJECT !== undefined, {
    path: ["VAPID_SUBJECT"],
    error: "is required with the VAPID keys (e.g. mailto:you@example.com)",
    when: () => true,
  });
export type WorkerEnv = z.infer<typeof workerEnvSchema>;

/** Parses env or throws ConfigError naming every bad variable. Values are never echoed (they may be secrets). */
export function parseEnv<S extends z.ZodType>(schema: S, source: Record<string, unknown>): z.infer<S> {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = issue.path.join(".") || "environment";
    // zod does not echo inputs in its issues, so "missing" is judged from the source itself.
    const raw = source[String(issue.path[0])];
    const absent = raw === undefined || (typeof raw === "string" && raw.trim() === "");
    const required = issue.message.startsWith("is required") ? issue.message : "is required";
    const message = issue.code === "invalid_type" && absent ? required : issue.message;
    return `${name} ${message}`;
  });
  throw new ConfigError(`Invalid environment: ${lines.join("; ")}`);
}
