/**
 * Which tables a backup holds (docs/decisions/052): the guild's source data, in the order a restore loads them
 * (every foreign key points at a table loaded before it). Everything else is rebuilt, kept or emptied by a
 * restore: see DERIVED_TABLES and KEPT_TABLES.
 */
import type { Queryable } from "../db/types.ts";

export interface BackupTableSpec {
  name: string;
  /** The primary key the rows are ordered by, so that two backups of the same data are the same bytes. */
  key: string;
  /** Has an identity id, whose sequence a restore moves past the restored ids. */
  identity: boolean;
  /** Only in a backup made with "Include password hashes". */
  secret?: boolean;
}

export const BACKUP_TABLES: readonly BackupTableSpec[] = [
  // The guild's settings (decision 059): its time zone comes with its data. One row, restored as it is.
  { name: "guild_settings", key: "id", identity: false },
  // The split rules (decision 075): the restored items are split again under them.
  { name: "split_rules", key: "effective_from", identity: false },
  // main_member_id refers to another member: restore.ts loads mains before their alts.
  { name: "guild_members", key: "id", identity: true },
  // users.member_id refers to guild_members (schema 10).
  { name: "users", key: "id", identity: true },
  { name: "user_passwords", key: "user_id", identity: false, secret: true },
  { name: "boss_names", key: "id", identity: true },
  { name: "boss_timers", key: "id", identity: true },
  { name: "market_exchange", key: "id", identity: true },
  { name: "attendance_records", key: "id", identity: true },
  { name: "payouts", key: "id", identity: true },
  { name: "fund_spending", key: "id", identity: true },
  { name: "audit_log", key: "id", identity: true },
];

/** The split rules' backed-up columns (sql/019, decision 075), in table order. */
export const SPLIT_RULE_COLUMNS = [
  "effective_from",
  "guild_fund_bp",
  "admin_fund_bp",
  "elite_pool_bp",
  "base_pool_bp",
  "elite_guild_master",
  "elite_core",
  "elite_members",
  "empty_elite_pool",
  "created_at",
  "updated_at",
] as const;

/** Rebuilt from the source tables after a restore (worker/salary/rebuild.ts), never in a backup. */
export const DERIVED_TABLES = [
  "salary_items",
  "salary_shares",
  "salary_earners",
  "salary_totals",
  "guild_funds",
];

/**
 * Emptied by a restore: they name accounts by id, which the restored accounts reuse for other people.
 * (The restoring admin's own session is carried over: restore.ts.) Character claims (decision 071) are requests
 * waiting on an officer; what the approved ones decided is users.member_id and the audit log, both backed up.
 */
export const EMPTIED_TABLES = [
  "sessions",
  "login_attempts",
  "idempotency_keys",
  "deleted_rows",
  "character_claims",
  // Check-ins (decision 079) last minutes and name accounts; what one decided is its attendance record, backed up.
  "check_in_entries",
  "check_ins",
  // Auctions (decision 091) name accounts; what one decided is its item's sale and the winner's payout, backed up.
  "auction_bids",
  "auctions",
  // Discord sign-ins in progress (decision 070): ten minutes' worth, of no use to another portal.
  "discord_sign_in_states",
];

/**
 * Left as they are: this installation's settings and devices, not the guild's data. A restored portal keeps its
 * Discord webhook and its push subscriptions (their account link is cleared when the account goes).
 */
export const KEPT_TABLES = [
  // The fingerprint of the pepper this installation's hashes need (decision 066): the installation's, not the guild's.
  "auth_pepper",
  "discord_settings",
  "discord_messages",
  // Discord sign-in (decision 070): the application, its secret sealed with this installation's pepper (which
  // another installation could not open) and the role mapping are this installation's, like the webhook. The
  // accounts' Discord ids are in users and come with a backup.
  "discord_sign_in",
  "discord_sign_in_roles",
  "push_subscriptions",
  "spawn_alert_deliveries",
  "data_versions",
  "sync_horizon",
  "schema_migrations",
  // The devices restores signed out (decision 089): notes about this installation's sessions, which a restore adds to.
  "restore_signed_out",
  // Discord interactions received (decision 096): a day of ids against repeats and for the rate limit.
  "discord_interactions",
];

/** Guild data: a database with a row in any of these is not empty, and a restore must be told to replace it. */
export const GUILD_DATA_TABLES = [
  "guild_members",
  "market_exchange",
  "attendance_records",
  "boss_names",
  "boss_timers",
  "payouts",
  "fund_spending",
];

/** Columns a backup leaves out: `changed_in` names the writing transaction (delta pulls), which the restore's is. */
export const NOT_BACKED_UP_COLUMNS = ["changed_in"];

export interface ColumnInfo {
  name: string;
  /** format_type(): what a text value is cast to on restore, e.g. "numeric(14,2)". */
  type: string;
}

/**
 * The backed-up columns of a table in this database, in table order: every column but generated ones (the
 * audit log's search words) and NOT_BACKED_UP_COLUMNS. Empty when the table does not exist (an older schema).
 */
export async function tableColumns(q: Queryable, table: string): Promise<ColumnInfo[]> {
  const rows = await q.query<ColumnInfo>(
    `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type
       FROM pg_attribute a
      WHERE a.attrelid = to_regclass(quote_ident($1)) AND a.attnum > 0 AND NOT a.attisdropped
        AND a.attgenerated = ''
      ORDER BY a.attnum`,
    [table],
  );
  return rows.filter((column) => !NOT_BACKED_UP_COLUMNS.includes(column.name));
}

/** The database's schema: the number of its newest applied migration. */
export async function schemaNumber(q: Queryable): Promise<number> {
  const [row] = await q.query<{ version: string | null }>(
    "SELECT max(version) AS version FROM schema_migrations",
  );
  return Number(row?.version ?? 0);
}

/** Quoted so a name from a file can never be read as SQL (names are also checked against the database). */
export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
