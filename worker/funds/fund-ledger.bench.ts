/**
 * A fund's ledger over 10,000 Sold items and 500 spending rows on embedded PGlite:
 * `npx tsx worker/funds/fund-ledger.bench.ts`. Prints the time of one page (the first, a middle one, the last)
 * of the guild fund's ledger, as GET /_api/funds/ledger reads it (docs/decisions/050). A benchmark, not a test.
 */
import { migrate } from "../db/migrate.ts";
import { createMemoryPgliteDb } from "../db/pglite.ts";
import { loadMigrations } from "../node/load-sql.ts";
import { rebuildDerivedFigures } from "../salary/rebuild.ts";
import { readLedger } from "./fund-ledger.ts";

const SOLD = 10_000;
const SPENDING = 500;
const MEMBERS = 200;
const PARTICIPANTS = 12;
const RUNS = 7;

const db = await createMemoryPgliteDb();
await migrate(db, loadMigrations());
await db.query(
  `INSERT INTO guild_members (player_name, category)
   SELECT 'Raider ' || n, CASE WHEN n = 1 THEN 'Guild Master' WHEN n % 10 = 0 THEN 'Core' ELSE 'Members' END
     FROM generate_series(1, $1) AS n`,
  [MEMBERS],
);
await db.query(
  `INSERT INTO market_exchange (loot_name, boss_name, value, status, participated_members, date_acquired)
   SELECT 'Loot ' || i, 'Ironhide Behemoth', (100 + i % 900) + (i % 100) / 100.0, 'Sold',
          (SELECT json_agg('Raider ' || (((i * 7 + j * 13) % $2) + 1))::text FROM generate_series(1, $3) AS j),
          CASE WHEN i % 10 = 0 THEN NULL ELSE date '2022-01-01' + (i / 8) END
     FROM generate_series(1, $1) AS i`,
  [SOLD, MEMBERS, PARTICIPANTS],
);
await db.transaction((tx) => rebuildDerivedFigures(tx));
await db.query(
  `INSERT INTO fund_spending (fund, amount, purpose, spent_on)
   SELECT 'guild', 1 + n % 50, 'Upkeep ' || n, date '2022-01-01' + n * 2 FROM generate_series(1, $1) AS n`,
  [SPENDING],
);

async function median(label: string, page: number): Promise<void> {
  const times: number[] = [];
  let lines = 0;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const ledger = await db.transaction(async (tx) => {
      await tx.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY");
      return readLedger(tx, "guild", page, null);
    });
    times.push(performance.now() - start);
    lines = ledger.lines.length;
  }
  times.sort((a, b) => a - b);
  console.log(`${label} (page ${page}, ${lines} lines): median ${Math.round(times[RUNS >> 1] as number)} ms`);
}

const first = await db.transaction((tx) => readLedger(tx, "guild", 1, null));
console.log(`${SOLD} Sold items, ${SPENDING} spending rows: ${first.pageCount} pages (PGlite, in memory)`);
await median("first page", 1);
await median("middle page", Math.ceil(first.pageCount / 2));
await median("last page", first.pageCount);
await db.close();
