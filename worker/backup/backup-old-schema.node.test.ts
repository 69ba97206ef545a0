/**
 * The old-schema fixture (tests/fixtures/backup/schema-9.json) is what this code writes from a database migrated
 * only up to 009, before payouts existed: made here from FIXTURE_SCHEMA_9 and compared byte for byte, so the
 * restore test (backup.test.ts, every driver) restores a real schema-9 file. UPDATE_BACKUP_FIXTURE=1 rewrites it.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { migrate } from "../db/migrate.ts";
import { loadMigrations } from "../node/load-sql.ts";
import { createBlankPgliteDb } from "../test/pglite-test-db.ts";
import { FIXTURE_GUILD, FIXTURE_NOW, FIXTURE_SCHEMA_9 } from "./backup-fixture.ts";
import { backupText } from "./write-backup.ts";

const SCHEMA_9_FIXTURE = join(
  import.meta.dirname,
  "..",
  "..",
  "tests",
  "fixtures",
  "backup",
  "schema-9.json",
);

describe("a backup made at schema 9", () => {
  it("is the committed fixture, made by this code from a database migrated up to 009", async () => {
    const db = await createBlankPgliteDb();
    try {
      await migrate(
        db,
        loadMigrations().filter((m) => m.version <= "009"),
      );
      await db.exec(FIXTURE_SCHEMA_9);
      const text = await backupText(db, { brand: FIXTURE_GUILD, includePasswords: true, now: FIXTURE_NOW });
      const parsed = JSON.parse(text);
      expect(parsed.schema).toBe(9);
      expect(Object.keys(parsed.tables)).not.toContain("payouts");
      expect(parsed.tables.users.columns).not.toContain("member_id");
      if (process.env.UPDATE_BACKUP_FIXTURE === "1") writeFileSync(SCHEMA_9_FIXTURE, text);
      expect(text).toBe(readFileSync(SCHEMA_9_FIXTURE, "utf8"));
    } finally {
      await db.close();
    }
  });
});
