import type { Db, Queryable } from "./types.ts";

/** A numbered, forward-only migration: sql/NNN-name.sql. */
export interface Migration {
  version: string; // "001"
  name: string; // "001-init"
  sql: string;
}

/**
 * Work a migration needs done in code after its SQL, in the same transaction (filling a new table from data
 * only the application can compute), by version.
 */
export type MigrationSteps = Readonly<Record<string, (tx: Queryable) => Promise<unknown>>>;

export interface MigrateResult {
  applied: string[];
  /** True when the database had no migrations before this run: a brand-new database. */
  wasEmpty: boolean;
}

const MIGRATION_LOCK = 7_424_601; // any fixed number; serialises concurrent migrators on one server

export function parseMigrationFileName(file: string): { version: string; name: string } | undefined {
  const m = /^(\d{3,})-([a-z0-9-]+)\.sql$/.exec(file);
  return m ? { version: m[1] as string, name: file.replace(/\.sql$/, "") } : undefined;
}

export interface MigrateOptions {
  /**
   * Work a brand-new database gets in the same transaction as its migrations (the sample data): a crash
   * anywhere before that commit leaves the database brand-new, and the next run does all of it again.
   */
  brandNew?: (tx: Queryable) => Promise<unknown>;
  /**
   * Run after the migrations on every call, in its own transaction under the migration lock: brings back what an
   * older version of the code left out of step (the derived figures, docs/decisions/055). It checks cheaply and
   * does the work only when needed.
   */
  repair?: (tx: Queryable) => Promise<unknown>;
}

async function applyOne(tx: Queryable, m: Migration, steps: MigrationSteps): Promise<void> {
  await tx.exec(m.sql);
  await steps[m.version]?.(tx);
  await tx.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [m.version, m.name]);
}

/**
 * A brand-new database gets every migration and `brandNew` in one transaction (decision 030). Undefined when
 * another migrator recorded a migration first: the caller goes on migration by migration.
 */
function migrateBrandNew(
  db: Db,
  sorted: readonly Migration[],
  steps: MigrationSteps,
  brandNew: MigrateOptions["brandNew"],
): Promise<string[] | undefined> {
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    if ((await tx.query("SELECT 1 FROM schema_migrations LIMIT 1")).length > 0) return undefined;
    for (const m of sorted) await applyOne(tx, m, steps);
    await brandNew?.(tx);
    return sorted.map((m) => m.name);
  });
}

/**
 * Applies every pending migration in version order, each (with its step) in its own transaction; on a
 * brand-new database all of them and `options.brandNew` in one. Then `options.repair`, if given.
 */
export async function migrate(
  db: Db,
  migrations: readonly Migration[],
  steps: MigrationSteps = {},
  options: MigrateOptions = {},
): Promise<MigrateResult> {
  const sorted = [...migrations].sort((a, b) => a.version.localeCompare(b.version));
  await db.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version text PRIMARY KEY,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const before = await db.query<{ version: string }>("SELECT version FROM schema_migrations");
  const wasEmpty = before.length === 0;
  const applied =
    (wasEmpty ? await migrateBrandNew(db, sorted, steps, options.brandNew) : undefined) ??
    (await migrateOneByOne(db, sorted, steps));
  const { repair } = options;
  if (repair)
    await db.transaction(async (tx) => {
      await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
      await repair(tx);
    });
  return { applied, wasEmpty };
}

/** Each pending migration with its step in its own transaction; answers the names of those this call applied. */
async function migrateOneByOne(
  db: Db,
  sorted: readonly Migration[],
  steps: MigrationSteps,
): Promise<string[]> {
  const applied: string[] = [];
  for (const m of sorted) {
    const done = await db.transaction(async (tx) => {
      await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
      const rows = await tx.query("SELECT 1 FROM schema_migrations WHERE version = $1", [m.version]);
      if (rows.length > 0) return false;
      await applyOne(tx, m, steps);
      return true;
    });
    if (done) applied.push(m.name);
  }
  return applied;
}
