/** The Discord sign-in settings, role mapping and sign-ins in progress (sql/016-discord-sign-in.sql). */
import { discordPlaceholderEmail } from "@shared/auth/discord-account.ts";
import type { AccountRole } from "@shared/contract/roles.ts";
import type { RoleMapping } from "@shared/schemas/discord-sign-in.ts";
import type { Queryable } from "../db/types.ts";

export interface StoredSignInSettings {
  clientId: string;
  clientSecretBox: string | null;
  guildId: string;
  roles: RoleMapping[];
}

export async function readSignInSettings(q: Queryable): Promise<StoredSignInSettings> {
  const [row] = await q.query<{ clientId: string; clientSecretBox: string | null; guildId: string }>(
    `SELECT client_id AS "clientId", client_secret_box AS "clientSecretBox", guild_id AS "guildId"
       FROM discord_sign_in WHERE id = 1`,
  );
  const roles = await q.query<RoleMapping>(
    `SELECT role_id AS "roleId", portal_role AS role, label FROM discord_sign_in_roles
      ORDER BY CASE portal_role WHEN 'admin' THEN 0 WHEN 'officer' THEN 1 ELSE 2 END, label, role_id`,
  );
  return {
    clientId: row?.clientId ?? "",
    clientSecretBox: row?.clientSecretBox ?? null,
    guildId: row?.guildId ?? "",
    roles,
  };
}

/** Stores the settings and replaces the role mapping; `clientSecretBox` undefined keeps the stored secret. */
export async function saveSignInSettings(
  q: Queryable,
  settings: Omit<StoredSignInSettings, "clientSecretBox"> & { clientSecretBox: string | null | undefined },
): Promise<void> {
  await q.query(
    `INSERT INTO discord_sign_in (id, client_id, client_secret_box, guild_id) VALUES (1, $1, $3, $4)
     ON CONFLICT (id) DO UPDATE SET client_id = EXCLUDED.client_id, guild_id = EXCLUDED.guild_id,
       client_secret_box = CASE WHEN $2::boolean THEN discord_sign_in.client_secret_box ELSE EXCLUDED.client_secret_box END`,
    [
      settings.clientId,
      settings.clientSecretBox === undefined,
      settings.clientSecretBox ?? null,
      settings.guildId,
    ],
  );
  await q.query("DELETE FROM discord_sign_in_roles");
  for (const mapping of settings.roles) {
    await q.query("INSERT INTO discord_sign_in_roles (role_id, portal_role, label) VALUES ($1, $2, $3)", [
      mapping.roleId,
      mapping.role,
      mapping.label,
    ]);
  }
}

export interface PendingSignIn {
  browserHash: string;
  codeVerifier: string;
  redirectUri: string;
  nextPath: string | null;
}

/** Sign-ins in progress at most at once: beyond it a start is refused until some expire (a flood's bound). */
export const MAX_PENDING_SIGN_INS = 10_000;

/** Forgets sign-ins past their 10 minutes; answers how many are still in progress. */
export async function sweepPendingSignIns(q: Queryable): Promise<number> {
  await q.query("DELETE FROM discord_sign_in_states WHERE expires_at <= now()");
  const [row] = await q.query<{ n: number }>("SELECT count(*)::int AS n FROM discord_sign_in_states");
  return row?.n ?? 0;
}

export async function insertPendingSignIn(
  q: Queryable,
  stateHash: string,
  pending: PendingSignIn,
  expiresAt: Date,
): Promise<void> {
  await q.query(
    `INSERT INTO discord_sign_in_states (state_hash, browser_hash, code_verifier, redirect_uri, next_path, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [stateHash, pending.browserHash, pending.codeVerifier, pending.redirectUri, pending.nextPath, expiresAt],
  );
}

/**
 * The sign-in a state started, deleted as it is read, so that a state is used once even by two callbacks at the
 * same moment; undefined for a state never given, already used or expired.
 */
export async function takePendingSignIn(q: Queryable, stateHash: string): Promise<PendingSignIn | undefined> {
  const [row] = await q.query<PendingSignIn & { live: boolean }>(
    `DELETE FROM discord_sign_in_states WHERE state_hash = $1
     RETURNING browser_hash AS "browserHash", code_verifier AS "codeVerifier", redirect_uri AS "redirectUri",
               next_path AS "nextPath", expires_at > now() AS live`,
    [stateHash],
  );
  if (!row?.live) return undefined;
  const { live: _live, ...pending } = row;
  return pending;
}

export interface DiscordAccount {
  id: number;
  email: string;
  displayName: string;
  role: AccountRole;
  disabled: boolean;
  disabledByDiscord: boolean;
}

/** The account of a Discord user, row-locked until the transaction ends. */
export async function lockDiscordAccount(
  q: Queryable,
  discordId: string,
): Promise<DiscordAccount | undefined> {
  const [row] = await q.query<DiscordAccount>(
    `SELECT id, email, display_name AS "displayName", role, disabled, disabled_by_discord AS "disabledByDiscord"
       FROM users WHERE discord_id = $1 FOR UPDATE`,
    [discordId],
  );
  return row;
}

export async function insertDiscordAccount(
  q: Queryable,
  account: { discordId: string; displayName: string; role: AccountRole },
): Promise<DiscordAccount> {
  const [row] = await q.query<DiscordAccount>(
    `INSERT INTO users (email, display_name, role, discord_id) VALUES ($1, $2, $3, $4)
     RETURNING id, email, display_name AS "displayName", role, disabled, disabled_by_discord AS "disabledByDiscord"`,
    [discordPlaceholderEmail(account.discordId), account.displayName, account.role, account.discordId],
  );
  return row as DiscordAccount;
}

/** What a Discord sign-in sets: the role the roles give, the name Discord shows, and whether roles admit it. */
export async function updateDiscordAccount(
  q: Queryable,
  id: number,
  patch: { role?: AccountRole; displayName?: string; disabledByDiscord: boolean },
): Promise<DiscordAccount> {
  const [row] = await q.query<DiscordAccount>(
    `UPDATE users SET role = COALESCE($2, role), display_name = COALESCE($3, display_name),
            disabled = $4, disabled_by_discord = $4
      WHERE id = $1
     RETURNING id, email, display_name AS "displayName", role, disabled, disabled_by_discord AS "disabledByDiscord"`,
    [id, patch.role ?? null, patch.displayName ?? null, patch.disabledByDiscord],
  );
  return row as DiscordAccount;
}
