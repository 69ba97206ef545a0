/**
 * Which webhook URLs the server posts to: Discord's own (discordSettingsSchema), and, only when the operator sets
 * DISCORD_TEST_ORIGIN, webhooks on that one origin, which must be this machine (a test's fake Discord). An admin
 * cannot widen this from the app, and the override cannot point the server at another host (decision 043).
 */
import { discordSettingsSchema } from "@shared/schemas/spawn-alerts.ts";

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);
const WEBHOOK_PATH = /^\/api\/webhooks\/\d+\/[\w-]+$/;

export const DISCORD_TEST_ORIGIN_INVALID =
  "must be an http(s) origin on this machine, such as http://127.0.0.1:4000 (only for tests)";

/** A DISCORD_TEST_ORIGIN value as an origin, or null when it is not an http(s) loopback origin. */
export function loopbackOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    if (!["http:", "https:"].includes(url.protocol) || !LOOPBACK_HOSTS.has(url.hostname)) return null;
    if (url.pathname !== "/" || url.search || url.hash || url.username || url.password) return null;
    return url.origin;
  } catch {
    return null;
  }
}

/** Whether the server may post to `url` (an empty URL is "off", not a webhook). */
export function isAllowedWebhookUrl(url: string, testOrigin: string | null | undefined): boolean {
  if (url === "") return false;
  const webhookUrl = discordSettingsSchema.shape.webhookUrl.safeParse(url);
  if (webhookUrl.success) return true;
  if (!testOrigin) return false;
  const origin = loopbackOrigin(testOrigin);
  if (origin === null) return false;
  try {
    const parsed = new URL(url);
    return parsed.origin === origin && WEBHOOK_PATH.test(parsed.pathname) && !parsed.search && !parsed.hash;
  } catch {
    return false;
  }
}
