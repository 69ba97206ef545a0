// The web app's calls as it makes them, through their declarations (decision 061), against the real API over
// HTTP: each goes to its declared path with its declared encodings, and the answer is the declared one.
import { beforeEach, describe, expect, it } from "vitest";
import { AUDIT_CALLS } from "@shared/contract/audit.ts";
import { SESSION_CALLS } from "@shared/contract/auth.ts";
import { BACKUP_CALLS } from "@shared/contract/backup.ts";
import { GUILD_SETTINGS_CALLS } from "@shared/contract/guild-settings.ts";
import { MEMBER_CALLS } from "@shared/contract/members.ts";
import { PAYOUT_CALLS } from "@shared/contract/payouts.ts";
import { RESTORE_NOT_EMPTY } from "@shared/schemas/backup.ts";
import { type ApiClient, ApiError, createApiClient } from "@web/lib/api-client.ts";
import { MUTATIONS } from "./mutations.ts";
import { testApiServer } from "./testing/test-api-server.ts";

const server = testApiServer();
const client = (): ApiClient => createApiClient(server.origin, { fetch: server.fetch });

beforeEach(() => server.reset());

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("declared calls from the web app", () => {
  it("sends a body and a query as declared, and answers the declared shape (Dates as Dates)", async () => {
    const api = client();
    const { guildMember } = await api.call(MEMBER_CALLS.create, {
      body: { playerName: "Eskil & Co", category: "Members" },
    });
    expect(guildMember.createdAt).toBeInstanceOf(Date);
    const active = await api.call(MEMBER_CALLS.list);
    const all = await api.call(MEMBER_CALLS.list, { query: { status: "all" } });
    expect(active.guildMembers.map((m) => m.playerName)).not.toContain("Dagny");
    expect(all.guildMembers.map((m) => m.playerName)).toEqual(
      expect.arrayContaining(["Dagny", "Eskil & Co"]),
    );
    // A query value with spaces and an ampersand arrives whole.
    const page = await api.call(AUDIT_CALLS.list, { query: { limit: "5", q: "Eskil & Co" } });
    expect(page.entries.map((entry) => entry.subject)).toContain("Eskil & Co");
  });

  it("answers a refusal with the server's message and status", async () => {
    const error = await refusal(client().call(MEMBER_CALLS.list, { query: { status: "gone" as "all" } }));
    expect(error.status).toBe(400);
    expect(error.source).toBe("server");
  });

  it("downloads a declared file with the name the server gives it", async () => {
    const file = await client().file(PAYOUT_CALLS.exportCsv);
    expect(file.fileName).toMatch(/^payouts-\d{4}-\d{2}-\d{2}\.csv$/);
    expect((await file.blob.text()).split("\r\n")[0]).toContain("Member");
  });

  it("sends a file's text as it is (a restore) and shows the refusal beside its message", async () => {
    const api = client();
    const backup = await api.file(BACKUP_CALLS.backup, { query: { includePasswords: "0" } });
    expect(backup.fileName).toMatch(/^guild-portal-backup-.*\.json$/);
    const error = await refusal(api.call(BACKUP_CALLS.restore, { body: await backup.blob.text() }));
    expect(error.message).toBe(RESTORE_NOT_EMPTY);
  });

  it("saves a PUT's body and reads it back through the public read", async () => {
    const api = client();
    const saved = await api.call(GUILD_SETTINGS_CALLS.save, { body: { timeZone: "asia/manila" } });
    expect(saved).toEqual({
      timeZone: "Asia/Manila",
      timeZoneSource: "guild-settings",
      afterMaintenance: "ready",
      guildName: "Test Guild",
      guildNameSource: "GUILD_BRAND",
      splitRules: [],
    });
    expect(await api.call(GUILD_SETTINGS_CALLS.read)).toEqual(saved);
  });

  it("signs out through the session calls", async () => {
    const api = client();
    expect((await api.call(SESSION_CALLS.session)).user.role).toBe("admin");
    await api.call(SESSION_CALLS.logout);
    expect((await refusal(api.call(SESSION_CALLS.session))).status).toBe(401);
  });
});

describe("queued writes", () => {
  it("each goes to a declared POST path", async () => {
    const { ALL_CALLS } = await import("@shared/contract/all-calls.ts");
    const posts = new Set(ALL_CALLS.filter((c) => c.method === "POST").map((c) => c.path));
    const undeclared = Object.entries(MUTATIONS)
      .filter(([, mutation]) => !posts.has(mutation.path as `/${string}`))
      .map(([name]) => name);
    expect(undeclared).toEqual([]);
  });
});
