import { Hono } from "hono";
import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/types.ts";
import { createTestDb } from "../test/test-db.ts";
import { ApiError } from "./api-error.ts";
import type { AppEnv } from "./context.ts";
import { sendError } from "./respond.ts";
import { idempotency, KEY_REUSED, write } from "./write.ts";

let db: Db;
let app: Hono<AppEnv>;

beforeAll(async () => {
  db = await createTestDb();
  await db.exec("CREATE TABLE write_probe (id serial PRIMARY KEY, label text NOT NULL)");
  app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set("db", db);
    const as = c.req.header("x-test-user");
    c.set(
      "user",
      as
        ? { id: Number(as), email: `u${as}@guild.test`, displayName: as, role: "user", avatarUrl: null }
        : null,
    );
    await next();
  });
  app.use(idempotency);
  app.post("/probe", async (c) => {
    const { label } = (await c.req.json()) as { label: string };
    return write(c, async ({ tx, audit }) => {
      const rows = await tx.query<{ id: number }>(
        "INSERT INTO write_probe (label) VALUES ($1) RETURNING id",
        [label],
      );
      await audit({ action: "create", entity: "write_probe", entityId: rows[0]?.id, after: { label } });
      if (label === "fail") throw new ApiError(400, "Label refused");
      return { id: rows[0]?.id, at: new Date(0) };
    });
  });
  app.onError((err, c) =>
    err instanceof ApiError ? sendError(c, err.status, err.message) : sendError(c, 500, "x"),
  );
});
afterAll(async () => {
  await db?.close();
});

function post(label: string, key?: string, userId?: number) {
  return app.request("/probe", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(key ? { "idempotency-key": key } : {}),
      ...(userId ? { "x-test-user": String(userId) } : {}),
    },
    body: JSON.stringify({ label }),
  });
}
const count = async (sql: string, params: unknown[] = []) =>
  (await db.query<{ n: number }>(sql, params))[0]?.n ?? -1;

describe("write(): one transaction with audit and idempotency", () => {
  it("applies a write once per Idempotency-Key and answers the stored body on a repeat", async () => {
    const first = await post("alpha", "key-alpha");
    expect(first.status).toBe(200);
    const body = await first.text();
    expect(superjson.parse(body)).toMatchObject({ at: new Date(0) });
    const again = await post("alpha", "key-alpha");
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.text()).toBe(body);
    expect(await count("SELECT count(*)::int AS n FROM write_probe WHERE label = 'alpha'")).toBe(1);
    expect(
      await count(
        "SELECT count(*)::int AS n FROM audit_log WHERE entity = 'write_probe' AND after->>'label' = 'alpha'",
      ),
    ).toBe(1);
  });

  it("answers 422 for the same key with another body, and applies nothing", async () => {
    await post("beta", "key-beta");
    const other = await post("gamma", "key-beta");
    expect(other.status).toBe(422);
    expect(await other.json()).toEqual({ error: KEY_REUSED });
    expect(await count("SELECT count(*)::int AS n FROM write_probe WHERE label = 'gamma'")).toBe(0);
  });

  it("never replays one caller's stored answer to another caller", async () => {
    const users = await db.query<{ id: number }>(
      "INSERT INTO users (email, display_name, role) VALUES ('k1@guild.test', 'K1', 'user'), ('k2@guild.test', 'K2', 'user') RETURNING id",
    );
    const [one, two] = users.map((u) => u.id);
    expect((await post("eta", "key-eta", one)).status).toBe(200);
    const other = await post("eta", "key-eta", two);
    expect(other.status).toBe(422);
    expect(other.headers.get("idempotent-replayed")).toBeNull();
    expect((await post("eta", "key-eta")).status).toBe(422);
    expect(await count("SELECT count(*)::int AS n FROM write_probe WHERE label = 'eta'")).toBe(1);
  });

  it("rolls back the change, the audit entry and the key when the write fails", async () => {
    const res = await post("fail", "key-fail");
    expect(res.status).toBe(400);
    expect(await count("SELECT count(*)::int AS n FROM write_probe WHERE label = 'fail'")).toBe(0);
    expect(await count("SELECT count(*)::int AS n FROM audit_log WHERE after->>'label' = 'fail'")).toBe(0);
    expect(await count("SELECT count(*)::int AS n FROM idempotency_keys WHERE key = 'key-fail'")).toBe(0);
  });

  it("without a key every call applies, and a malformed key is a 400", async () => {
    await post("delta");
    await post("delta");
    expect(await count("SELECT count(*)::int AS n FROM write_probe WHERE label = 'delta'")).toBe(2);
    const bad = await post("epsilon", "has spaces");
    expect(bad.status).toBe(400);
  });

  it("two concurrent requests with one key apply once", async () => {
    const [a, b] = await Promise.all([post("zeta", "key-zeta"), post("zeta", "key-zeta")]);
    expect([a.status, b.status].sort()).toEqual([200, 200]);
    expect(await count("SELECT count(*)::int AS n FROM write_probe WHERE label = 'zeta'")).toBe(1);
  });
});
