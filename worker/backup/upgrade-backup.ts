/**
 * Backups made at an older database schema are brought to the current one before a restore, a step per migration
 * that changed a backed-up table, as the migration changed the database (docs/decisions/052). Migrations 001-008
 * and 011 changed no backed-up column (006's changed_in is never backed up; 011 added checks), so a file from any
 * schema from 1 on restores. The upgraded file is then checked row by row like the newest (docs/decisions/054):
 * an older file's NaN amount is refused like a new one's.
 */

import { type BackupFile, type BackupTable, schemaFromTheFuture } from "@shared/schemas/backup.ts";
import { AFTER_MAINTENANCE_DEFAULT } from "@shared/schemas/timer-tools.ts";
import { SPLIT_RULE_COLUMNS } from "./backup-tables.ts";

type Upgrade = (tables: Record<string, BackupTable>) => void;

/** 009 kept, with each audit entry, the name of what it changed (sql/009-audit-search.sql does the same). */
function auditSubjects(tables: Record<string, BackupTable>): void {
  const audit = tables.audit_log;
  if (!audit || audit.columns.includes("subject")) return;
  const at = (name: string) => audit.columns.indexOf(name);
  const [entity, entityId, before, after] = [at("entity"), at("entity_id"), at("before"), at("after")];
  const field = (json: string | null | undefined, key: string): string | null => {
    if (!json) return null;
    try {
      const value = (JSON.parse(json) as Record<string, unknown> | null)?.[key];
      if (value === undefined || value === null || Array.isArray(value)) return null;
      return typeof value === "object" ? JSON.stringify(value) : String(value);
    } catch {
      return null;
    }
  };
  audit.columns.push("subject");
  for (const row of audit.rows) {
    let subject: string | null = null;
    for (const key of ["lootName", "playerName", "displayName", "name", "bossName"]) {
      subject = field(row[after], key) ?? field(row[before], key);
      if (subject !== null) break;
    }
    if (subject === null && row[entity] === "boss_timer") subject = row[entityId] ?? null;
    row.push(subject === null ? null : [...subject].slice(0, 200).join(""));
  }
}

/** 010 added payouts, spending from the funds, and the account's main character. */
function payoutsLedgerLinks(tables: Record<string, BackupTable>): void {
  const stamps = ["recorded_by", "created_at", "updated_at"];
  tables.payouts ??= {
    columns: ["id", "member_id", "member_name", "amount", "paid_on", "method", "reference", ...stamps],
    rows: [],
  };
  tables.fund_spending ??= { columns: ["id", "fund", "amount", "purpose", "spent_on", ...stamps], rows: [] };
  const users = tables.users;
  if (users && !users.columns.includes("member_id")) {
    users.columns.push("member_id");
    for (const row of users.rows) row.push(null);
  }
}

/**
 * 012 added the guild's settings (decision 059). An older file had none: no zone chosen. The restore then adds the
 * one row with its defaults (restore.ts), as the migration did.
 */
function guildSettings(tables: Record<string, BackupTable>): void {
  tables.guild_settings ??= { columns: ["id", "time_zone", "updated_at"], rows: [] };
}

/** 016 linked accounts to Discord users (decision 070): an older file's accounts are password accounts. */
function discordSignIn(tables: Record<string, BackupTable>): void {
  const users = tables.users;
  if (!users || users.columns.includes("discord_id")) return;
  users.columns.push("discord_id", "disabled_by_discord");
  for (const row of users.rows) row.push(null, "false");
}

/** 019 added the split rules (decision 075): an older file's items were split under the default split. */
function splitRules(tables: Record<string, BackupTable>): void {
  tables.split_rules ??= { columns: [...SPLIT_RULE_COLUMNS], rows: [] };
}

/**
 * 021 gave each boss its own Discord alert (decision 077) and the guild a name (decision 078): an older file's
 * bosses use the defaults, and its guild the GUILD_BRAND.
 */
function bossAlertsAndGuildName(tables: Record<string, BackupTable>): void {
  const bosses = tables.boss_names;
  if (bosses && !bosses.columns.includes("discord_lead_minutes")) {
    bosses.columns.push("discord_lead_minutes", "discord_role_id");
    for (const row of bosses.rows) row.push(null, null);
  }
  const settings = tables.guild_settings;
  if (settings && !settings.columns.includes("guild_name")) {
    settings.columns.push("guild_name");
    for (const row of settings.rows) row.push(null);
  }
}

/** 020 added what a server maintenance does to interval bosses (decision 076): an older file's guild has the default. */
function afterMaintenance(tables: Record<string, BackupTable>): void {
  const settings = tables.guild_settings;
  if (!settings || settings.columns.includes("after_maintenance")) return;
  settings.columns.push("after_maintenance");
  for (const row of settings.rows) row.push(AFTER_MAINTENANCE_DEFAULT);
}

/** 025 added how an audit entry's account acted (decision 096): older entries were all made on the portal. */
function auditVia(tables: Record<string, BackupTable>): void {
  const audit = tables.audit_log;
  if (!audit || audit.columns.includes("via")) return;
  audit.columns.push("via");
  for (const row of audit.rows) row.push(null);
}

/** By the schema a step brings a file to; a schema without a step changed no backed-up column. */
const UPGRADES: Readonly<Record<number, Upgrade>> = {
  9: auditSubjects,
  10: payoutsLedgerLinks,
  12: guildSettings,
  16: discordSignIn,
  19: splitRules,
  20: afterMaintenance,
  21: bossAlertsAndGuildName,
  25: auditVia,
};

export const OLDEST_BACKUP_SCHEMA = 1;

/** Brings the file to `schema` in place; a message when it cannot (a file from a newer portal). */
export function upgradeBackup(backup: BackupFile, schema: number): string | undefined {
  if (backup.schema > schema) return schemaFromTheFuture(backup.schema, schema);
  for (let next = backup.schema + 1; next <= schema; next++) UPGRADES[next]?.(backup.tables);
  backup.schema = schema;
  return undefined;
}
