/**
 * A full recalculation over 10,000 Sold items on embedded PGlite: `npm run bench:recalc`.
 * Prints the time of the engine alone and of rebuildDerivedFigures (load, engine, stored distributions, salary
 * UPDATE, funds): the fix tool's "Recalculate All Salaries" and migration 002's data step. Writes do not take this
 * path (see bench:scale). Then the check every start runs before deciding to rebuild (docs/decisions/055). A
 * benchmark, not a test.
 */
import { calculateSalaries } from "@shared/salary/calculate-salaries.ts";
import { migrate } from "../db/migrate.ts";
import { createMemoryPgliteDb } from "../db/pglite.ts";
import { loadMigrations } from "../node/load-sql.ts";
import { derivedFiguresOutOfStep, rebuildDerivedFigures } from "./rebuild.ts";
import { loadRoster, loadSoldItems } from "./stored-shares.ts";

const SOLD = 10_000;
const MEMBERS = 1_000;
const PARTICIPANTS = 12;

const db = await createMemoryPgliteDb();
await migrate(db, loadMigrations());
await db.query(
  `INSERT INTO guild_members (player_name, category)
   SELECT 'Raider ' || n, CASE WHEN n = 1 THEN 'Guild Master' WHEN n % 10 = 0 THEN 'Core' ELSE 'Members' END
     FROM generate_series(1, $1) AS n`,
  [MEMBERS],
);
await db.query(
  `INSERT INTO market_exchange (loot_name, boss_name, value, status, participated_members)
   SELECT 'Loot ' || i, 'Ironhide Behemoth', (100 + i % 900) + (i % 100) / 100.0, 'Sold',
          (SELECT json_agg('Raider ' || (((i * 7 + j * 13) % $2) + 1))::text FROM generate_series(1, $3) AS j)
     FROM generate_series(1, $1) AS i`,
  [SOLD, MEMBERS, PARTICIPANTS],
);

const time = async <T>(label: string, fn: () => Promise<T> | T): Promise<T> => {
  const start = performance.now();
  const result = await fn();
  console.log(`${label}: ${Math.round(performance.now() - start)} ms`);
  return result;
};

console.log(
  `${SOLD} Sold items, ${MEMBERS} members, ${PARTICIPANTS} participants per item (PGlite, in memory)`,
);
const [roster, items] = await time("load roster and Sold items", () =>
  Promise.all([loadRoster(db), loadSoldItems(db)]),
);
await time("engine alone", () => calculateSalaries(items, roster));
const first = await time("rebuildDerivedFigures, first run (nothing stored yet)", () =>
  db.transaction((tx) => rebuildDerivedFigures(tx)),
);
console.log(
  `  salaries written: ${first.changedSalaries.length}, guild fund ${first.fundsAfter.reservedGuildFunds}`,
);
const again = await time("rebuildDerivedFigures again (everything stored already)", () =>
  db.transaction((tx) => rebuildDerivedFigures(tx)),
);
console.log(`  items that differed: ${again.differingItemIds.length}`);
for (let run = 1; run <= 3; run++) {
  const outOfStep = await time(`the start's check, run ${run}`, () => derivedFiguresOutOfStep(db));
  if (outOfStep) throw new Error("the rebuilt figures were reported out of step");
}
await db.close();
