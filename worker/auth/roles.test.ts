/**
 * Who may make each call (docs/product.md#who-may-do-what, decision 067), on every driver: each declared call is
 * made by a visitor, a raider, an officer and an admin, and the server lets through exactly the roles its
 * declaration names (docs/api.md's table is written from the same declarations). Then what the officer role is
 * for, with real bodies: an officer records loot, attendance and members and reads the books, and cannot restore,
 * manage accounts, pay or record spending.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_CALLS } from "@shared/contract/all-calls.ts";
import { type AccountRole, mayCall } from "@shared/contract/roles.ts";
import { type Portal, setUpPortal, signInAs } from "../salary/portal-test-setup.ts";
import type { TestClient } from "../test/api-client.ts";

let portal: Portal;
let officer: TestClient;
const callers: { role: AccountRole | null; client: () => TestClient }[] = [
  { role: null, client: () => portal.anonymous },
  { role: "user", client: () => portal.user },
  { role: "officer", client: () => officer },
  { role: "admin", client: () => portal.admin },
];

beforeAll(async () => {
  portal = await setUpPortal("roles");
  officer = await signInAs(portal, "roles", "officer");
});
afterAll(() => portal.close());

const refusal = (role: AccountRole) => ({
  error: `Access denied. Your role (${role}) lacks required permissions.`,
});

describe("every call, every role", () => {
  const guarded = ALL_CALLS.filter((call) => call.role !== "public");

  it.each(callers.map(({ role }) => [role ?? "visitor", role] as const))(
    "a %s is let through exactly the calls its role may make, and refused the others before the body is read",
    async (_name, role) => {
      const { client } = callers.find((caller) => caller.role === role) as (typeof callers)[number];
      const seen: string[] = [];
      for (const call of guarded) {
        // An empty body: an allowed call answers its own validation (or its data), never a refusal or a crash.
        const res = await client().call(
          call.method,
          `/_api${call.path}`,
          call.method === "GET" ? undefined : "{}",
        );
        const allowed = mayCall(role, call.role);
        const outcome = allowed
          ? res.status === 401 || res.status === 403 || res.status >= 500
            ? `refused ${res.status}`
            : "let through"
          : role === null
            ? res.status === 401
              ? "refused"
              : `let through ${res.status}`
            : res.status === 403 && JSON.stringify(res.data) === JSON.stringify(refusal(role))
              ? "refused"
              : `let through ${res.status}`;
        seen.push(`${call.method} ${call.path}: ${outcome}`);
      }
      expect(seen).toEqual(
        guarded.map(
          (call) => `${call.method} ${call.path}: ${mayCall(role, call.role) ? "let through" : "refused"}`,
        ),
      );
    },
  );
});

describe("the officer role", () => {
  it("records loot, attendance and a new member, and reads payouts, funds and the whole roster", async () => {
    const boss = await officer.post("/_api/boss-names", { name: "Officer Venatus", respawn_time_hours: 10 });
    expect(boss.status, JSON.stringify(boss.data)).toBe(201);
    const member = await officer.post("/_api/guild-members", { playerName: "Officerkin", category: "Core" });
    expect(member.status, JSON.stringify(member.data)).toBe(201);
    const loot = await officer.post("/_api/market-exchange", {
      lootName: "Officer's Blade",
      bossName: "Officer Venatus",
      value: 1250,
      status: "Pending",
      participatedMembers: "Officerkin",
      totalFunds: 0,
      dateAcquired: "2026-11-15",
    });
    expect(loot.status, JSON.stringify(loot.data)).toBe(201);
    const yesterday = new Date(Date.now() - 24 * 3_600_000);
    yesterday.setUTCHours(12, 0, 0, 0);
    const attendance = await officer.post("/_api/attendance", {
      bossName: "Officer Venatus",
      dateAttended: yesterday,
      participatedMembers: ["Officerkin"],
    });
    expect(attendance.status, JSON.stringify(attendance.data)).toBe(201);
    for (const path of [
      "/_api/payouts",
      "/_api/payouts/balances",
      "/_api/guild-funds",
      "/_api/fund-spending",
    ]) {
      expect((await officer.get(path)).status, path).toBe(200);
    }
    expect((await officer.get("/_api/guild-members?status=all")).status).toBe(200);
  });

  it("syncs what admins sync, under a cursor of its own", async () => {
    const officerChanges = await officer.get("/_api/changes");
    const adminChanges = await portal.admin.get("/_api/changes");
    expect(officerChanges.status).toBe(200);
    expect(String(officerChanges.data.cursor)).toMatch(/^o\./);
    expect(Object.keys(officerChanges.data.changes as object).sort()).toEqual(
      Object.keys(adminChanges.data.changes as object).sort(),
    );
    expect(Object.keys(officerChanges.data.changes as object)).toContain("payouts");
    // A raider's cursor is not an officer's: given one, the officer gets everything again.
    const raider = await portal.user.get("/_api/changes");
    const again = await officer.get(`/_api/changes?since=${encodeURIComponent(String(raider.data.cursor))}`);
    expect(again.data.full).toBe(true);
  });

  it("cannot restore, manage accounts, pay or record spending, and nothing is written", async () => {
    const accounts = await portal.admin.get("/_api/admin/accounts");
    const before = (accounts.data.accounts as unknown[]).length;
    const attempts = [
      await officer.post("/_api/admin/accounts", {
        email: "promoted@guild.test",
        displayName: "Promoted",
        role: "admin",
        password: "a long password",
      }),
      await officer.call("POST", "/_api/admin/restore", "{}"),
      await officer.post("/_api/payouts", { memberId: 1, amount: "10.00", paidAt: new Date() }),
      await officer.post("/_api/fund-spending", {
        fund: "guild",
        amount: 1000,
        purpose: "Potions",
        spentOn: "2026-11-20",
      }),
      await officer.get("/_api/admin/backup"),
      await officer.get("/_api/admin/audit-log"),
    ];
    expect(attempts.map((res) => res.status)).toEqual([403, 403, 403, 403, 403, 403]);
    expect(attempts[0]?.data).toEqual(refusal("officer"));
    expect(((await portal.admin.get("/_api/admin/accounts")).data.accounts as unknown[]).length).toBe(before);
  });

  it("is a role an admin can give, and the last admin cannot be made an officer", async () => {
    const list = await portal.admin.get("/_api/admin/accounts");
    const accounts = list.data.accounts as { id: number; role: string; email: string }[];
    const created = await portal.admin.post("/_api/admin/accounts", {
      email: "new-officer@guild.test",
      displayName: "New Officer",
      role: "officer",
      password: "a long password",
    });
    expect(created.status).toBe(201);
    expect((created.data.account as { role: string }).role).toBe("officer");
    // Every other admin made an officer first, then the admin making the changes.
    const me = (await portal.admin.get("/_api/auth/session")).data.user as { id: number };
    const others = accounts.filter((account) => account.role === "admin" && account.id !== me.id);
    for (const other of others) {
      expect(
        (await portal.admin.post("/_api/admin/accounts/update", { id: other.id, role: "officer" })).status,
      ).toBe(200);
    }
    const demoted = await portal.admin.post("/_api/admin/accounts/update", { id: me.id, role: "officer" });
    expect(demoted.status).toBe(400);
    expect(demoted.data).toEqual({
      error: "The last active admin cannot be disabled or demoted. Make another account an admin first.",
    });
  });
});
