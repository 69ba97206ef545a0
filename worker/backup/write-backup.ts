/**
 * Writes a backup file (docs/decisions/052) to a sink, a page of rows at a time, so a guild with 10,000 items and
 * a long audit log never sits in memory as row objects. Every value is read as text, so no driver rounds it:
 * numeric stays exact, timestamps are ISO 8601 in UTC with their microseconds. Rows come in primary-key order and
 * each on a line of its own: the same data always gives the same bytes (given the same createdAt).
 */
import { BACKUP_FORMAT, BACKUP_VERSION } from "@shared/schemas/backup.ts";
import type { Db, Queryable } from "../db/types.ts";
import { guildNameInForce } from "../settings/guild-name.ts";
import { BACKUP_TABLES, type ColumnInfo, ident, schemaNumber, tableColumns } from "./backup-tables.ts";

export interface BackupOptions {
  /** GUILD_BRAND: the file's `guild` unless an admin named the guild (decision 078). */
  brand: string;
  /** Also the accounts' password hashes (user_passwords). */
  includePasswords: boolean;
  now?: Date;
}

export type BackupSink = (chunk: string) => void | Promise<void>;

export interface BackupStats {
  schema: number;
  createdAt: Date;
  rowCounts: Record<string, number>;
}

const PAGE_ROWS = 2000;

function selectExpression(column: ColumnInfo, i: number): string {
  const name = `t.${ident(column.name)}`;
  const value =
    column.type === "timestamp with time zone"
      ? `to_char(${name} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
      : `${name}::text`;
  return `${value} AS c${i}`;
}

async function writeTable(
  q: Queryable,
  table: (typeof BACKUP_TABLES)[number],
  columns: ColumnInfo[],
  sink: BackupSink,
): Promise<number> {
  const select = columns.map(selectExpression).join(", ");
  const key = ident(table.key);
  let last: number | null = null;
  let count = 0;
  for (;;) {
    const rows: Record<string, string | null>[] = await q.query(
      `SELECT t.${key} AS k, ${select} FROM ${ident(table.name)} t
        ${last === null ? "" : `WHERE t.${key} > $1`} ORDER BY t.${key} LIMIT ${PAGE_ROWS}`,
      last === null ? [] : [last],
    );
    if (rows.length === 0) break;
    const lines = rows.map(
      (row) => `${count++ === 0 ? "" : ",\n"}${JSON.stringify(columns.map((_, i) => row[`c${i}`] ?? null))}`,
    );
    await sink(lines.join(""));
    last = Number(rows[rows.length - 1]?.k);
    if (rows.length < PAGE_ROWS) break;
  }
  return count;
}

/** The guild's name in force; GUILD_BRAND in a database from before the setting (sql/021). */
async function guildOf(q: Queryable, brand: string): Promise<string> {
  const settings = await tableColumns(q, "guild_settings");
  return settings.some((column) => column.name === "guild_name") ? guildNameInForce(q, brand) : brand;
}

/** Writes the backup of what `q` sees; run it in one snapshot (writeBackup does) so the tables agree. */
export async function writeBackupFrom(
  q: Queryable,
  sink: BackupSink,
  options: BackupOptions,
): Promise<BackupStats> {
  const createdAt = options.now ?? new Date();
  const schema = await schemaNumber(q);
  const header = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    schema,
    createdAt: createdAt.toISOString(),
    guild: await guildOf(q, options.brand),
  };
  await sink(`${JSON.stringify(header).slice(0, -1)},"tables":{`);
  const rowCounts: Record<string, number> = {};
  let first = true;
  for (const table of BACKUP_TABLES) {
    if (table.secret && !options.includePasswords) continue;
    const columns = await tableColumns(q, table.name);
    if (columns.length === 0) continue; // not in this schema yet
    await sink(
      `${first ? "" : ","}\n${JSON.stringify(table.name)}:{"columns":${JSON.stringify(columns.map((c) => c.name))},"rows":[\n`,
    );
    first = false;
    rowCounts[table.name] = await writeTable(q, table, columns, sink);
    await sink("\n]}");
  }
  await sink("\n}}\n");
  return { schema, createdAt, rowCounts };
}

/** A backup of the whole database as one consistent snapshot. */
export function writeBackup(db: Db, sink: BackupSink, options: BackupOptions): Promise<BackupStats> {
  return db.transaction(async (tx) => {
    await tx.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
    return writeBackupFrom(tx, sink, options);
  });
}

/** The backup as one text (the download, the automatic backup before a restore, tests). */
export async function backupText(db: Db | Queryable, options: BackupOptions): Promise<string> {
  const chunks: string[] = [];
  const sink = (chunk: string) => {
    chunks.push(chunk);
  };
  if ("transaction" in db) await writeBackup(db, sink, options);
  else await writeBackupFrom(db, sink, options);
  return chunks.join("");
}
