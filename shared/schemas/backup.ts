/**
 * The backup file (docs/decisions/052): one JSON document holding every source table of the guild, each value as
 * the text PostgreSQL prints for it. Shared by the server (which writes and restores it) and the backup screen
 * (which reads a file's summary before sending it).
 */
import * as z from "zod";

export const BACKUP_FORMAT = "guild-portal-backup";
/** The file layout's version; the database schema a file was made at is its `schema`. */
export const BACKUP_VERSION = 1;
/** The largest backup a restore accepts: 10,000 sold items with 20 participants each and a long audit log fit. */
export const MAX_BACKUP_BYTES = 64 * 1024 * 1024;

export const BACKUP_TOO_LARGE = `The backup is larger than ${MAX_BACKUP_BYTES / 1024 / 1024} MB, the most a restore accepts.`;
export const BACKUP_NOT_JSON = "This file is not a Guild Portal backup: it is not valid JSON.";
export const BACKUP_WRONG_FORMAT = "This file is not a Guild Portal backup.";
export const backupFromTheFuture = (version: number) =>
  `This backup was made by a newer Guild Portal (backup format ${version}); update the portal before restoring it.`;
export const schemaFromTheFuture = (schema: number, latest: number) =>
  `This backup was made at database schema ${schema}, newer than this portal's ${latest}; update the portal before restoring it.`;
export const backupTooOld = (schema: number, oldest: number) =>
  `This backup was made at database schema ${schema}; restores start at schema ${oldest}.`;
export const BACKUP_DAMAGED = "This backup is damaged: ";
export const RESTORE_NOT_EMPTY =
  "This portal already has data. Restoring replaces all of it: tick “Replace everything” and type the guild's name to confirm.";
export const wrongGuildName = (brand: string) =>
  `The guild's name was not typed exactly: type “${brand}” to replace everything.`;

/** One table: its column names and its rows, each value text or null, in primary-key order. */
export interface BackupTable {
  columns: string[];
  rows: (string | null)[][];
}

export interface BackupFile {
  format: typeof BACKUP_FORMAT;
  version: number;
  /** The database schema (the number of its newest migration, e.g. 10) the file was made at. */
  schema: number;
  /** When the backup was made (ISO 8601). */
  createdAt: string;
  /** The guild's name (GUILD_BRAND) where it was made. */
  guild: string;
  tables: Record<string, BackupTable>;
}

const headerSchema = z.object({
  format: z.literal(BACKUP_FORMAT, { error: BACKUP_WRONG_FORMAT }),
  version: z.number({ error: BACKUP_WRONG_FORMAT }).int({ error: BACKUP_WRONG_FORMAT }),
  schema: z.number({ error: BACKUP_WRONG_FORMAT }).int({ error: BACKUP_WRONG_FORMAT }).min(1),
  createdAt: z.string({ error: BACKUP_WRONG_FORMAT }).max(40),
  guild: z.string({ error: BACKUP_WRONG_FORMAT }).max(200),
  tables: z.record(z.string(), z.unknown(), { error: BACKUP_WRONG_FORMAT }),
});

/** Why the tables part cannot be a backup's, or undefined. Checks every row: a loop, not zod, for 200,000 rows. */
function tablesProblem(tables: Record<string, unknown>): string | undefined {
  for (const [name, table] of Object.entries(tables)) {
    if (!/^[a-z_]{1,63}$/.test(name)) return `${BACKUP_DAMAGED}a table is named “${name.slice(0, 63)}”.`;
    const t = table as Partial<BackupTable> | null;
    if (!t || typeof t !== "object" || !Array.isArray(t.columns) || !Array.isArray(t.rows))
      return `${BACKUP_DAMAGED}table ${name} has no columns or rows.`;
    if (t.columns.some((c) => typeof c !== "string" || !/^[a-z_][a-z0-9_]{0,62}$/.test(c)))
      return `${BACKUP_DAMAGED}table ${name} has a column with an impossible name.`;
    if (new Set(t.columns).size !== t.columns.length)
      return `${BACKUP_DAMAGED}table ${name} names a column twice.`;
    for (const [i, row] of t.rows.entries()) {
      if (!Array.isArray(row) || row.length !== t.columns.length)
        return `${BACKUP_DAMAGED}row ${i + 1} of table ${name} does not have one value per column.`;
      for (const value of row)
        if (value !== null && typeof value !== "string")
          return `${BACKUP_DAMAGED}row ${i + 1} of table ${name} has a value that is not text.`;
    }
  }
  return undefined;
}

export type ParsedBackup = { ok: true; backup: BackupFile } | { ok: false; message: string };

/**
 * Reads a backup file's text: its layout (format, version, tables, every row) but not which tables and columns
 * it has, which depend on its schema (the server checks them after upgrading the file).
 */
export function parseBackup(text: string, latestVersion = BACKUP_VERSION): ParsedBackup {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: BACKUP_NOT_JSON };
  }
  if (!json || typeof json !== "object" || (json as { format?: unknown }).format !== BACKUP_FORMAT)
    return { ok: false, message: BACKUP_WRONG_FORMAT };
  const version = (json as { version?: unknown }).version;
  if (typeof version === "number" && version > latestVersion)
    return { ok: false, message: backupFromTheFuture(version) };
  const header = headerSchema.safeParse(json);
  if (!header.success) return { ok: false, message: header.error.issues[0]?.message ?? BACKUP_WRONG_FORMAT };
  if (header.data.version !== latestVersion) return { ok: false, message: BACKUP_WRONG_FORMAT };
  const problem = tablesProblem(header.data.tables);
  if (problem) return { ok: false, message: problem };
  return { ok: true, backup: json as BackupFile };
}

/** What the screen shows before a restore. */
export interface BackupSummary {
  guild: string;
  createdAt: string;
  schema: number;
  rowCounts: Record<string, number>;
  includesPasswords: boolean;
}

export function summarizeBackup(backup: BackupFile): BackupSummary {
  return {
    guild: backup.guild,
    createdAt: backup.createdAt,
    schema: backup.schema,
    rowCounts: Object.fromEntries(Object.entries(backup.tables).map(([name, t]) => [name, t.rows.length])),
    includesPasswords: "user_passwords" in backup.tables,
  };
}

/** The download's file name: guild-portal-backup-YYYY-MM-DD.json (the UTC day). */
export function backupFileName(createdAt: Date): string {
  return `guild-portal-backup-${createdAt.toISOString().slice(0, 10)}.json`;
}

/** What POST /_api/admin/restore answers. */
export interface RestoreResult {
  restored: Record<string, number>;
  /** The database had guild data, which the restore replaced. */
  replaced: boolean;
  /** Where the server kept the automatic backup of what was replaced (Node: a file in DATA_DIR/backups). */
  automaticBackup: string | null;
  /** The restoring admin is still signed in (their account is in the backup, or was carried over). */
  signedIn: boolean;
}

/** GET /_api/admin/backup/status. */
export interface BackupStatus {
  guild: string;
  /** Members, items, attendance, bosses, timers, payouts or spending: a restore replaces them. */
  hasGuildData: boolean;
  /** The server keeps its own automatic backup before replacing (Node); on Workers only the screen's download. */
  keepsAutomaticBackup: boolean;
}

/** The tables in words, for the screen's summary of a file. */
export const BACKUP_TABLE_LABELS: Readonly<Record<string, string>> = {
  guild_members: "Members",
  users: "Accounts",
  user_passwords: "Password hashes",
  boss_names: "Boss names",
  boss_timers: "Boss timers",
  market_exchange: "Loot items",
  attendance_records: "Attendance records",
  payouts: "Payouts",
  fund_spending: "Fund spending",
  audit_log: "Audit log entries",
};

/** The restore's query: `?replace=1&confirmGuildName=...`. */
export const restoreQuerySchema = z.object({
  replace: z.enum(["0", "1", "true", "false"], { error: "replace must be 1 or 0." }).optional(),
  confirmGuildName: z.string().max(200, { error: "The guild's name is at most 200 characters." }).optional(),
});

export const backupQuerySchema = z.object({
  includePasswords: z
    .enum(["0", "1", "true", "false"], { error: "includePasswords must be 1 or 0." })
    .optional(),
});
