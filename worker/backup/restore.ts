/**
 * Restores a backup file (docs/decisions/052) in ONE transaction: the file is checked and brought to this schema
 * first; a database with guild data is replaced only when asked with the guild's name typed exactly, after an
 * automatic backup of what it held. The source tables are emptied and loaded, the id sequences moved past the
 * restored ids, the derived figures rebuilt by the same code as "Recalculate All Salaries", and every app sent
 * to pull everything again; the devices it signed out are noted, to be told why (decision 089). Any failure rolls
 * all of it back.
 */
import {
  type BackupFile,
  backupRefusedMessage,
  parseBackup,
  RESTORE_NOT_EMPTY,
  type RestoreRefusal,
  type RestoreResult,
  wrongGuildName,
} from "@shared/schemas/backup.ts";
import { insertAudit } from "../audit/audit-repo.ts";
import type { Db, Queryable } from "../db/types.ts";
import { rebuildDerivedFigures } from "../salary/rebuild.ts";
import { lockDerivedFigures } from "../salary/redistribute.ts";
import { guildNameInForce } from "../settings/guild-name.ts";
import {
  BACKUP_TABLES,
  type ColumnInfo,
  DERIVED_TABLES,
  EMPTIED_TABLES,
  GUILD_DATA_TABLES,
  ident,
  schemaNumber,
  tableColumns,
} from "./backup-tables.ts";
import { checkBackup } from "./check-backup.ts";
import { upgradeBackup } from "./upgrade-backup.ts";
import { backupText } from "./write-backup.ts";

/**
 * A restore refused before anything changed: the route answers it with its status and message, and a damaged
 * file's every problem (table, key, reason; docs/decisions/054).
 */
export class RestoreRefused extends Error {
  constructor(
    readonly status: 400 | 409,
    message: string,
    readonly refusal?: RestoreRefusal,
  ) {
    super(message);
    this.name = "RestoreRefused";
  }
}

export interface RestoreOptions {
  /** GUILD_BRAND. confirmGuildName must be the guild's name in force: an admin's choice, else this (decision 078). */
  brand: string;
  /** Replace a database that has guild data. */
  replace: boolean;
  confirmGuildName?: string | undefined;
  /** The admin restoring over HTTP and their session (the SHA-256 of its token), which is kept. */
  actor?: { id: number; email: string; sessionTokenHash: string } | null;
  /** Keeps the automatic backup of the data being replaced (Node: a file in DATA_DIR/backups); answers where. */
  keepAutomaticBackup?: (text: string, createdAt: Date) => Promise<string>;
  now?: Date;
}

/** Rows per INSERT, and at most about this many characters of values, so one statement stays small. */
const CHUNK_ROWS = 1000;
const CHUNK_CHARS = 1_000_000;

function refuse(status: 400 | 409, message: string): never {
  throw new RestoreRefused(status, message);
}

function refuseFile(refusal: RestoreRefusal): never {
  throw new RestoreRefused(400, backupRefusedMessage(refusal), refusal);
}

/**
 * Parses the file, brings it to this schema, then checks it like every write (check-backup.ts): its tables and
 * columns against this database's, and every row. Nothing has changed yet when it refuses.
 */
async function readFile(
  q: Queryable,
  input: string | BackupFile,
  now: Date,
): Promise<{
  backup: BackupFile;
  columns: Map<string, ColumnInfo[]>;
}> {
  let backup: BackupFile;
  if (typeof input === "string") {
    const parsed = parseBackup(input);
    if (!parsed.ok) {
      if (parsed.refusal) refuseFile(parsed.refusal);
      refuse(400, parsed.message);
    }
    backup = parsed.backup;
  } else backup = input;
  const upgradeProblem = upgradeBackup(backup, await schemaNumber(q));
  if (upgradeProblem) refuse(400, upgradeProblem);
  const inDb = new Map<string, ColumnInfo[]>();
  for (const spec of BACKUP_TABLES) inDb.set(spec.name, await tableColumns(q, spec.name));
  const catalog = new Map([...inDb].map(([table, columns]) => [table, columns.map((c) => c.name)]));
  const refusal = checkBackup(backup, catalog, now);
  if (refusal) refuseFile(refusal);
  const columns = new Map<string, ColumnInfo[]>();
  for (const [name, table] of Object.entries(backup.tables)) {
    const byName = new Map((inDb.get(name) ?? []).map((c) => [c.name, c]));
    columns.set(
      name,
      table.columns.map((column) => byName.get(column) as ColumnInfo),
    );
  }
  return { backup, columns };
}

/** Whether any guild data table has a row: a restore then replaces it, and must be told so. */
export async function hasGuildData(q: Queryable): Promise<boolean> {
  const checks = GUILD_DATA_TABLES.map((t) => `EXISTS (SELECT 1 FROM ${ident(t)})`).join(" OR ");
  const [row] = await q.query<{ any: boolean }>(`SELECT (${checks}) AS any`);
  return row?.any === true;
}

/** Members whose main comes later would break main_member_id's foreign key: mains first, then their alts. */
function mainsFirst(columns: readonly string[], rows: (string | null)[][]): (string | null)[][] {
  const id = columns.indexOf("id");
  const main = columns.indexOf("main_member_id");
  if (id < 0 || main < 0) return rows;
  const byId = new Map(rows.map((row) => [row[id], row]));
  const placed = new Set<string | null>();
  const ordered: (string | null)[][] = [];
  const place = (row: (string | null)[], depth: number) => {
    if (placed.has(row[id] ?? null)) return;
    placed.add(row[id] ?? null);
    const parent = byId.get(row[main] ?? null);
    if (parent && depth < rows.length) place(parent, depth + 1);
    ordered.push(row);
  };
  for (const row of rows) place(row, 0);
  return ordered;
}

async function insertRows(
  tx: Queryable,
  table: string,
  columns: readonly ColumnInfo[],
  rows: readonly (string | null)[][],
): Promise<void> {
  const names = columns.map((c) => ident(c.name)).join(", ");
  const values = columns.map((c, i) => `(r->>${i})::${c.type}`).join(", ");
  const sql = `INSERT INTO ${ident(table)} (${names}) SELECT ${values} FROM json_array_elements($1::json) AS r`;
  let start = 0;
  while (start < rows.length) {
    let end = start;
    let chars = 0;
    while (end < rows.length && end - start < CHUNK_ROWS && chars < CHUNK_CHARS) {
      for (const value of rows[end] ?? []) chars += value?.length ?? 4;
      end++;
    }
    try {
      await tx.query(sql, [JSON.stringify(rows.slice(start, end))]);
    } catch (err) {
      // A value the column cannot take (class 22) or a broken key or check (class 23): the file, not the server.
      // The checks (check-backup.ts) refuse such files first; this is the database's word for what they miss.
      const code = (err as { code?: unknown }).code;
      if (typeof code === "string" && (code.startsWith("22") || code.startsWith("23")))
        refuseFile({
          problems: [{ table, key: null, reason: `${(err as Error).message}.` }],
          problemCount: 1,
        });
      throw err;
    }
    start = end;
  }
}

interface Carried {
  /** Password hashes by email, kept for the accounts of a backup without them. */
  passwords: { email: string; hash: string; createdAt: string; updatedAt: string }[];
  actor?: {
    email: string;
    displayName: string;
    hash: string | null;
    session: { expiresAt: string; lastAccessedAt: string; createdAt: string } | null;
  };
}

/** What survives the emptying: password hashes by email, and the restoring admin's account and session. */
async function carryOver(tx: Queryable, options: RestoreOptions, withPasswords: boolean): Promise<Carried> {
  const passwords = withPasswords
    ? []
    : await tx.query<Carried["passwords"][number]>(
        `SELECT u.email, p.password_hash AS hash, p.created_at::text AS "createdAt", p.updated_at::text AS "updatedAt"
           FROM users u JOIN user_passwords p ON p.user_id = u.id`,
      );
  const actor = options.actor;
  if (!actor) return { passwords };
  const [account] = await tx.query<{ displayName: string; hash: string | null }>(
    `SELECT u.display_name AS "displayName", p.password_hash AS hash
       FROM users u LEFT JOIN user_passwords p ON p.user_id = u.id WHERE u.id = $1`,
    [actor.id],
  );
  const [session] = await tx.query<NonNullable<Carried["actor"]>["session"] & object>(
    `SELECT expires_at::text AS "expiresAt", last_accessed_at::text AS "lastAccessedAt", created_at::text AS "createdAt"
       FROM sessions WHERE token_hash = $1`,
    [actor.sessionTokenHash],
  );
  return {
    passwords,
    actor: {
      email: actor.email,
      displayName: account?.displayName ?? actor.email,
      hash: account?.hash ?? null,
      session: session ?? null,
    },
  };
}

/**
 * The restoring admin stays signed in: their session moves to the restored account with their email when that
 * is an enabled admin; an email the backup does not have gets the admin's account carried over (so restoring
 * another server's backup never locks its restorer out). Answers the admin's id now, or null when signed out.
 */
async function keepActor(tx: Queryable, carried: Carried, sessionTokenHash: string): Promise<number | null> {
  const actor = carried.actor;
  if (!actor) return null;
  const [found] = await tx.query<{ id: number; role: string; disabled: boolean }>(
    "SELECT id, role, disabled FROM users WHERE email = $1",
    [actor.email],
  );
  let id: number;
  if (found) {
    if (found.role !== "admin" || found.disabled) return null;
    id = found.id;
  } else {
    const [inserted] = await tx.query<{ id: number }>(
      `INSERT INTO users (id, email, display_name, role) VALUES ((SELECT COALESCE(max(id), 0) + 1 FROM users), $1, $2, 'admin')
       RETURNING id`,
      [actor.email, actor.displayName],
    );
    id = inserted?.id as number;
    if (actor.hash)
      await tx.query("INSERT INTO user_passwords (user_id, password_hash) VALUES ($1, $2)", [id, actor.hash]);
  }
  if (actor.session)
    await tx.query(
      `INSERT INTO sessions (token_hash, user_id, expires_at, last_accessed_at, created_at)
       VALUES ($1, $2, $3::timestamptz, $4::timestamptz, $5::timestamptz)`,
      [sessionTokenHash, id, actor.session.expiresAt, actor.session.lastAccessedAt, actor.session.createdAt],
    );
  return id;
}

/**
 * Every session the restore ends (all but the restoring admin's) is noted with the restore's time, so a device that
 * still holds one is told why it was signed out (decision 089); notes whose session would have expired go.
 */
async function noteSignedOut(tx: Queryable, now: Date, keptTokenHash: string | null): Promise<void> {
  await tx.query("DELETE FROM restore_signed_out WHERE expires_at <= now()");
  await tx.query(
    `INSERT INTO restore_signed_out (token_hash, restored_at, expires_at)
     SELECT token_hash, $1::timestamptz, expires_at FROM sessions
      WHERE expires_at > now() AND token_hash IS DISTINCT FROM $2
     ON CONFLICT (token_hash) DO UPDATE SET restored_at = EXCLUDED.restored_at, expires_at = EXCLUDED.expires_at`,
    [now.toISOString(), keptTokenHash],
  );
}

/** Deletes in the reverse of the load order; derived and emptied tables first. */
async function emptyTables(tx: Queryable): Promise<void> {
  for (const table of [...DERIVED_TABLES.filter((t) => t !== "guild_funds"), ...EMPTIED_TABLES])
    await tx.query(`DELETE FROM ${ident(table)}`);
  for (const spec of [...BACKUP_TABLES].reverse()) await tx.query(`DELETE FROM ${ident(spec.name)}`);
}

/** Restores `input` (a backup file's text, or a parsed file) into `db`. Throws RestoreRefused before any change. */
export async function restoreBackup(
  db: Db,
  input: string | BackupFile,
  options: RestoreOptions,
): Promise<RestoreResult> {
  const now = options.now ?? new Date();
  // The name the Backup page shows and asks to be typed: the guild being replaced, as it is named now.
  const guildName = await guildNameInForce(db, options.brand);
  if (options.replace && options.confirmGuildName !== undefined && options.confirmGuildName !== guildName)
    refuse(400, wrongGuildName(guildName));
  return db.transaction(async (tx) => {
    // Every write that touches the derived figures takes this row first: none runs while the restore does.
    await lockDerivedFigures(tx);
    const { backup, columns } = await readFile(tx, input, now);
    const replaced = await hasGuildData(tx);
    if (replaced) {
      if (!options.replace) refuse(409, RESTORE_NOT_EMPTY);
      if (options.confirmGuildName !== guildName) refuse(400, wrongGuildName(guildName));
    }
    // What is being replaced, read before anything changes; kept (written out) only once the load succeeded.
    const replacedText =
      replaced && options.keepAutomaticBackup
        ? await backupText(tx, { brand: options.brand, includePasswords: true, now })
        : null;

    const withPasswords = "user_passwords" in backup.tables;
    const carried = await carryOver(tx, options, withPasswords);
    await noteSignedOut(tx, now, options.actor?.sessionTokenHash ?? null);
    await emptyTables(tx);

    const restored: Record<string, number> = {};
    for (const spec of BACKUP_TABLES) {
      const table = backup.tables[spec.name];
      if (!table) continue;
      const rows = spec.name === "guild_members" ? mainsFirst(table.columns, table.rows) : table.rows;
      await insertRows(tx, spec.name, columns.get(spec.name) ?? [], rows);
      restored[spec.name] = table.rows.length;
    }
    // A file without the settings row (one from before 012) leaves the guild's settings at their defaults.
    await tx.query("INSERT INTO guild_settings (id) VALUES (1) ON CONFLICT (id) DO NOTHING");
    if (!withPasswords && carried.passwords.length > 0)
      await tx.query(
        `INSERT INTO user_passwords (user_id, password_hash, created_at, updated_at)
         SELECT u.id, k.hash, k."createdAt"::timestamptz, k."updatedAt"::timestamptz
           FROM json_to_recordset($1::json) AS k(email text, hash text, "createdAt" text, "updatedAt" text)
           JOIN users u ON u.email = k.email`,
        [JSON.stringify(carried.passwords)],
      );
    const actorId = options.actor ? await keepActor(tx, carried, options.actor.sessionTokenHash) : null;

    for (const spec of BACKUP_TABLES.filter((t) => t.identity && t.name in backup.tables)) {
      const name = ident(spec.name);
      await tx.query(
        `SELECT setval(pg_get_serial_sequence('${spec.name}', 'id'), COALESCE(max(id), 1), max(id) IS NOT NULL) FROM ${name}`,
      );
    }

    // The stored shares, salaries and funds, from the restored items. The restored members keep their
    // updated_at: the rebuild only sets figures the file already had.
    await tx.query("ALTER TABLE guild_members DISABLE TRIGGER guild_members_updated_at");
    await rebuildDerivedFigures(tx);
    await tx.query("ALTER TABLE guild_members ENABLE TRIGGER guild_members_updated_at");

    // Every open app pulls everything: each collection's version moves, and every cursor from before this
    // transaction is older than the horizon, so it gets a full pull instead of a delta (changes-repo.ts).
    await tx.query("UPDATE data_versions SET version = version + 1");
    await tx.query("UPDATE sync_horizon SET pruned_through = pg_current_xact_id() WHERE id = 1");
    await tx.query("DELETE FROM deleted_rows");

    // Last: a file that cannot be written rolls the restore back, and a refused file leaves no automatic backup.
    const automaticBackup =
      replacedText !== null && options.keepAutomaticBackup
        ? await options.keepAutomaticBackup(replacedText, now)
        : null;

    // Audited when someone restored over the API or data was replaced. A restore into an empty database from
    // the command line (moving a guild to a new server) adds nothing, so the round trip gives the same file.
    if (options.actor || replaced)
      await insertAudit(
        tx,
        actorId === null || !options.actor ? null : { id: actorId, email: options.actor.email },
        {
          action: "restore",
          entity: "backup",
          after: {
            guild: backup.guild,
            createdAt: backup.createdAt,
            schema: backup.schema,
            rows: restored,
            replaced,
            ...(automaticBackup ? { automaticBackup } : {}),
          },
        },
      );
    return { restored, replaced, automaticBackup, signedIn: actorId !== null };
  });
}
