/**
 * How long importing 10,000 market rows takes on embedded PGlite: `npx tsx worker/import/import.bench.ts`.
 * Prints the whole API call (validation, multi-row INSERTs, one recalculation, audit, commit) and, on a
 * second database, the INSERTs and the recalculation on their own. A benchmark, not a test: nothing here
 * fails on time.
 */
import { createApp } from "../app/create-app.ts";
import { hashPassword } from "../auth/password-hash.ts";
import { setPasswordHash } from "../auth/user-passwords-repo.ts";
import { insertUser } from "../auth/users-repo.ts";
import { migrate } from "../db/migrate.ts";
import { createMemoryPgliteDb } from "../db/pglite.ts";
import type { Db } from "../db/types.ts";
import { INSERT_ROWS_PER_STATEMENT, insertMarketItems } from "../market/market-repo.ts";
import { loadMigrations } from "../node/load-sql.ts";
import { redistribute } from "../salary/redistribute.ts";
import { TestClient } from "../test/api-client.ts";

const ROWS = 10_000;
const MEMBERS = 200;
const PEPPER = "bench-pepper-0123456789";

async function freshDb(): Promise<Db> {
  const db = await createMemoryPgliteDb();
  await migrate(db, loadMigrations());
  await db.query(
    `INSERT INTO guild_members (player_name, category)
     SELECT 'Raider ' || n, CASE WHEN n % 10 = 0 THEN 'Core' ELSE 'Members' END FROM generate_series(1, $1) AS n`,
    [MEMBERS],
  );
  return db;
}

const rows = Array.from({ length: ROWS }, (_, i) => ({
  bossName: "Ironhide Behemoth",
  lootName: `Loot ${i + 1}`,
  value: `${100 + (i % 900)}.${String(i % 100).padStart(2, "0")}`,
  status: i % 2 === 0 ? "Sold" : "Pending",
  dateAcquired: "2026-11-15",
  participatedMembers: JSON.stringify(
    Array.from({ length: 12 }, (_, j) => `Raider ${((i * 7 + j * 13) % MEMBERS) + 1}`),
  ),
  totalFunds: 0,
}));

const ms = (start: number) => `${Math.round(performance.now() - start)} ms`;

async function throughTheApi() {
  const db = await freshDb();
  try {
    const app = createApp({ db, config: { brand: "Bench", timeZone: null, pepper: PEPPER } });
    const admin = await insertUser(db, { email: "bench@guild.test", displayName: "Bench", role: "admin" });
    await setPasswordHash(db, admin.id, await hashPassword("bench password", PEPPER));
    const client = new TestClient(app);
    await client.login("bench@guild.test", "bench password");
    const body = { marketData: rows };
    const size = JSON.stringify(body).length;
    const start = performance.now();
    const res = await client.post("/_api/admin/import-market-data", body);
    console.log(
      `API call, ${ROWS} rows (${(size / 1024 / 1024).toFixed(1)} MB body, ${MEMBERS} members): ${ms(start)} -> ${res.status} ${res.text}`,
    );
  } finally {
    await db.close();
  }
}

async function partByPart() {
  const db = await freshDb();
  try {
    const items = rows.map((row) => ({ ...row, totalFunds: "0.00", dateAcquired: row.dateAcquired }));
    await db.transaction(async (tx) => {
      let start = performance.now();
      const { firstId, lastId } = await insertMarketItems(tx, items);
      console.log(`INSERTs alone (${INSERT_ROWS_PER_STATEMENT} rows per statement): ${ms(start)}`);
      start = performance.now();
      const itemIds = Array.from(
        { length: (lastId ?? 0) - (firstId ?? 1) + 1 },
        (_, i) => (firstId ?? 0) + i,
      );
      const result = await redistribute(tx, { itemIds });
      console.log(
        `distribution alone (${result.changedItemIds.length} Sold items, ${MEMBERS} members): ${ms(start)}`,
      );
    });
  } finally {
    await db.close();
  }
}

await throughTheApi();
await partByPart();
