/** Global setup of the pglite project: migrate one in-memory PGlite and dump it for every test file to load. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { migrate } from "@worker/db/migrate.ts";
import { pgliteDb } from "@worker/db/pglite.ts";
import { loadMigrations, loadSampleData } from "@worker/node/load-sql.ts";
import "../provided-context.ts";

export default async function setup({ provide }: TestProject) {
  const pg = await PGlite.create();
  const dir = mkdtempSync(join(tmpdir(), "guild-pglite-"));
  try {
    await migrate(pgliteDb(pg), loadMigrations());
    const dump = await pg.dumpDataDir("none");
    const file = join(dir, "template.tar");
    writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
    provide("pgliteTemplate", file);
    provide("sampleDataSql", loadSampleData());
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  } finally {
    await pg.close();
  }
  return () => rmSync(dir, { recursive: true, force: true });
}
