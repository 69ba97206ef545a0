/**
 * `npm run bench:backup`: how long a backup and a restore take on PGlite (docs/decisions/052), for the sample
 * data (the baseline) and for the sample data plus N Sold items of 20 participants each (`--items N`, default
 * 10,000; bench-scale-seed.ts, as `npm run bench:scale` makes them) and a long audit log (`--audit N` entries,
 * default 50,000). The backup is read from an in-memory PGlite prepared as `npm start` prepares one; the restore
 * goes into a new on-disk PGlite in a temporary DATA_DIR, as `npm run restore` does (migrations included, but
 * not timed), and is checked by backing the restored database up again: the same file. Acceptance (issue 17):
 * 10,000 items restore in under 30 s.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { restoreBackup } from "../worker/backup/restore.ts";
import { backupText } from "../worker/backup/write-backup.ts";
import { migrate } from "../worker/db/migrate.ts";
import { createMemoryPgliteDb, createPgliteDb } from "../worker/db/pglite.ts";
import type { Db } from "../worker/db/types.ts";
import { loadMigrations } from "../worker/node/load-sql.ts";
import { MIGRATION_STEPS } from "../worker/salary/migration-steps.ts";
import { rebuildDerivedFigures } from "../worker/salary/rebuild.ts";
import { prepareAsNpmStart } from "./bench-database.ts";
import { seedGuildHistory } from "./bench-scale-seed.ts";

const BRAND = "Bench Guild";
const log = (line: string) => process.stderr.write(`${line}\n`);

interface Row {
  data: string;
  rows: number;
  bytes: number;
  backupMs: number;
  restoreMs: number;
  identical: boolean;
}

async function addAuditLog(db: Db, entries: number): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (actor_email, action, entity, entity_id, subject, before, after, created_at)
     SELECT 'bench@guild.local', 'update', 'market_item', (n % 10000)::text, 'Loot ' || n,
            jsonb_build_object('value', (n % 500)::text || '.00'), jsonb_build_object('value', (n % 700)::text || '.50'),
            timestamptz '2026-01-01' + n * interval '1 minute 1.000001 second'
       FROM generate_series(1, $1::int) AS n`,
    [entries],
  );
}

async function measure(label: string, items: number, auditEntries: number): Promise<Row> {
  const source = await createMemoryPgliteDb();
  const dir = mkdtempSync(join(tmpdir(), "bench-backup-"));
  try {
    await prepareAsNpmStart(
      source,
      { email: "bench@guild.local", password: "bench-backup-password" },
      "bench-pepper-0123456789",
    );
    if (items > 0) await seedGuildHistory(source, items);
    if (auditEntries > 0) await addAuditLog(source, auditEntries);
    await source.transaction((tx) => rebuildDerivedFigures(tx));
    const now = new Date();

    let started = performance.now();
    const text = await backupText(source, { brand: BRAND, includePasswords: true, now });
    const backupMs = performance.now() - started;
    const counts = Object.values(JSON.parse(text).tables as Record<string, { rows: unknown[] }>);
    const rows = counts.reduce((sum, t) => sum + t.rows.length, 0);

    const target = await createPgliteDb(join(dir, "data"), () => {});
    try {
      await migrate(target, loadMigrations(), MIGRATION_STEPS);
      started = performance.now();
      await restoreBackup(target, text, { brand: BRAND, replace: false, now });
      const restoreMs = performance.now() - started;
      const identical = (await backupText(target, { brand: BRAND, includePasswords: true, now })) === text;
      log(`  ${label}: ${rows} rows, backup ${Math.round(backupMs)} ms, restore ${Math.round(restoreMs)} ms`);
      return { data: label, rows, bytes: Buffer.byteLength(text), backupMs, restoreMs, identical };
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const { values } = parseArgs({
    options: { items: { type: "string", default: "10000" }, audit: { type: "string", default: "50000" } },
  });
  const items = Number(values.items);
  const audit = Number(values.audit);
  log("Backup and restore on PGlite...");
  const results = [
    await measure("sample data", 0, 0),
    await measure(
      `${items.toLocaleString("en")} Sold items × 20 + ${audit.toLocaleString("en")} audit entries`,
      items,
      audit,
    ),
  ];
  console.log("| data | rows | backup size | backup | restore | round trip |");
  console.log("| --- | ---: | ---: | ---: | ---: | --- |");
  for (const r of results)
    console.log(
      `| ${r.data} | ${r.rows.toLocaleString("en")} | ${(r.bytes / 1024 / 1024).toFixed(2)} MB | ${Math.round(r.backupMs)} ms | ${Math.round(r.restoreMs)} ms | ${r.identical ? "same file" : "DIFFERENT"} |`,
    );
  if (results.some((r) => !r.identical)) process.exit(1);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
