// Node only: PGlite on disk.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDurablePglite } from "./durable-pglite.ts";
import { createPgliteDb, pgliteParsers } from "./pglite.ts";

let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), "guild-durable-"));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every entry under dir whose mode is not 0700 (directory) or 0600 (file), with its mode. */
function notPrivate(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    const mode = statSync(path).mode & 0o777;
    if (mode !== (entry.isDirectory() ? 0o700 : 0o600)) found.push(`${path} ${mode.toString(8)}`);
  }
  return found;
}

describe("PGlite on disk", () => {
  it("runs Postgres with fsync on, and every commit reaches the disk through fsync(2)", async () => {
    const { pg, fs } = await openDurablePglite(join(dataDir, "pgdata"), pgliteParsers);
    try {
      expect((await pg.query("SHOW fsync")).rows).toEqual([{ fsync: "on" }]);
      expect((await pg.query("SHOW wal_sync_method")).rows).toEqual([{ wal_sync_method: "fsync" }]);
      await pg.exec("CREATE TABLE t (id int PRIMARY KEY)");
      const before = fs.syncs;
      for (let id = 1; id <= 20; id++) await pg.query("INSERT INTO t (id) VALUES ($1)", [id]);
      expect(fs.syncs - before).toBeGreaterThanOrEqual(20);
      const afterWrites = fs.syncs;
      await pg.query("SELECT count(*) FROM t");
      expect(fs.syncs).toBe(afterWrites);
    } finally {
      await pg.close();
    }
  }, 120_000);

  it("makes a new database whole or not at all, and keeps DATA_DIR private while open and after", async () => {
    // What a crash while PGlite wrote its first files leaves behind: discarded, the database made again.
    mkdirSync(join(dataDir, "pgdata.new", "base"), { recursive: true });
    writeFileSync(join(dataDir, "pgdata.new", "PG_VERSION"), "17\n");
    const db = await createPgliteDb(dataDir, () => {});
    expect(readdirSync(dataDir).sort()).toEqual(["pgdata", "portal.lock"]);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    // PGlite writes its files 0666 and 0644 (pg_internal.init at every start) whatever the umask.
    expect(notPrivate(dataDir)).toEqual([]);
    await db.query("CREATE TABLE t (id int)");
    await db.close();
    expect(existsSync(join(dataDir, "portal.lock"))).toBe(false);
    expect(notPrivate(dataDir)).toEqual([]);
  }, 120_000);
});
