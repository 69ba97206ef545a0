import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app/create-app.ts";
import { hashPassword } from "../auth/password-hash.ts";
import { setPasswordHash } from "../auth/user-passwords-repo.ts";
import { insertUser, type Role } from "../auth/users-repo.ts";
import type { Db } from "../db/types.ts";
import { TestClient } from "../test/api-client.ts";
import { createTestDb } from "../test/test-db.ts";
import { insertAudit } from "./audit-repo.ts";
import { AUDIT_QUERY_MESSAGES } from "./audit-routes.ts";

const pepper = "test-pepper-0123456789";
const PASSWORD = "correct horse battery";
let db: Db;
let app: ReturnType<typeof createApp>;
let passwordHash: string;

async function signIn(role: Role) {
  const email = `${role}-${crypto.randomUUID()}@guild.test`;
  const user = await insertUser(db, { email, displayName: `${role} account`, role });
  await setPasswordHash(db, user.id, passwordHash);
  const client = new TestClient(app);
  expect((await client.login(email, PASSWORD)).status).toBe(200);
  return { user, client };
}

/** `count` entries of an entity no other test uses, oldest first; answers their ids. */
async function seedEntries(count: number) {
  const entity = `test-${crypto.randomUUID()}`;
  for (let i = 0; i < count; i++) {
    await insertAudit(db, null, {
      action: "update",
      entity,
      entityId: i,
      before: { n: i },
      after: { n: i + 1 },
    });
  }
  const rows = await db.query<{ id: number }>("SELECT id FROM audit_log WHERE entity = $1 ORDER BY id", [
    entity,
  ]);
  return { entity, ids: rows.map((r) => r.id) };
}

type Page = { entries: { id: number; entityId: string }[]; nextBefore: number | null };

beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD, pepper);
  db = await createTestDb();
  app = createApp({ db, config: { brand: "Test Guild", timeZone: null, pepper } });
});
afterAll(async () => {
  await db?.close();
});

describe("audit log", () => {
  it("answers 401 to anonymous callers and 403 to users", async () => {
    expect(await new TestClient(app).get("/_api/admin/audit-log")).toMatchObject({
      status: 401,
      data: { error: "Authentication required" },
    });
    const { client } = await signIn("user");
    expect(await client.get("/_api/admin/audit-log")).toMatchObject({
      status: 403,
      data: { error: "Access denied. Your role (user) lacks required permissions." },
    });
  });

  it("shows who did what: an account created through the API, with the entry's fields", async () => {
    const { client, user: admin } = await signIn("admin");
    const created = await client.post("/_api/admin/accounts", {
      email: `audited-${crypto.randomUUID()}@guild.test`,
      displayName: "Audited",
      role: "user",
      password: "password for audit",
    });
    const account = created.data.account as { id: number; email: string };
    const res = await client.get("/_api/admin/audit-log?entity=account&limit=200");
    expect(res.status).toBe(200);
    const entries = res.data.entries as Record<string, unknown>[];
    const entry = entries.find((e) => e.entityId === String(account.id));
    expect(entry).toEqual({
      id: expect.any(Number),
      actorEmail: admin.email,
      action: "create",
      entity: "account",
      entityId: String(account.id),
      before: null,
      after: expect.objectContaining({ id: account.id, email: account.email, role: "user" }),
      createdAt: expect.any(Date),
    });
    expect(JSON.stringify(entries)).not.toMatch(/pbkdf2|password for audit/);
  });

  it("pages newest first with nextBefore until the oldest entry, and filters by entity", async () => {
    const { client } = await signIn("admin");
    const { entity, ids } = await seedEntries(5);
    const newestFirst = [...ids].reverse();

    const seen: number[] = [];
    const nexts: (number | null)[] = [];
    let before: number | null = null;
    do {
      const url: string = `/_api/admin/audit-log?entity=${entity}&limit=2${before ? `&before=${before}` : ""}`;
      const res = await client.get(url);
      expect(res.status).toBe(200);
      const page = res.data as unknown as Page;
      seen.push(...page.entries.map((e) => e.id));
      nexts.push(page.nextBefore);
      before = page.nextBefore;
    } while (before !== null);
    expect(seen).toEqual(newestFirst);
    expect(nexts).toEqual([newestFirst[1], newestFirst[3], null]);

    // A page that ends exactly at the oldest entry has no next page.
    const exact = (await client.get(`/_api/admin/audit-log?entity=${entity}&limit=5`))
      .data as unknown as Page;
    expect(exact.entries.map((e) => e.id)).toEqual(newestFirst);
    expect(exact.nextBefore).toBeNull();

    const none = (await client.get("/_api/admin/audit-log?entity=no-such-entity")).data as unknown as Page;
    expect(none).toEqual({ entries: [], nextBefore: null });
  });

  it("answers 50 entries by default and at most 200", async () => {
    const { client } = await signIn("admin");
    const { ids } = await seedEntries(201);
    const newestFirst = [...ids].reverse();
    const byDefault = (await client.get("/_api/admin/audit-log")).data as unknown as Page;
    expect(byDefault.entries.map((e) => e.id)).toEqual(newestFirst.slice(0, 50));
    expect(byDefault.nextBefore).toBe(newestFirst[49]);
    const most = (await client.get("/_api/admin/audit-log?limit=200")).data as unknown as Page;
    expect(most.entries).toHaveLength(200);
    expect(most.nextBefore).toBe(newestFirst[199]);
  });

  it("answers 400 for bad query values and unknown parameters", async () => {
    const { client } = await signIn("admin");
    const cases: [string, string][] = [
      ["limit=0", AUDIT_QUERY_MESSAGES.limit],
      ["limit=201", AUDIT_QUERY_MESSAGES.limit],
      ["limit=abc", AUDIT_QUERY_MESSAGES.limit],
      ["limit=-1", AUDIT_QUERY_MESSAGES.limit],
      ["limit=1.5", AUDIT_QUERY_MESSAGES.limit],
      ["limit=", AUDIT_QUERY_MESSAGES.limit],
      ["limit=1&limit=2", AUDIT_QUERY_MESSAGES.limit],
      ["before=0", AUDIT_QUERY_MESSAGES.before],
      ["before=x", AUDIT_QUERY_MESSAGES.before],
      ["before=1e3", AUDIT_QUERY_MESSAGES.before],
      ["entity=", AUDIT_QUERY_MESSAGES.entity],
      [`entity=${"e".repeat(101)}`, AUDIT_QUERY_MESSAGES.entity],
      ["page=2", "Unknown query parameter: page"],
    ];
    for (const [query, message] of cases) {
      const res = await client.get(`/_api/admin/audit-log?${query}`);
      expect({ query, status: res.status, data: res.data }).toEqual({
        query,
        status: 400,
        data: { error: message },
      });
    }
  });
});
