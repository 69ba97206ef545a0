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
  schema: z
    .number({ error: BACKUP_WRONG_FORMAT })
    .int({ error: BACKUP_WRONG_FORMAT })
    .min(1, { error: (issue) => backupTooOld(Number(issue.input), 1) }),
  createdAt: z.string({ error: BACKUP_WRONG_FORMAT }).max(40),
  guild: z.string({ error: BACKUP_WRONG_FORMAT }).max(200),
  tables: z.record(z.string(), z.unknown(), { error: BACKUP_WRONG_FORMAT }),
});

/**
 * One reason a restore refuses a file (docs/decisions/054): the table (null for the file as a whole), the row's
 * key ('id 12', 'user_id 900', or 'row 3' when the row has no usable key; null for a whole table) and why.
 */
export interface RestoreProblem {
  table: string | null;
  key: string | null;
  reason: string;
}

/** A refused restore lists at most this many problems, and counts them all. */
export const MAX_LISTED_PROBLEMS = 100;

/** The fields of a refused restore's 400 answer beside `error`. */
export interface RestoreRefusal {
  problems: RestoreProblem[];
  problemCount: number;
}

/** 'table payouts, id 3: amount "NaN": Amount must be a number.' */
export function problemLine(problem: RestoreProblem): string {
  const where = [problem.table === null ? null : `table ${problem.table}`, problem.key]
    .filter((part) => part !== null)
    .join(", ");
  return where === "" ? problem.reason : `${where}: ${problem.reason}`;
}

/** The refusal's one-line message: the problem, or how many there are and the first. */
export function backupRefusedMessage(refusal: RestoreRefusal): string {
  const [first] = refusal.problems;
  if (first === undefined) return BACKUP_WRONG_FORMAT;
  if (refusal.problemCount === 1) return `${BACKUP_DAMAGED}${problemLine(first)}`;
  return `${BACKUP_DAMAGED}${refusal.problemCount.toLocaleString("en")} problems, so nothing was restored. The first: ${problemLine(first)}`;
}

/**
 * Gathers a refusal's problems: every one is counted, MAX_LISTED_PROBLEMS are kept per group (a table) so a file
 * with millions of bad values costs little memory, and they are listed by group and row, then in the order found.
 */
export class ProblemList {
  private readonly kept: { group: number; row: number; seq: number; problem: RestoreProblem }[] = [];
  private readonly perGroup = new Map<number, number>();
  count = 0;

  add(problem: RestoreProblem, group = 0, row = -1): void {
    this.count += 1;
    const kept = this.perGroup.get(group) ?? 0;
    if (kept >= MAX_LISTED_PROBLEMS) return;
    this.perGroup.set(group, kept + 1);
    this.kept.push({ group, row, seq: this.count, problem });
  }

  refusal(): RestoreRefusal {
    const sorted = [...this.kept].sort((a, b) => a.group - b.group || a.row - b.row || a.seq - b.seq);
    return {
      problems: sorted.slice(0, MAX_LISTED_PROBLEMS).map((entry) => entry.problem),
      problemCount: this.count,
    };
  }
}

/**
 * The layout of the tables part: names, columns, and one value per column in every row. What the values are
 * (text, and what each column accepts) is checked on the server once the file is at this schema
 * (worker/backup/check-backup.ts). A loop, not zod, for 200,000 rows.
 */
function layoutProblems(tables: Record<string, unknown>): ProblemList {
  const problems = new ProblemList();
  for (const [group, [name, table]] of Object.entries(tables).entries()) {
    if (!/^[a-z_]{1,63}$/.test(name)) {
      problems.add({ table: null, key: null, reason: `a table is named “${name.slice(0, 63)}”.` }, group);
      continue;
    }
    const t = table as Partial<BackupTable> | null;
    const at = (reason: string, key: string | null = null, row = -1) =>
      problems.add({ table: name, key, reason }, group, row);
    if (!t || typeof t !== "object" || !Array.isArray(t.columns) || !Array.isArray(t.rows)) {
      at("it has no columns or rows.");
      continue;
    }
    if (t.columns.some((c) => typeof c !== "string" || !/^[a-z_][a-z0-9_]{0,62}$/.test(c))) {
      at("it has a column with an impossible name.");
      continue;
    }
    if (new Set(t.columns).size !== t.columns.length) {
      at("it names a column twice.");
      continue;
    }
    for (const [i, row] of t.rows.entries()) {
      const values = Array.isArray(row) ? row.length : null;
      if (values !== t.columns.length)
        at(
          values === null
            ? "it is not a list of values."
            : `it has ${values} value${values === 1 ? "" : "s"} for ${t.columns.length} columns.`,
          `row ${i + 1}`,
          i,
        );
    }
  }
  return problems;
}

export type ParsedBackup =
  | { ok: true; backup: BackupFile }
  | { ok: false; message: string; refusal?: RestoreRefusal };

/**
 * Reads a backup file's text: its layout (format, version, tables, one value per column in every row) but not
 * which tables and columns it has, which depend on its schema, nor the values (the server checks them after
 * upgrading the file). Until then a value may be anything JSON holds, whatever BackupTable says.
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
  const problems = layoutProblems(header.data.tables);
  if (problems.count > 0) {
    const refusal = problems.refusal();
    return { ok: false, message: backupRefusedMessage(refusal), refusal };
  }
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
  /** The portal's database schema (the number of its newest migration): a file made at it is from this version. */
  schema: number;
}

/** Which portal made a file, in words instead of schema numbers (decision 086). */
export const MADE_BY_THIS_VERSION = "This version of the portal";
export const MADE_BY_OLDER_VERSION =
  "An older version of the portal: it is brought up to date as it is restored";
export const MADE_BY_NEWER_VERSION = "A newer version of the portal: update this portal before restoring it";

export function backupMadeBy(fileSchema: number, portalSchema: number): string {
  if (fileSchema === portalSchema) return MADE_BY_THIS_VERSION;
  return fileSchema < portalSchema ? MADE_BY_OLDER_VERSION : MADE_BY_NEWER_VERSION;
}

/** '1 record', '145 records': what a restore counts, in words instead of table rows. */
export const recordCount = (count: number) =>
  `${count.toLocaleString("en")} ${count === 1 ? "record" : "records"}`;

/** The tables in words, for the screen's summary of a file. */
export const BACKUP_TABLE_LABELS: Readonly<Record<string, string>> = {
  guild_settings: "Guild settings",
  split_rules: "Split rules",
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
