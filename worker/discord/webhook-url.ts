/**
 * Which webhook URLs the server posts to: Discord's own (discordSettingsSchema), and, only when the operator names
 * test origins (OUTBOUND_TEST_ORIGINS or DISCORD_TEST_ORIGIN, worker/outbound/test-origins.ts), webhooks on one
 * of them, which are this machine (a test's fake Discord). An admin cannot widen this from the app (decisions
 * 043, 053). Every post still goes through the outbound guard (worker/outbound/guarded-fetch.ts).
 */
import { discordSettingsSchema } from "@shared/schemas/spawn-alerts.ts";
import { isTestOrigin } from "../outbound/test-origins.ts";

const WEBHOOK_PATH = /^\/api\/webhooks\/\d+\/[\w-]+$/;

/** Whether the server may post to `url` (an empty URL is "off", not a webhook). */
export function isAllowedWebhookUrl(url: string, testOrigins: readonly string[]): boolean {
  if (url === "") return false;
  const webhookUrl = discordSettingsSchema.shape.webhookUrl.safeParse(url);
  if (webhookUrl.success) return true;
  try {
    const parsed = new URL(url);
    return (
      isTestOrigin(parsed.origin, testOrigins) &&
      WEBHOOK_PATH.test(parsed.pathname) &&
      !parsed.search &&
      !parsed.hash
    );
  } catch {
    return false;
  }
}
