/**
 * Sign in with Discord (issue 25 point 1, decision 070) against the fake Discord (worker/discord/testing/), on every
 * driver: the first sign-in makes the account, the roles are read again at every sign-in (a change, a removal that
 * ends the account's sessions), and every way a sign-in can be wrong gets the login page's clear refusal.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ACCESS_REMOVED_NOTICE } from "@shared/auth/access-removed.ts";
import { DISCORD_REFUSALS, type DiscordRefusal } from "@shared/auth/discord-sign-in-refusals.ts";
import type { DiscordSignInUpdate } from "@shared/schemas/discord-sign-in.ts";
import { createApp } from "../app/create-app.ts";
import { restoreBackup } from "../backup/restore.ts";
import type { Db } from "../db/types.ts";
import { useFakeDiscord } from "../discord/testing/test-discord.ts";
import {
  type FakeDiscordSignIn,
  fakeDiscordSignIn,
  newSnowflake,
  SignInBrowser,
} from "../discord/testing/test-discord-sign-in.ts";
import { testOutbound } from "../outbound/testing/test-outbound.ts";
import { auditFor, signInAs } from "../salary/portal-test-setup.ts";
import { TestClient } from "../test/api-client.ts";
import { createTestDb } from "../test/test-db.ts";
import { KEPT_LAST_ADMIN } from "./admit-member.ts";

let db: Db;
let close: () => Promise<void>;
let app: ReturnType<typeof createApp>;
let admin: TestClient;
let fake: FakeDiscordSignIn;

const clientId = newSnowflake();
const clientSecret = `fake-secret-${newSnowflake()}`;
const guildId = newSnowflake();
const otherGuildId = newSnowflake();
const roles = {
  guildMaster: newSnowflake(),
  officer: newSnowflake(),
  raider: newSnowflake(),
  guest: newSnowflake(),
};
const settings: DiscordSignInUpdate = {
  clientId,
  clientSecret,
  guildId,
  roles: [
    { roleId: roles.guildMaster, role: "admin", label: "Guild Master" },
    { roleId: roles.officer, role: "officer", label: "Officer" },
    { roleId: roles.raider, role: "user", label: "Member" },
  ],
};

beforeAll(async () => {
  db = await createTestDb();
  const discord = await useFakeDiscord();
  close = discord.close;
  fake = fakeDiscordSignIn(discord.url);
  await fake.registerApplication(clientId, clientSecret);
  app = createApp({
    db,
    config: {
      brand: "Test Guild",
      timeZone: null,
      pepper: "test-pepper-0123456789",
      outbound: await testOutbound([discord.url]),
      discordSignIn: { origin: discord.url },
    },
  });
  admin = await signInAs({ db, app }, "discord-sign-in", "admin");
});
afterAll(async () => {
  await close?.();
  await db?.close();
});

const saveSettings = (body: DiscordSignInUpdate = settings) =>
  admin.call("PUT", "/_api/admin/discord-sign-in", body);

/** A Discord user of the fake, in the guild's server with these roles unless told otherwise. */
async function discordUser(
  username: string,
  member: { roles: string[]; nick?: string | null } | null,
  guild = guildId,
): Promise<string> {
  const id = newSnowflake();
  await fake.addUser({ id, username, globalName: `${username} Global` });
  if (member) await fake.setMember(guild, id, member);
  return id;
}

const refusedWith = (refusal: DiscordRefusal) => ({ status: 302, location: `/login?error=${refusal}` });

async function sessionOf(browser: SignInBrowser) {
  const client = new TestClient(app);
  client.cookie = browser.session;
  return client.get("/_api/auth/session");
}

async function accountOf(discordId: string) {
  const [row] = await db.query<{
    id: number;
    email: string;
    displayName: string;
    role: string;
    disabled: boolean;
  }>(`SELECT id, email, display_name AS "displayName", role, disabled FROM users WHERE discord_id = $1`, [
    discordId,
  ]);
  return row;
}

describe("before Discord sign-in is set up", () => {
  it("the login page is told there is no Discord button, and a start is refused with the login page's message", async () => {
    expect((await new TestClient(app).get("/_api/public/sign-in-options")).data).toEqual({ discord: false });
    const browser = new SignInBrowser(app);
    expect(await browser.visit("/_api/auth/discord/start")).toEqual(refusedWith("discord_not_configured"));
    expect(DISCORD_REFUSALS.discord_not_configured).toBe(
      "Discord sign-in is not set up for this guild yet. Log in with your email and password, or ask an admin.",
    );
  });
});

describe("the settings", () => {
  it("refuse visitors and raiders, and an officer too: they are the admins'", async () => {
    const raider = await signInAs({ db, app }, "discord-sign-in", "user");
    const officer = await signInAs({ db, app }, "discord-sign-in", "officer");
    for (const [client, status] of [
      [new TestClient(app), 401],
      [raider, 403],
      [officer, 403],
    ] as const) {
      expect((await client.get("/_api/admin/discord-sign-in")).status).toBe(status);
      expect((await client.call("PUT", "/_api/admin/discord-sign-in", settings)).status).toBe(status);
    }
  });

  it("round-trip without ever answering the secret, and say where to send Discord back", async () => {
    const saved = await saveSettings();
    expect(saved.status, JSON.stringify(saved.data)).toBe(200);
    const read = await admin.get("/_api/admin/discord-sign-in");
    expect(read.data).toEqual({
      clientId,
      clientSecretSet: true,
      clientSecretSource: "settings",
      guildId,
      roles: settings.roles,
      redirectUrl: "http://localhost/_api/auth/discord/callback",
      ready: true,
    });
    // Behind a proxy that ends TLS the browser's origin is https.
    const https = await admin.get("/_api/admin/discord-sign-in", { "x-forwarded-proto": "https" });
    expect(https.data.redirectUrl).toBe("https://localhost/_api/auth/discord/callback");
    for (const answer of [
      saved,
      read,
      await admin.get("/_api/audit-log?limit=50"),
      await admin.get("/_api/admin/accounts"),
    ])
      expect(answer.text).not.toContain(clientSecret);
    const [stored] = await db.query<{ box: string }>(`SELECT client_secret_box AS box FROM discord_sign_in`);
    expect(stored?.box).toMatch(/^v1\./);
    expect(stored?.box).not.toContain(clientSecret);
    expect((await new TestClient(app).get("/_api/public/sign-in-options")).data).toEqual({ discord: true });
  });

  it("keep the secret when a save leaves it out, remove it when it is empty, and audit each save", async () => {
    const { clientSecret: _, ...withoutSecret } = settings;
    expect((await saveSettings(withoutSecret)).data).toMatchObject({ clientSecretSet: true, ready: true });
    expect((await saveSettings({ ...settings, clientSecret: "" })).data).toMatchObject({
      clientSecretSet: false,
      clientSecretSource: null,
      ready: false,
    });
    expect((await new TestClient(app).get("/_api/public/sign-in-options")).data).toEqual({ discord: false });
    expect((await saveSettings()).data).toMatchObject({ clientSecretSet: true, ready: true });
    const entries = await db.query<{ after: Record<string, unknown> }>(
      `SELECT after FROM audit_log WHERE entity = 'discord_sign_in' ORDER BY id`,
    );
    expect(entries.length).toBeGreaterThanOrEqual(4);
    expect(entries.at(-1)?.after).toMatchObject({
      clientId,
      guildId,
      clientSecretStored: true,
      clientSecretReplaced: true,
    });
  });

  it("refuse ids that are not Discord's and a role mapped twice, with the form's messages", async () => {
    const cases: [Partial<DiscordSignInUpdate>, string][] = [
      [{ clientId: "12345" }, "Client ID must be"],
      [{ guildId: "my server" }, "Server ID must be"],
      [{ roles: [{ roleId: "abc", role: "user" }] }, "Each Discord role ID must be"],
      [
        {
          roles: [
            { roleId: roles.raider, role: "user" },
            { roleId: roles.raider, role: "admin" },
          ],
        },
        "Each Discord role can be mapped once",
      ],
      [
        { roles: [{ roleId: roles.raider, role: "guild master" as "user" }] },
        "Each Discord role gives one portal role",
      ],
      [{ clientSecret: "has spaces in it" }, "Client secret must be"],
    ];
    for (const [change, message] of cases) {
      const res = await saveSettings({ ...settings, ...change });
      expect({ change, status: res.status, error: String(res.data.error).slice(0, message.length) }).toEqual({
        change,
        status: 400,
        error: message,
      });
    }
    expect((await admin.get("/_api/admin/discord-sign-in")).data).toMatchObject({
      clientId,
      guildId,
      ready: true,
    });
  });
});

describe("signing in", () => {
  beforeEach(async () => {
    expect((await saveSettings()).status).toBe(200);
  });

  it("makes a raider's account at the first sign-in, named by their server nickname, and lands on their page", async () => {
    const id = await discordUser("ashvale", { roles: [roles.raider, roles.guest], nick: "Ashvale the Bold" });
    const browser = new SignInBrowser(app);
    expect(await browser.signIn(id)).toEqual({ status: 302, location: "/me" });
    const session = await sessionOf(browser);
    expect(session.status).toBe(200);
    expect(session.data.user).toMatchObject({
      displayName: "Ashvale the Bold",
      role: "user",
      email: `${id}@discord.invalid`,
    });
    const account = await accountOf(id);
    expect(account).toMatchObject({ role: "user", disabled: false });
    const [entry] = await auditFor(db, "account", account?.id as number);
    expect(entry).toMatchObject({
      action: "discord_sign_in",
      actorEmail: `${id}@discord.invalid`,
      after: { role: "user", discordId: id, created: true },
    });
    // The browser's binding cookie stays on the sign-in's own paths.
    expect(browser.cookies.has("gp_discord_browser")).toBe(true);
  });

  it("returns to the page the login was given, and never to another site", async () => {
    const id = await discordUser("brisk", { roles: [roles.raider] });
    expect(await new SignInBrowser(app).signIn(id, "/boss-timers?boss=Venatus")).toEqual({
      status: 302,
      location: "/boss-timers?boss=Venatus",
    });
    for (const next of [
      "//evil.example/x",
      "https://evil.example/",
      "/\\evil.example",
      "/login",
      "javascript:alert(1)",
    ])
      expect(await new SignInBrowser(app).signIn(id, next)).toEqual({
        status: 302,
        location: "/me",
      });
  });

  it("names an account by its Discord display name, else its username, without a server nickname", async () => {
    const id = await discordUser("corvin", { roles: [roles.raider], nick: null });
    await new SignInBrowser(app).signIn(id);
    expect((await accountOf(id))?.displayName).toBe("corvin Global");
  });

  it("gives the highest role any mapped Discord role gives, and follows a role change at the next sign-in", async () => {
    const id = await discordUser("dorian", { roles: [roles.raider, roles.officer] });
    const first = new SignInBrowser(app);
    expect(await first.signIn(id)).toEqual({ status: 302, location: "/admin" });
    expect((await sessionOf(first)).data.user).toMatchObject({ role: "officer" });

    await fake.setMember(guildId, id, { roles: [roles.raider] });
    const second = new SignInBrowser(app);
    expect(await second.signIn(id)).toEqual({ status: 302, location: "/me" });
    // The new role holds at once on every device the account is signed in on.
    expect((await sessionOf(first)).data.user).toMatchObject({ role: "user" });
    expect((await sessionOf(second)).data.user).toMatchObject({ role: "user" });

    await fake.setMember(guildId, id, { roles: [roles.guildMaster] });
    expect(await second.signIn(id)).toEqual({ status: 302, location: "/admin" });
    expect((await accountOf(id))?.role).toBe("admin");
  });

  it("returns only to a page the account's role may open: an officer asked for Backup lands on the dashboard", async () => {
    const officer = await discordUser("fenwick", { roles: [roles.officer] });
    expect(await new SignInBrowser(app).signIn(officer, "/admin/record-raid")).toEqual({
      status: 302,
      location: "/admin/record-raid",
    });
    expect(await new SignInBrowser(app).signIn(officer, "/admin/backup")).toEqual({
      status: 302,
      location: "/admin",
    });
    const raider = await discordUser("gale", { roles: [roles.raider] });
    expect(await new SignInBrowser(app).signIn(raider, "/guild-members")).toEqual({
      status: 302,
      location: "/me",
    });
    expect(await new SignInBrowser(app).signIn(raider, "/me/earnings")).toEqual({
      status: 302,
      location: "/me/earnings",
    });
  });

  it("refuses a member whose mapped roles were removed, ends their sessions and disables the account until a role returns", async () => {
    const id = await discordUser("elowen", { roles: [roles.raider] });
    const phone = new SignInBrowser(app);
    const laptop = new SignInBrowser(app);
    await phone.signIn(id);
    await laptop.signIn(id);
    expect((await sessionOf(phone)).status).toBe(200);

    await fake.setMember(guildId, id, { roles: [roles.guest] });
    expect(await phone.signIn(id)).toEqual(refusedWith("discord_no_role"));
    // Both devices are told their access was removed (decision 073), not asked to log in again.
    for (const device of [phone, laptop]) {
      const answer = await sessionOf(device);
      expect(answer.status).toBe(403);
      expect(answer.data).toEqual({ error: ACCESS_REMOVED_NOTICE });
    }
    const account = await accountOf(id);
    expect(account?.disabled).toBe(true);
    expect((await auditFor(db, "account", account?.id as number)).at(-1)).toMatchObject({
      action: "discord_access_removed",
      after: { disabled: true, reason: "discord_no_role", sessionsEnded: 2 },
    });

    // Leaving the server does the same; coming back with a role lets them in again.
    await fake.removeMember(guildId, id);
    expect(await phone.signIn(id)).toEqual(refusedWith("discord_not_member"));
    await fake.setMember(guildId, id, { roles: [roles.raider] });
    expect(await phone.signIn(id)).toEqual({ status: 302, location: "/me" });
    expect((await accountOf(id))?.disabled).toBe(false);
  });

  it("keeps an account an admin disabled disabled, whatever its Discord roles", async () => {
    const id = await discordUser("fenwick", { roles: [roles.raider] });
    await new SignInBrowser(app).signIn(id);
    const account = await accountOf(id);
    const disabled = await admin.post("/_api/admin/accounts/update", { id: account?.id, disabled: true });
    expect(disabled.status).toBe(200);
    expect(await new SignInBrowser(app).signIn(id)).toEqual(refusedWith("discord_disabled"));
  });

  it("refuses a member of another Discord server, and makes no account", async () => {
    const elsewhere = await discordUser("gideon", { roles: [roles.raider] }, otherGuildId);
    expect(await new SignInBrowser(app).signIn(elsewhere)).toEqual(refusedWith("discord_not_member"));
    expect(await accountOf(elsewhere)).toBeUndefined();
    // A server Discord does not know this user in at all (Unknown Guild) is the same refusal.
    await saveSettings({ ...settings, guildId: newSnowflake() });
    expect(await new SignInBrowser(app).signIn(elsewhere)).toEqual(refusedWith("discord_not_member"));
  });

  it("refuses a member with no mapped role, and makes no account", async () => {
    const id = await discordUser("hollis", { roles: [roles.guest] });
    expect(await new SignInBrowser(app).signIn(id)).toEqual(refusedWith("discord_no_role"));
    expect(await accountOf(id)).toBeUndefined();
  });

  it("says so when the person cancels on Discord's page", async () => {
    const browser = new SignInBrowser(app);
    expect(await browser.visit(await SignInBrowser.authorize(await browser.start(), "deny"))).toEqual(
      refusedWith("discord_cancelled"),
    );
  });
});

describe("a sign-in that is not what the portal started", () => {
  beforeEach(async () => {
    expect((await saveSettings()).status).toBe(200);
  });

  it("refuses a forged state", async () => {
    const id = await discordUser("ilsa", { roles: [roles.raider] });
    const browser = new SignInBrowser(app);
    const callback = new URL(await SignInBrowser.authorize(await browser.start(), id));
    callback.searchParams.set("state", "forged-state-0123456789abcdefghijklmnopq");
    expect(await browser.visit(callback.toString())).toEqual(refusedWith("discord_state"));
    expect(await browser.visit("/_api/auth/discord/callback?code=abc")).toEqual(refusedWith("discord_state"));
    expect(browser.session).toBeUndefined();
  });

  it("refuses a replayed state: a callback works once", async () => {
    const id = await discordUser("jory", { roles: [roles.raider] });
    const browser = new SignInBrowser(app);
    const callback = await SignInBrowser.authorize(await browser.start(), id);
    expect((await browser.visit(callback)).status).toBe(302);
    const signedIn = browser.session;
    expect(await browser.visit(callback)).toEqual(refusedWith("discord_state"));
    // The replay opened nothing: the browser keeps the session of the first visit.
    expect(browser.session).toBe(signedIn);
  });

  it("refuses a state another browser started", async () => {
    const id = await discordUser("kestrel", { roles: [roles.raider] });
    const started = new SignInBrowser(app);
    const callback = await SignInBrowser.authorize(await started.start(), id);
    const other = new SignInBrowser(app);
    await other.start();
    expect(await other.visit(callback)).toEqual(refusedWith("discord_browser"));
    expect(await new SignInBrowser(app).visit(callback)).toEqual(refusedWith("discord_state"));
    expect(other.session).toBeUndefined();
  });

  it("refuses a code Discord already exchanged, with a clear message", async () => {
    const id = await discordUser("lark", { roles: [roles.raider] });
    const browser = new SignInBrowser(app);
    const first = new URL(await SignInBrowser.authorize(await browser.start(), id));
    const secondStart = await browser.start();
    expect((await browser.visit(first.toString())).status).toBe(302);
    // The same code again, under a state of this browser's that is still good.
    const reused = new URL(first);
    reused.searchParams.set("state", new URL(secondStart).searchParams.get("state") as string);
    expect(await browser.visit(reused.toString())).toEqual(refusedWith("discord_code"));
    const code = first.searchParams.get("code");
    expect((await fake.exchanges(clientId)).find((grant) => grant.code === code)?.exchanges).toBe(2);
  });

  it("refuses a sign-in when the settings were removed in the meantime", async () => {
    const id = await discordUser("mira", { roles: [roles.raider] });
    const browser = new SignInBrowser(app);
    const callback = await SignInBrowser.authorize(await browser.start(), id);
    await saveSettings({ ...settings, roles: [] });
    expect(await browser.visit(callback)).toEqual(refusedWith("discord_not_configured"));
  });
});

describe("a backup", () => {
  it("carries the accounts' Discord users, and never the application's secret, sealed or not", async () => {
    expect((await saveSettings()).status).toBe(200);
    const id = await discordUser("oriel", { roles: [roles.raider] });
    await new SignInBrowser(app).signIn(id);
    const backup = await admin.get("/_api/admin/backup?includePasswords=1");
    expect(backup.status).toBe(200);
    const [{ box } = { box: "" }] = await db.query<{ box: string }>(
      "SELECT client_secret_box AS box FROM discord_sign_in",
    );
    expect(backup.text).not.toContain(clientSecret);
    expect(backup.text).not.toContain(box);
    const file = JSON.parse(backup.text) as {
      tables: Record<string, { columns: string[]; rows: unknown[][] }>;
    };
    expect(Object.keys(file.tables)).not.toContain("discord_sign_in");
    const users = file.tables.users as { columns: string[]; rows: unknown[][] };
    const row = users.rows.find((r) => r[users.columns.indexOf("discord_id")] === id);
    expect(row?.[users.columns.indexOf("email")]).toBe(`${id}@discord.invalid`);
    // And a restore takes it back as it is.
    const target = await createTestDb();
    try {
      const result = await restoreBackup(target, backup.text, { brand: "Test Guild", replace: false });
      expect(result.restored.users).toBe(users.rows.length);
      expect(await target.query("SELECT role FROM users WHERE discord_id = $1", [id])).toEqual([
        { role: "user" },
      ]);
    } finally {
      await target.close();
    }
  });
});

describe("the last active admin", () => {
  it("is never demoted or disabled by a Discord sign-in, and the audit log says why", async () => {
    expect((await saveSettings()).status).toBe(200);
    const id = await discordUser("nyx", { roles: [roles.guildMaster] });
    const browser = new SignInBrowser(app);
    expect(await browser.signIn(id)).toEqual({ status: 302, location: "/admin" });
    const account = await accountOf(id);
    // Every other admin is disabled: this Discord account is the guild's last.
    const others = await db.query<{ id: number }>(
      "UPDATE users SET disabled = true WHERE role = 'admin' AND NOT disabled AND id <> $1 RETURNING id",
      [account?.id],
    );
    try {
      await fake.setMember(guildId, id, { roles: [roles.raider] });
      expect(await browser.signIn(id)).toEqual({ status: 302, location: "/admin" });
      await fake.setMember(guildId, id, { roles: [] });
      expect(await browser.signIn(id)).toEqual({ status: 302, location: "/admin" });
      expect(await accountOf(id)).toMatchObject({ role: "admin", disabled: false });
      expect((await auditFor(db, "account", account?.id as number)).at(-1)).toMatchObject({
        action: "discord_sign_in",
        after: { role: "admin", note: KEPT_LAST_ADMIN, rolesGive: "none" },
      });
    } finally {
      for (const other of others)
        await db.query("UPDATE users SET disabled = false WHERE id = $1", [other.id]);
    }
    // With another admin back, the roles decide again.
    await fake.setMember(guildId, id, { roles: [roles.raider] });
    expect(await browser.signIn(id)).toEqual({ status: 302, location: "/me" });
  });
});
