/**
 * The SQL export (/admin/sql-export): the rows of the five data tables as SQL that loads
 * them, ids included, into another database that has the schema and no data yet.
 */
import { type DataExport, EXPORT_TABLES, type ExportTable } from "@shared/schemas/sql-export.ts";
import type { Db, Queryable } from "../db/types.ts";

/**
 * Columns the target database writes for itself: `changed_in` names the transaction that last wrote a row
 * (delta pulls, sql/006-row-changes.sql), which is the loading transaction there.
 */
export const NOT_EXPORTED_COLUMNS: readonly string[] = ["changed_in"];

/**
 * How a column is read and written. Every value is read as text so no driver rounds it: numeric stays
 * exact, timestamps keep their microseconds (as ISO 8601 in UTC). `user-email` is a reference to an
 * account, which the export does not carry: it is written as a lookup by email in the target database.
 */
type ColumnKind = "integer" | "numeric" | "boolean" | "text" | "date" | "timestamptz" | "user-email";

interface TableSpec {
  columns: readonly (readonly [name: string, kind: ColumnKind])[];
  /** Has an identity id whose sequence must move past the imported ids. */
  identity: boolean;
  /** The single-row guild_funds exists in every migrated database: upsert instead of insert. */
  upsert: boolean;
  note?: string;
}

const stamps = [
  ["created_at", "timestamptz"],
  ["updated_at", "timestamptz"],
] as const;

/** In foreign-key order: boss_timers.boss_name refers to boss_names.name. */
export const TABLE_SPECS: Readonly<Record<ExportTable, TableSpec>> = {
  guild_members: {
    columns: [
      ["id", "integer"],
      ["player_name", "text"],
      ["category", "text"],
      ["raids_participated", "integer"],
      ["salary", "numeric"],
      ["status", "text"],
      ["kicked_date", "timestamptz"],
      ["final_salary_amount", "numeric"],
      ["main_member_id", "integer"],
      ["player_alias", "text"],
      ...stamps,
    ],
    identity: true,
    upsert: false,
    note: "One statement, so main_member_id may name a later row: the foreign key is checked at its end.",
  },
  market_exchange: {
    columns: [
      ["id", "integer"],
      ["loot_name", "text"],
      ["boss_name", "text"],
      ["value", "numeric"],
      ["status", "text"],
      ["participated_members", "text"],
      ["total_funds", "numeric"],
      ["date_acquired", "date"],
      ...stamps,
    ],
    identity: true,
    upsert: false,
  },
  guild_funds: {
    columns: [["id", "integer"], ["reserved_guild_funds", "numeric"], ["admin_fund", "numeric"], ...stamps],
    identity: false,
    upsert: true,
  },
  boss_names: {
    columns: [
      ["id", "integer"],
      ["name", "text"],
      ["respawn_time_hours", "numeric"],
      ...stamps,
      // Each boss's own Discord alert (sql/021, decision 077).
      ["discord_lead_minutes", "integer"],
      ["discord_role_id", "text"],
    ],
    identity: true,
    upsert: false,
  },
  boss_timers: {
    columns: [
      ["id", "integer"],
      ["boss_name", "text"],
      ["start_time", "timestamptz"],
      ["end_time", "timestamptz"],
      ["duration_hours", "numeric"],
      ["is_active", "boolean"],
      ["status", "text"],
      ["started_by", "user-email"],
      ...stamps,
    ],
    identity: true,
    upsert: false,
    note: "Needs boss_names first. started_by is looked up by email; NULL where no such account exists.",
  },
};

type TextRow = Record<string, string | null>;

function selectExpression(column: string, kind: ColumnKind): string {
  switch (kind) {
    case "timestamptz":
      return `to_char(t.${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
    case "user-email":
      return `(SELECT u.email FROM users u WHERE u.id = t.${column})`;
    default:
      return `t.${column}::text`;
  }
}

async function readRows(q: Queryable, table: ExportTable): Promise<TextRow[]> {
  const columns = TABLE_SPECS[table].columns
    .map(([name, kind]) => `${selectExpression(name, kind)} AS "${name}"`)
    .join(", ");
  return q.query<TextRow>(`SELECT ${columns} FROM ${table} t ORDER BY t.id`);
}

/**
 * A string literal that means the same whatever standard_conforming_strings is: quotes are doubled, and
 * a value with a backslash becomes an E'' literal with the backslashes doubled.
 */
export function sqlString(value: string): string {
  const quoted = value.replaceAll("'", "''");
  return value.includes("\\") ? `E'${quoted.replaceAll("\\", "\\\\")}'` : `'${quoted}'`;
}

function sqlValue(value: string | null, kind: ColumnKind, where: string): string {
  if (value === null) return "NULL";
  switch (kind) {
    case "integer":
      if (!/^-?\d+$/.test(value)) throw new Error(`not an integer in ${where}`);
      return value;
    case "numeric":
      if (!/^-?\d+(\.\d+)?$/.test(value)) throw new Error(`not a finite number in ${where}`);
      return value;
    case "boolean":
      return value === "true" ? "TRUE" : "FALSE";
    case "user-email":
      return `(SELECT id FROM users WHERE email = ${sqlString(value)})`;
    default:
      return sqlString(value);
  }
}

function plural(n: number): string {
  return n === 1 ? "1 row" : `${n} rows`;
}

/** The statements that load one table's rows and move its id sequence past them. */
export function renderTable(table: ExportTable, rows: readonly TextRow[]): string {
  const spec = TABLE_SPECS[table];
  const names = spec.columns.map(([name]) => name);
  const lines = [`-- ${table}: ${plural(rows.length)}`];
  if (spec.note) lines.push(`-- ${spec.note}`);
  if (rows.length > 0) {
    const values = rows.map(
      (row) =>
        `  (${spec.columns.map(([name, kind]) => sqlValue(row[name] ?? null, kind, `${table}.${name}`)).join(", ")})`,
    );
    let statement = `INSERT INTO ${table} (${names.join(", ")}) VALUES\n${values.join(",\n")}`;
    if (spec.upsert) {
      // updated_at is left to the table's trigger: the row is being changed now.
      const assignments = names
        .filter((name) => name !== "id" && name !== "updated_at")
        .map((name) => `${name} = EXCLUDED.${name}`);
      statement += `\nON CONFLICT (id) DO UPDATE SET ${assignments.join(", ")}`;
    }
    lines.push(`${statement};`);
  }
  if (spec.identity) {
    lines.push(
      `SELECT setval(pg_get_serial_sequence('${table}', 'id'), COALESCE(max(id), 1), max(id) IS NOT NULL) FROM ${table};`,
    );
  }
  return lines.join("\n");
}

/** Reads the five tables from one snapshot and renders the export. */
export async function exportData(db: Db, brand: string, now = new Date()): Promise<DataExport> {
  const rowsByTable = await db.transaction(async (tx) => {
    await tx.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
    const result = {} as Record<ExportTable, TextRow[]>;
    for (const table of EXPORT_TABLES) result[table] = await readRows(tx, table);
    return result;
  });
  const tables = {} as Record<ExportTable, string>;
  const rowCounts = {} as Record<ExportTable, number>;
  for (const table of EXPORT_TABLES) {
    tables[table] = renderTable(table, rowsByTable[table]);
    rowCounts[table] = rowsByTable[table].length;
  }
  const counts = EXPORT_TABLES.map((table) => `${table} (${rowCounts[table]})`).join(", ");
  const sql = [
    `-- ${brand.replace(/[\r\n]+/g, " ")} data export, ${now.toISOString()}.`,
    `-- Rows of ${counts}, with their ids.`,
    "-- Run it on a database that has the schema (/admin/database-setup) and none of these rows yet.",
    "BEGIN;",
    "",
    ...EXPORT_TABLES.flatMap((table) => [tables[table], ""]),
    "COMMIT;",
    "",
  ].join("\n");
  return { sql, tables, rowCounts, generatedAt: now };
}
