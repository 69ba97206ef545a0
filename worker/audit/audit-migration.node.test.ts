// Node only: the migrations are read from sql/ on disk, and the database is an in-memory PGlite.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../db/migrate.ts";
import type { Db } from "../db/types.ts";
import { loadMigrations } from "../node/load-sql.ts";
import { createBlankPgliteDb } from "../test/pglite-test-db.ts";
import { listAudit } from "./audit-repo.ts";

let db: Db;

beforeAll(async () => {
  db = await createBlankPgliteDb();
  const all = loadMigrations();
  // A log written before 009: entries with names only inside their stored values.
  await migrate(
    db,
    all.filter((m) => m.version < "009"),
  );
  const insert = (entity: string, entityId: string | null, before: unknown, after: unknown) =>
    db.query(
      `INSERT INTO audit_log (actor_email, action, entity, entity_id, before, after)
       VALUES ('officer@guild.example', 'update', $1, $2, $3::jsonb, $4::jsonb)`,
      [entity, entityId, JSON.stringify(before), JSON.stringify(after)],
    );
  await insert(
    "market_item",
    "3",
    { lootName: "Dragon Scale", value: "1350.00" },
    { lootName: "Dragon Scale", value: "1425.00" },
  );
  await insert("guild_member", "9", { playerName: "Gone Raider" }, null);
  await insert("boss_timer", "Venatus", null, null);
  await insert("salaries", null, { funds: {} }, { changedSalaries: [] });
  await insert("market_item", null, [{ id: 1 }], { resetItemIds: [1] });
  await migrate(db, all);
}, 120_000);

afterAll(async () => {
  await db?.close();
});

describe("sql/009 on an existing log", () => {
  it("names the entries written before it, and makes them searchable", async () => {
    const rows = await listAudit(db, { limit: 10 });
    expect(rows.map((row) => [row.entity, row.subject]).reverse()).toEqual([
      ["market_item", "Dragon Scale"],
      ["guild_member", "Gone Raider"],
      ["boss_timer", "Venatus"],
      ["salaries", null],
      ["market_item", null],
    ]);
    expect((await listAudit(db, { limit: 10, words: ["dragon"] })).map((row) => row.entityId)).toEqual(["3"]);
    expect(
      (await listAudit(db, { limit: 10, words: ["officer", "gone"] })).map((row) => row.entityId),
    ).toEqual(["9"]);
  });
});
