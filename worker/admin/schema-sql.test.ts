import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app/create-app.ts";
import { hashPassword } from "../auth/password-hash.ts";
import { setPasswordHash } from "../auth/user-passwords-repo.ts";
import { insertUser, type Role } from "../auth/users-repo.ts";
import type { Db } from "../db/types.ts";
import { TestClient } from "../test/api-client.ts";
import { createTestDb } from "../test/test-db.ts";
import { SCHEMA_MIGRATIONS } from "./schema-migrations.generated.ts";
import { buildSchemaSql } from "./schema-sql.ts";

const pepper = "test-pepper-0123456789";
const PASSWORD = "correct horse battery";
let db: Db;
let app: ReturnType<typeof createApp>;

async function signIn(role: Role) {
  const email = `${role}-${crypto.randomUUID()}@guild.test`;
  const user = await insertUser(db, { email, displayName: `${role} account`, role });
  await setPasswordHash(db, user.id, await hashPassword(PASSWORD, pepper));
  const client = new TestClient(app);
  expect((await client.login(email, PASSWORD)).status).toBe(200);
  return client;
}

beforeAll(async () => {
  db = await createTestDb();
  app = createApp({ db, config: { brand: "Test Guild", timeZone: null, pepper } });
});
afterAll(async () => {
  await db?.close();
});

describe("GET /_api/admin/schema-sql", () => {
  it("answers 401 to anonymous callers and 403 to users", async () => {
    expect(await new TestClient(app).get("/_api/admin/schema-sql")).toMatchObject({
      status: 401,
      data: { error: "Authentication required" },
    });
    expect(await (await signIn("user")).get("/_api/admin/schema-sql")).toMatchObject({
      status: 403,
      data: { error: "Access denied. Your role (user) lacks required permissions." },
    });
  });

  it("answers every migration in order, in one transaction, recorded in schema_migrations", async () => {
    const res = await (await signIn("admin")).get("/_api/admin/schema-sql");
    expect(res.status).toBe(200);
    expect(Object.keys(res.data)).toEqual(["sql"]);
    const sql = res.data.sql as string;
    expect(sql).toBe(buildSchemaSql(SCHEMA_MIGRATIONS, "Test Guild"));
    expect(sql).toMatch(/^-- Test Guild database schema: migrations 001-init/);
    expect(sql).toMatch(/\nBEGIN;\n[\s\S]*\nCOMMIT;\n$/);
    expect(sql).toContain("CREATE TABLE guild_members (");
    expect(sql).toContain("CREATE TABLE IF NOT EXISTS schema_migrations (");
    let at = 0;
    for (const m of SCHEMA_MIGRATIONS) {
      const found = sql.indexOf(m.sql.trimEnd(), at);
      expect(found, m.name).toBeGreaterThan(at);
      const recorded = `INSERT INTO schema_migrations (version, name) VALUES ('${m.version}', '${m.name}');`;
      expect(sql.indexOf(recorded, found)).toBeGreaterThan(found);
      at = found;
    }
  });
});
