import { readFile } from "node:fs/promises";
import { inject } from "vitest";
import { migrate } from "../db/migrate.ts";
import { createMemoryPgliteDb } from "../db/pglite.ts";
import type { Db } from "../db/types.ts";
import { loadMigrations } from "../node/load-sql.ts";

/** Each dump is read once per test worker: the files of a worker share its module cache (decision 064). */
const dumps = new Map<string, Promise<Blob>>();

function dump(path: string): Promise<Blob> {
  let tar = dumps.get(path);
  if (!tar) {
    tar = readFile(path).then((bytes) => new Blob([bytes], { type: "application/x-tar" }));
    dumps.set(path, tar);
  }
  return tar;
}

/**
 * An in-memory PGlite loaded from the migrated template the global setup dumped (about 0.5 s, against
 * 3-4 s for creating and migrating one). Without a template, migrates a fresh one.
 */
export async function createPgliteTestDb(templatePath?: string): Promise<Db> {
  if (!templatePath) {
    const db = await createMemoryPgliteDb();
    await migrate(db, loadMigrations());
    return db;
  }
  return createMemoryPgliteDb(await dump(templatePath));
}

/** A migrated in-memory PGlite for the Node-only tests of the unit project (pglite-template.ts). */
export function createMigratedPgliteDb(): Promise<Db> {
  return createPgliteTestDb(inject("pgliteTemplate"));
}

/**
 * An in-memory PGlite with nothing migrated, for tests of migrations and first starts: loaded from the run's
 * blank dump (pglite-template.ts) instead of running initdb, which costs 6 s of CPU.
 */
export async function createBlankPgliteDb(): Promise<Db> {
  const blank = inject("pgliteBlank");
  return blank ? createMemoryPgliteDb(await dump(blank)) : createMemoryPgliteDb();
}
