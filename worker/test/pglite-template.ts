/**
 * The PGlite side of the test run (Node only): one initdb for every project that needs PGlite (pglite, unit),
 * dumped twice, blank and migrated, for test files to load (about 0.5 s) instead of running initdb (6 s of CPU)
 * and the migrations themselves. Made by the first global setup that asks, removed when the last one ends.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { migrate } from "../db/migrate.ts";
import { pgliteDb } from "../db/pglite.ts";
import { loadMigrations } from "../node/load-sql.ts";
import { acquireShared } from "./shared-across-setups.ts";

export interface PgliteDumps {
  /** Tar of a database initdb made: nothing migrated. */
  blank: string;
  /** Tar of the same database with every migration applied. */
  migrated: string;
}

async function dumpTo(pg: PGlite, file: string): Promise<string> {
  const dump = await pg.dumpDataDir("none");
  writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  return file;
}

async function setUp(): Promise<{ dumps: PgliteDumps; dispose: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), "guild-pglite-"));
  const dispose = () => rmSync(dir, { recursive: true, force: true });
  const pg = await PGlite.create();
  try {
    // template0 and template1, which PGlite never uses, are 600 of a dump's 1,000 files: untarring them was a
    // third of each load.
    for (const template of ["template0", "template1"]) {
      await pg.query(`ALTER DATABASE ${template} IS_TEMPLATE false`);
      await pg.query(`DROP DATABASE ${template}`);
    }
    const blank = await dumpTo(pg, join(dir, "blank.tar"));
    await migrate(pgliteDb(pg), loadMigrations());
    const migrated = await dumpTo(pg, join(dir, "migrated.tar"));
    return { dumps: { blank, migrated }, dispose };
  } catch (err) {
    dispose();
    throw err;
  } finally {
    await pg.close();
  }
}

/** Makes (or joins) the shared dumps. Call the returned release once. */
export async function acquirePgliteDumps(): Promise<{ dumps: PgliteDumps; release: () => Promise<void> }> {
  const { value, release } = await acquireShared("test-pglite", async () => {
    const { dumps, dispose } = await setUp();
    return { value: dumps, dispose };
  });
  return { dumps: value, release };
}
