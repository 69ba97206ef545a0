import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIT_QUERY_MESSAGES } from "@shared/schemas/audit-log.ts";
import { createApp } from "../app/create-app.ts";
import { hashPassword } from "../auth/password-hash.ts";
import { setPasswordHash } from "../auth/user-passwords-repo.ts";
import { insertUser, type Role } from "../auth/users-repo.ts";
import type { Db } from "../db/types.ts";
import { TestClient } from "../test/api-client.ts";
import { createTestDb } from "../test/test-db.ts";
import { insertAudit } from "./audit-repo.ts";

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

type Page = {
  entries: {
    id: number;
    entityId: string;
    entity: string;
    action: string;
    subject: string | null;
    actorName: string | null;
  }[];
  nextBefore: number | null;
};

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
      actorId: admin.id,
      actorEmail: admin.email,
      actorName: "admin account",
      action: "create",
      entity: "account",
      entityId: String(account.id),
      subject: "Audited",
      before: null,
      after: expect.objectContaining({ id: account.id, email: account.email, role: "user" }),
      createdAt: expect.any(Date),
      via: null,
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
      ["entityId=3", AUDIT_QUERY_MESSAGES.entityId],
      ["entity=market_item&entityId=", AUDIT_QUERY_MESSAGES.entityId],
      ["actor=0", AUDIT_QUERY_MESSAGES.actor],
      ["actor=me", AUDIT_QUERY_MESSAGES.actor],
      ["actor=99999999999", AUDIT_QUERY_MESSAGES.actor],
      ["q=", AUDIT_QUERY_MESSAGES.q],
      ["q=%21%3F%26%7C", AUDIT_QUERY_MESSAGES.q],
      [`q=${"a".repeat(101)}`, AUDIT_QUERY_MESSAGES.q],
      ["q=a+b+c+d+e+f+g+h+i", AUDIT_QUERY_MESSAGES.q],
      ["q=x&q=y", AUDIT_QUERY_MESSAGES.q],
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

  it("names the item and the member, and narrows by one entity, by person and by a search", async () => {
    const officer = await signIn("admin");
    const other = await signIn("admin");
    const tag = crypto.randomUUID().slice(0, 8);
    const member = await officer.client.post("/_api/guild-members", {
      playerName: `Stormhollow${tag}`,
      category: "Core",
    });
    expect(member.status).toBe(201);
    const memberId = (member.data.guildMember as { id: number }).id;
    const created = await officer.client.post("/_api/market-exchange", {
      lootName: `Dragon Scale ${tag}`,
      bossName: "Duskwing",
      value: 1350,
      status: "Pending",
      participatedMembers: `Stormhollow${tag}`,
    });
    expect(created.status).toBe(201);
    const item = created.data.marketExchangeItem as { id: number };
    const other1 = await other.client.post("/_api/market-exchange", {
      lootName: `Ember Ring ${tag}`,
      bossName: "Duskwing",
      value: 80,
      status: "Pending",
      participatedMembers: `Stormhollow${tag}`,
    });
    expect(other1.status).toBe(201);
    expect(
      (
        await officer.client.post("/_api/market-exchange/update", {
          id: item.id,
          value: 1425,
          status: "Sold",
        })
      ).status,
    ).toBe(200);

    const get = async (query: string) => {
      const res = await officer.client.get(`/_api/admin/audit-log?${query}`);
      expect(res.status, JSON.stringify(res.data)).toBe(200);
      return res.data as unknown as Page;
    };

    // One entity: the item's create and update, newest first, named after the item, by the officer's name.
    const oneItem = await get(`entity=market_item&entityId=${item.id}`);
    expect(oneItem.entries.map((e) => [e.action, e.subject, e.actorName])).toEqual([
      ["update", `Dragon Scale ${tag}`, "admin account"],
      ["create", `Dragon Scale ${tag}`, "admin account"],
    ]);
    const oneMember = await get(`entity=guild_member&entityId=${memberId}`);
    expect(oneMember.entries.map((e) => [e.action, e.subject])).toEqual([["create", `Stormhollow${tag}`]]);

    // By person: only what the other admin did.
    const byOther = await get(`actor=${other.user.id}`);
    expect(byOther.entries.map((e) => [e.entity, e.action, e.subject])).toEqual([
      ["market_item", "create", `Ember Ring ${tag}`],
    ]);

    // A search matches the start of each word of the name, in any case, and every word must match.
    const scale = await get(`q=${encodeURIComponent(`dragon SCA ${tag}`)}`);
    expect(scale.entries.map((e) => [e.action, e.subject])).toEqual([
      ["update", `Dragon Scale ${tag}`],
      ["create", `Dragon Scale ${tag}`],
    ]);
    const storm = await get(`q=stormhollow${tag}`);
    expect(storm.entries.map((e) => e.subject)).toEqual([`Stormhollow${tag}`]);
    expect((await get(`q=${encodeURIComponent(`dragon ember ${tag}`)}`)).entries).toEqual([]);
    // Filters combine, and pages go on with the same filters.
    const combined = await get(`q=${tag}&actor=${officer.user.id}&entity=market_item&limit=1`);
    expect(combined.entries.map((e) => e.action)).toEqual(["update"]);
    const next = await get(
      `q=${tag}&actor=${officer.user.id}&entity=market_item&limit=1&before=${combined.nextBefore}`,
    );
    expect(next.entries.map((e) => e.action)).toEqual(["create"]);
    expect(next.nextBefore).toBeNull();
  });

  it("searches by the names entries had before 009 and by entity id and actor email", async () => {
    const { client } = await signIn("admin");
    // '17e9…' reads as a number to Postgres's text-search parser: the words must be taken as they are.
    const tag = `17e9${crypto.randomUUID().slice(0, 8)}`;
    await insertAudit(
      db,
      { id: 1, email: `quartermaster-${tag}@guild.test` },
      {
        action: "delete",
        entity: "boss_name",
        entityId: 987_654,
        before: { name: `Venatus${tag}` },
      },
    );
    const get = async (q: string) =>
      ((await client.get(`/_api/admin/audit-log?q=${encodeURIComponent(q)}`)).data as unknown as Page)
        .entries;
    expect((await get(`venatus${tag}`)).map((e) => e.subject)).toEqual([`Venatus${tag}`]);
    expect((await get(`quartermaster-${tag}`)).map((e) => e.subject)).toEqual([`Venatus${tag}`]);
    expect((await get(`987654 delete boss ${tag}`)).map((e) => e.subject)).toEqual([`Venatus${tag}`]);
  });

  it("runs each filter and the search on an index, not on the whole log", async () => {
    // Enough rows that a scan of the table costs more than an index; the plan is what the route runs.
    await db.query(
      `INSERT INTO audit_log (action, entity, entity_id, subject, actor_email)
       SELECT 'update', 'market_item', (g % 500)::text, 'Item ' || g, 'someone@guild.test'
         FROM generate_series(1, 20000) g`,
    );
    // What autovacuum does on a live server: statistics, and the GIN index's pending entries merged.
    await db.query("VACUUM ANALYZE audit_log");
    const plan = async (where: string, params: unknown[]) => {
      const rows = await db.query<{ "QUERY PLAN": string }>(
        `EXPLAIN SELECT id FROM audit_log a WHERE ${where} ORDER BY a.id DESC LIMIT 51`,
        params,
      );
      return rows.map((row) => row["QUERY PLAN"]).join("\n");
    };
    expect(await plan("a.search @@ $1::tsquery", ["item:* & 1234:*"])).toMatch(/audit_log_search_idx/);
    expect(await plan("a.actor_id = $1", [424242])).toMatch(/audit_log_actor_idx/);
    expect(await plan("a.entity = $1 AND a.entity_id = $2", ["market_item", "77"])).toMatch(
      /audit_log_entity_one_idx/,
    );
    expect(await plan("a.entity = $1", ["boss_timer"])).toMatch(/audit_log_entity_kind_idx/);
  });
});
