/**
 * For tests: a portal whose Discord commands are on (decision 096), on a fresh database, with the fake Discord
 * playing the application, and an admin signed in. Each interactions test file makes its own.
 */
import { expect } from "vitest";
import type { AppConfig } from "../../app/context.ts";
import { createApp } from "../../app/create-app.ts";
import type { Db } from "../../db/types.ts";
import { testOutbound } from "../../outbound/testing/test-outbound.ts";
import { createAccount, TEST_PASSWORD } from "../../salary/portal-test-setup.ts";
import { TestClient } from "../../test/api-client.ts";
import { createTestDb } from "../../test/test-db.ts";
import { type DiscordApplication, fakeDiscordApplication } from "./fake-discord-interactions.ts";
import { type TestDiscord, useFakeDiscord } from "./test-discord.ts";

export interface DiscordCommandsPortal {
  db: Db;
  discord: TestDiscord;
  application: DiscordApplication;
  app: ReturnType<typeof createApp>;
  /** The app's configuration, for a test that needs a second app differing in one setting. */
  config: AppConfig;
  admin: TestClient;
  close(): Promise<void>;
}

export async function useDiscordCommandsPortal(label: string): Promise<DiscordCommandsPortal> {
  const db = await createTestDb();
  const discord = await useFakeDiscord();
  const application = await fakeDiscordApplication(discord.url);
  const config: AppConfig = {
    brand: "Test Guild",
    timeZone: "UTC",
    pepper: "test-pepper-0123456789",
    outbound: await testOutbound([discord.url]),
    discordSignIn: { origin: discord.url },
    discordCommands: { publicKey: application.publicKey },
  };
  const app = createApp({ db, config });
  const admin = new TestClient(app);
  expect((await admin.login(await createAccount(db, label, "admin"), TEST_PASSWORD)).status).toBe(200);
  return {
    db,
    discord,
    application,
    app,
    config,
    admin,
    close: async () => {
      await discord.close();
      await db.close();
    },
  };
}
