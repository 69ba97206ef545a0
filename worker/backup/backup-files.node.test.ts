import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/types.ts";
import { createMigratedPgliteDb } from "../test/pglite-test-db.ts";
import {
  automaticBackupKeeper,
  DAILY_BACKUPS_KEPT,
  rotateDailyBackups,
  runDailyBackup,
} from "./backup-files.ts";

let dataDir: string;
let db: Db;
const mode = (path: string) => statSync(path).mode & 0o777;
const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n, 3, 0, 0));

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "backup-files-"));
  db = await createMigratedPgliteDb();
});
afterAll(async () => {
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("rotateDailyBackups", () => {
  it("keeps the newest 14 daily backups by date and leaves every other file alone", () => {
    const dir = mkdtempSync(join(tmpdir(), "rotation-"));
    try {
      const names = Array.from(
        { length: 20 },
        (_, n) => `guild-portal-backup-${day(n).toISOString().slice(0, 10)}.json`,
      );
      for (const name of [...names].reverse()) writeFileSync(join(dir, name), "{}");
      writeFileSync(join(dir, "before-restore-2025-01-01T00-00-00Z.json"), "{}");
      writeFileSync(join(dir, "notes.txt"), "mine");
      // A backup whose process was killed while writing it.
      writeFileSync(join(dir, "guild-portal-backup-2026-01-21.json.999999999.tmp"), "{");
      const removed = rotateDailyBackups(dir);
      expect(DAILY_BACKUPS_KEPT).toBe(14);
      expect(removed.sort()).toEqual(
        [...names.slice(0, 6), "guild-portal-backup-2026-01-21.json.999999999.tmp"].sort(),
      );
      expect(readdirSync(dir).sort()).toEqual(
        [...names.slice(6), "before-restore-2025-01-01T00-00-00Z.json", "notes.txt"].sort(),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("runDailyBackup", () => {
  it("writes one private backup per day, however often it runs, and keeps 14", async () => {
    for (let n = 0; n < 16; n++) {
      expect(await runDailyBackup(db, { dataDir, brand: "Guild", now: day(n) })).toBe(
        `guild-portal-backup-${day(n).toISOString().slice(0, 10)}.json`,
      );
      // A minute later the same day: nothing new.
      expect(
        await runDailyBackup(db, { dataDir, brand: "Guild", now: new Date(day(n).getTime() + 60_000) }),
      ).toBe(null);
    }
    const dir = join(dataDir, "backups");
    const files = readdirSync(dir).sort();
    expect(files).toHaveLength(14);
    expect(files[0]).toBe("guild-portal-backup-2026-01-03.json");
    expect(files.at(-1)).toBe("guild-portal-backup-2026-01-16.json");
    expect(mode(dir)).toBe(0o700);
    for (const file of files) expect(mode(join(dir, file))).toBe(0o600);
    const backup = JSON.parse(readFileSync(join(dir, files.at(-1) as string), "utf8"));
    expect(backup).toMatchObject({
      format: "guild-portal-backup",
      guild: "Guild",
      createdAt: day(15).toISOString(),
    });
    expect(Object.keys(backup.tables)).toContain("user_passwords");
  });

  it("keeps the automatic backup before a restore as a private file of its own", async () => {
    const where = await automaticBackupKeeper(dataDir)('{"x":1}', new Date("2026-11-25T06:07:08.123Z"));
    expect(where).toBe(join("backups", "before-restore-2026-11-25T06-07-08Z.json"));
    expect(readFileSync(join(dataDir, where), "utf8")).toBe('{"x":1}');
    expect(mode(join(dataDir, where))).toBe(0o600);
  });
});
