/** The SQL export's answer (GET /_api/admin/sql-export): the five data tables as SQL, in order. */

/** In foreign-key order: boss_timers.boss_name refers to boss_names.name. */
export const EXPORT_TABLES = [
  "guild_members",
  "market_exchange",
  "guild_funds",
  "boss_names",
  "boss_timers",
] as const;
export type ExportTable = (typeof EXPORT_TABLES)[number];

export interface DataExport {
  /** Every table in foreign-key order, in one transaction: what "Copy all" copies. */
  sql: string;
  /** One table's statements each, keyed in the same order. */
  tables: Record<ExportTable, string>;
  rowCounts: Record<ExportTable, number>;
  generatedAt: Date;
}
