/**
 * The push notice of an opened check-in (decision 079), on every driver, against the fake push service: the devices
 * of raiders with a character that follow the boss are told, with the check-in's page as the link; a visitor's
 * device, an account without a character and a device following other bosses are not.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatTime } from "@shared/format/format-date.ts";
import type { CheckInDetail } from "@shared/schemas/check-ins.ts";
import { createApp } from "../app/create-app.ts";
import { settleBackground } from "../discord/background.ts";
import { testOutbound } from "../outbound/testing/test-outbound.ts";
import {
  addRosterMember,
  type Portal,
  setUpPortal,
  signInAs,
  signInRaider,
  uniqueName,
} from "../salary/portal-test-setup.ts";
import { guildTimeZone } from "../settings/guild-time-zone.ts";
import { upsertSubscription } from "../spawn-alerts/subscriptions-repo.ts";
import {
  type BrowserSubscription,
  createBrowserSubscription,
  decryptPushMessage,
} from "../spawn-alerts/testing/push-crypto.ts";
import { pushBody, pushEndpoint, receivedPushes } from "../spawn-alerts/testing/push-service-client.ts";
import { useFakePushService } from "../spawn-alerts/testing/test-push-service.ts";
import { generateVapidKeys } from "../spawn-alerts/vapid.ts";

let portal: Portal;
let service: { url: string; close(): Promise<void> };
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  portal = await setUpPortal("check-in-push");
  service = await useFakePushService();
  app = createApp({
    db: portal.db,
    config: {
      brand: "Test Guild",
      timeZone: null,
      pepper: "test-pepper-0123456789",
      vapid: await generateVapidKeys("mailto:raid-lead@guild.test"),
      // The fake push service is on this machine: a test origin, the one exception to the outbound guard.
      outbound: await testOutbound([service.url]),
    },
  });
});
afterAll(async () => {
  if (portal) await settleBackground(portal.db);
  await service?.close();
  await portal?.close();
});

type Phone = BrowserSubscription & { path: string };

/** A device with spawn alerts on, of the account `userId` (null: a visitor's), following `bosses`. */
async function phone(userId: number | null, bosses: "all" | string[] = "all"): Promise<Phone> {
  const browser = await createBrowserSubscription(
    pushEndpoint(service.url, "ok", uniqueName(`check-in-${Date.now()}-`)),
  );
  await upsertSubscription(portal.db, { ...browser, bosses, leadMinutes: 10, userId, from: null });
  return { ...browser, path: new URL(browser.endpoint).pathname };
}

async function noticesOn(device: Phone): Promise<unknown[]> {
  const pushes = await receivedPushes(service.url, device.path);
  return Promise.all(
    pushes.map(async (push) => JSON.parse(await decryptPushMessage(pushBody(push), device))),
  );
}

describe("an opened check-in's push notice", () => {
  it("reaches the devices of raiders with a character who follow the boss, linking to the check-in", async () => {
    const boss = uniqueName("Gloomfang ");
    expect((await portal.admin.post("/_api/boss-names", { name: boss })).status).toBe(201);
    const main = await addRosterMember(portal, uniqueName("Pushwell"), { category: "Members" });
    const raider = await signInRaider({ db: portal.db, app }, "check-in-push", {
      displayName: main.playerName,
      memberId: main.id,
    });
    const unlinked = await signInRaider({ db: portal.db, app }, "check-in-push", {
      displayName: "No Character",
    });
    const raiderPhone = await phone(raider.id);
    const otherBossesPhone = await phone(raider.id, ["Some Other Boss"]);
    const visitorPhone = await phone(null);
    const unlinkedPhone = await phone(unlinked.id);

    const officer = await signInAs({ db: portal.db, app }, "check-in-push", "officer");
    const opened = await officer.post("/_api/check-ins", { bossName: boss, killedAt: new Date() });
    expect(opened.status, opened.text).toBe(201);
    const checkIn = opened.data.checkIn as unknown as CheckInDetail;
    await settleBackground(portal.db);

    const until = formatTime(checkIn.closesAt, await guildTimeZone(portal.db, null));
    expect(await noticesOn(raiderPhone)).toEqual([
      {
        title: `Check-in open: ${boss}`,
        body: `Were you there? Tap to check in (code ${checkIn.code}, until ${until}).`,
        url: `/check-in/${checkIn.code}`,
        tag: `check-in:${checkIn.id}`,
      },
    ]);
    const [push] = await receivedPushes(service.url, raiderPhone.path);
    // Kept by the push service until the check-in closes, 20 minutes.
    expect(Number(push?.headers.ttl)).toBeGreaterThan(19 * 60);
    expect(Number(push?.headers.ttl)).toBeLessThanOrEqual(20 * 60);
    for (const device of [otherBossesPhone, visitorPhone, unlinkedPhone])
      expect(await noticesOn(device)).toEqual([]);
  });
});
