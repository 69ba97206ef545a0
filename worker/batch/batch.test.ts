import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GuildMember } from "@shared/schemas/members.ts";
import { duplicateMemberMessage } from "@shared/schemas/members.ts";
import {
  type BatchResult,
  MAX_BATCH_BYTES,
  MAX_BATCH_WRITES,
  NOT_TRIED,
  NOT_TRIED_STATUS,
  STILL_PROCESSING,
} from "@shared/sync/write-batch.ts";
import { WRITE_OWNER_HEADER, WRITTEN_BY_ANOTHER_ACCOUNT } from "@shared/sync/write-owner.ts";
import { type Portal, setUpPortal, uniqueName } from "../salary/portal-test-setup.ts";
import type { TestClient } from "../test/api-client.ts";

let portal: Portal;

beforeAll(async () => {
  portal = await setUpPortal("batch");
});
afterAll(async () => {
  await portal?.close();
});

let keys = 0;
const newKey = () => `batch-test-${Date.now()}-${++keys}`;

/** A write as the web app's outbox puts it in a batch: the body in superjson's { json, meta } form. */
function write(path: string, args: unknown, key = newKey(), owner?: number) {
  return { key, path: `/_api${path}`, body: superjson.serialize(args), ...(owner ? { owner } : {}) };
}

async function batch(client: TestClient, writes: unknown[], headers?: Record<string, string>) {
  const res = await client.post("/_api/batch", { writes }, headers);
  return { ...res, results: (res.data as { results?: BatchResult[] }).results ?? [] };
}

const memberCreate = (name: string, key?: string) =>
  write("/guild-members", { playerName: name, category: "Members" }, key);

async function membersNamed(name: string): Promise<GuildMember[]> {
  const res = await portal.admin.get("/_api/guild-members?status=all");
  return (res.data.guildMembers as GuildMember[]).filter((m) => m.playerName === name);
}

async function auditCount(action: string, entity: string): Promise<number> {
  const rows = await portal.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM audit_log WHERE action = $1 AND entity = $2",
    [action, entity],
  );
  return rows[0]?.n ?? 0;
}

describe("POST /_api/batch", () => {
  it("applies each write by its own route, in order, and answers each as the route alone would", async () => {
    const first = uniqueName("Batched");
    const second = uniqueName("Batched");
    const alone = await portal.admin.post("/_api/guild-members", {
      playerName: uniqueName("Alone"),
      category: "Members",
    });
    const res = await batch(portal.admin, [memberCreate(first), memberCreate(second)]);

    expect(res.status).toBe(200);
    expect(res.results.map((r) => r.status)).toEqual([201, 201]);
    const [a, b] = res.results.map((r) => (r.body as { guildMember: GuildMember }).guildMember);
    expect(a?.playerName).toBe(first);
    expect(b?.playerName).toBe(second);
    // The same shape as the single call's answer, Dates included, and in the order given.
    expect(Object.keys(res.results[0]?.body as object)).toEqual(Object.keys(alone.data));
    expect(a?.createdAt).toBeInstanceOf(Date);
    expect(a?.id).toBeLessThan(b?.id ?? 0);
  });

  it("applies a write once when the batch comes again, answering what it answered the first time", async () => {
    const name = uniqueName("Again");
    const writes = [memberCreate(name), write("/guild-member/update", { id: 1, category: "Core" })];
    const first = await batch(portal.admin, writes);
    const second = await batch(portal.admin, writes);

    expect(second.results).toEqual(first.results);
    expect(await membersNamed(name)).toHaveLength(1);
  });

  it("answers a write first sent alone from its stored answer when it comes in a batch (the same key and body)", async () => {
    const name = uniqueName("FirstAlone");
    const key = newKey();
    const alone = await portal.admin.post(
      "/_api/guild-members",
      { playerName: name, category: "Members" },
      { "Idempotency-Key": key },
    );
    expect(alone.status).toBe(201);
    const res = await batch(portal.admin, [memberCreate(name, key)]);

    expect(res.results[0]).toEqual({ key, status: 201, body: alone.data });
    expect(await membersNamed(name)).toHaveLength(1);
  });

  it("answers 422 for a write whose key was used for another body, and still applies the others", async () => {
    const key = newKey();
    await batch(portal.admin, [memberCreate(uniqueName("Keyed"), key)]);
    const other = uniqueName("Other");
    const res = await batch(portal.admin, [memberCreate(uniqueName("Reused"), key), memberCreate(other)]);
    expect(res.results.map((r) => r.status)).toEqual([422, 201]);
    expect(await membersNamed(other)).toHaveLength(1);
  });

  it("answers a refusal with the route's own status and message and goes on with the next write", async () => {
    const taken = uniqueName("Taken");
    const next = uniqueName("Next");
    const res = await batch(portal.admin, [
      memberCreate(taken),
      memberCreate(taken),
      write("/boss-timers", { bossName: "No such boss" }),
      memberCreate(next),
    ]);
    expect(res.results.map((r) => r.status)).toEqual([201, 409, 404, 201]);
    expect(res.results[1]?.body).toEqual({ error: duplicateMemberMessage(taken) });
    expect(await membersNamed(next)).toHaveLength(1);
  });

  it("checks each write's role as its route does: a raider's admin write is refused, their timer start is not", async () => {
    await portal.admin.post("/_api/boss-names", {
      name: uniqueName("BATCHBOSS").toUpperCase(),
      respawn_time_hours: 10,
    });
    const bosses = (await portal.admin.get("/_api/public/boss-names")).data.bossNames as { name: string }[];
    const boss = bosses.at(-1)?.name ?? "";
    const name = uniqueName("NotByRaider");
    const res = await batch(portal.user, [
      memberCreate(name),
      write("/boss-timers", { bossName: boss, startTime: new Date() }),
    ]);

    expect(res.results.map((r) => r.status)).toEqual([403, 200]);
    expect(await membersNamed(name)).toHaveLength(0);
  });

  it("stops at a write whose key is still being processed: the writes after it are not tried", async () => {
    const busy = newKey();
    await portal.db.query(
      `INSERT INTO idempotency_keys (key, user_id, method, path, request_hash, response_status, response_body)
       VALUES ($1, NULL, 'POST', '/_api/guild-members', 'in flight', 0, '')`,
      [busy],
    );
    const before = uniqueName("Before");
    const after = uniqueName("After");
    const res = await batch(portal.admin, [
      memberCreate(before),
      memberCreate(uniqueName("Busy"), busy),
      memberCreate(after),
    ]);

    expect(res.results.map((r) => r.status)).toEqual([201, 409, NOT_TRIED_STATUS]);
    expect(res.results[1]?.body).toEqual({ error: STILL_PROCESSING });
    expect(res.results[2]?.body).toEqual({ error: NOT_TRIED });
    expect(await membersNamed(before)).toHaveLength(1);
    expect(await membersNamed(after)).toHaveLength(0);
  });

  it("sends each write's owner as its Write-Owner: another account's write waits and stops the batch", async () => {
    const session = await portal.admin.get("/_api/auth/session");
    const me = (session.data.user as { id: number }).id;
    const mine = uniqueName("Mine");
    const res = await batch(portal.admin, [
      { ...memberCreate(mine), owner: me },
      { ...memberCreate(uniqueName("Theirs")), owner: me + 1_000 },
      memberCreate(uniqueName("Behind")),
    ]);
    expect(res.results.map((r) => r.status)).toEqual([201, 409, NOT_TRIED_STATUS]);
    expect(res.results[1]?.body).toMatchObject({ error: WRITTEN_BY_ANOTHER_ACCOUNT });
    expect(WRITE_OWNER_HEADER).toBe("Write-Owner");
  });

  it("keeps each write's own body limit and validation", async () => {
    const long = "x".repeat(70 * 1024);
    const res = await batch(portal.admin, [
      write("/guild-members", { playerName: long, category: "Members" }),
      write("/guild-members", { playerName: "", category: "Members" }),
    ]);
    expect(res.results.map((r) => r.status)).toEqual([413, 400]);
  });

  it("audits each write once, under the caller", async () => {
    const before = await auditCount("create", "guild_member");
    await batch(portal.admin, [memberCreate(uniqueName("Audited")), memberCreate(uniqueName("Audited"))]);
    expect(await auditCount("create", "guild_member")).toBe(before + 2);
  });

  it("refuses a caller without a session before reading the body", async () => {
    const res = await batch(portal.anonymous, [memberCreate(uniqueName("Anon"))]);
    expect(res.status).toBe(401);
  });

  it("refuses a cross-site batch as it refuses a cross-site write", async () => {
    const res = await batch(portal.admin, [memberCreate(uniqueName("Cross"))], {
      origin: "https://evil.example",
    });
    expect(res.status).toBe(403);
  });

  it("takes only write calls under /_api, each key once, at most the limit of writes and bytes", async () => {
    for (const path of ["/auth/logout", "/batch", "/guild-members?x=1", "/../guild-members"]) {
      const res = await batch(portal.admin, [{ ...memberCreate("Nope"), path: `/_api${path}` }]);
      expect(res.status, path).toBe(400);
    }
    expect((await batch(portal.admin, [{ ...memberCreate("Nope"), path: "/elsewhere" }])).status).toBe(400);
    const key = newKey();
    expect((await batch(portal.admin, [memberCreate("A", key), memberCreate("B", key)])).status).toBe(400);
    expect((await batch(portal.admin, [])).status).toBe(400);
    const many = Array.from({ length: MAX_BATCH_WRITES + 1 }, () => memberCreate(uniqueName("Many")));
    expect((await batch(portal.admin, many)).status).toBe(400);
    const big = Array.from({ length: 3 }, () =>
      write("/market-exchange", {
        lootName: "Big",
        bossName: "X",
        value: "1",
        participatedMembers: "y".repeat(MAX_BATCH_BYTES / 3),
      }),
    );
    expect((await batch(portal.admin, big)).status).toBe(413);
  });
});
