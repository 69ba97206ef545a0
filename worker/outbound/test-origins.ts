/**
 * The one test-only exception to the outbound rules (decision 053): OUTBOUND_TEST_ORIGINS names the loopback
 * origins tests' fake servers (a push service, Discord) listen on; URLs there may be called over http. The
 * older DISCORD_TEST_ORIGIN (decision 043) still works and adds its one origin. Anything but a loopback origin
 * stops the server at start, so the setting cannot point the server at another host.
 */

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

export const TEST_ORIGIN_INVALID =
  "must be an http(s) origin on this machine, such as http://127.0.0.1:4000 (only for tests)";
export const TEST_ORIGINS_INVALID =
  "must be http(s) origins on this machine separated by commas, such as http://127.0.0.1:4000 (only for tests)";

/** A value as an origin, or null when it is not an http(s) origin on 127.0.0.1, localhost or [::1]. */
export function loopbackOrigin(value: string): string | null {
  try {
    const url = new URL(value.trim());
    if (!["http:", "https:"].includes(url.protocol) || !LOOPBACK_HOSTS.has(url.hostname)) return null;
    if (url.pathname !== "/" || url.search || url.hash || url.username || url.password) return null;
    return url.origin;
  } catch {
    return null;
  }
}

/** Whether `origin` is one of `testOrigins` and on this machine (a list built by hand is held to that too). */
export function isTestOrigin(origin: string, testOrigins: readonly string[]): boolean {
  return testOrigins.includes(origin) && loopbackOrigin(origin) === origin;
}

/** A comma-separated list of loopback origins, or null when any entry is not one. */
export function parseTestOrigins(value: string): string[] | null {
  const origins = value
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "")
    .map(loopbackOrigin);
  return origins.every((origin) => origin !== null) ? (origins as string[]) : null;
}

/**
 * Every test origin the parsed environment names (the three variables), without repeats; empty in production.
 * DISCORD_OAUTH_TEST_ORIGIN is where Discord sign-in goes in tests (decision 070), so it is one too.
 */
export function testOriginsFrom(env: {
  OUTBOUND_TEST_ORIGINS?: readonly string[] | undefined;
  DISCORD_TEST_ORIGIN?: string | undefined;
  DISCORD_OAUTH_TEST_ORIGIN?: string | undefined;
}): string[] {
  const single = [env.DISCORD_TEST_ORIGIN, env.DISCORD_OAUTH_TEST_ORIGIN]
    .map((value) => (value === undefined ? null : loopbackOrigin(value)))
    .filter((origin): origin is string => origin !== null);
  return [...new Set([...(env.OUTBOUND_TEST_ORIGINS ?? []), ...single])];
}
