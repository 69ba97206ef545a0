/**
 * Who a Discord sign-in lets in, and as what (decision 070), in the sign-in's transaction: the roles are read again
 * at every sign-in, so the account follows Discord. A member with a mapped role gets (or keeps) an account with the
 * highest portal role their roles give; one without (or not in the server) is refused, and their existing account
 * is disabled and its sessions end. The last active admin is never demoted or disabled this way: nobody can lock
 * the guild out of its portal from Discord.
 */
import type { DiscordRefusal } from "@shared/auth/discord-sign-in-refusals.ts";
import type { AccountRole } from "@shared/contract/roles.ts";
import { lockActiveAdminIds } from "../accounts/accounts-repo.ts";
import { insertAudit } from "../audit/audit-repo.ts";
import { endSessionsForRemovedAccess, openSession } from "../auth/sessions-repo.ts";
import type { Queryable } from "../db/types.ts";
import {
  type DiscordAccount,
  insertDiscordAccount,
  lockDiscordAccount,
  updateDiscordAccount,
} from "./discord-sign-in-repo.ts";

export interface DiscordMemberSeen {
  discordId: string;
  displayName: string;
  /** Whether Discord answered them a member of the guild's server. */
  member: boolean;
  /** The portal role their server roles give; null: none is mapped (or not a member). */
  role: AccountRole | null;
  userAgent: string;
}

export type Admission =
  | { admitted: true; account: DiscordAccount; token: string; expiresAt: Date }
  | { admitted: false; refusal: DiscordRefusal };

/** Why the last active admin kept their role, in the audit entry. */
export const KEPT_LAST_ADMIN =
  "kept admin: the last active admin is never demoted or disabled by Discord roles";

const ENTITY = "account";

const snapshot = (account: DiscordAccount) => ({
  displayName: account.displayName,
  role: account.role,
  disabled: account.disabled,
});

export async function admitDiscordMember(tx: Queryable, seen: DiscordMemberSeen): Promise<Admission> {
  const existing = await lockDiscordAccount(tx, seen.discordId);
  const refusal: DiscordRefusal = seen.member ? "discord_no_role" : "discord_not_member";
  if (!existing) {
    if (seen.role === null) return { admitted: false, refusal };
    const account = await insertDiscordAccount(tx, { ...seen, role: seen.role });
    return signIn(tx, seen, account, { created: true, before: null });
  }
  // An account an admin disabled stays so, whatever its roles.
  if (existing.disabled && !existing.disabledByDiscord)
    return { admitted: false, refusal: "discord_disabled" };

  const isActiveAdmin = existing.role === "admin" && !existing.disabled;
  const keepsAdmin =
    isActiveAdmin &&
    seen.role !== "admin" &&
    !(await lockActiveAdminIds(tx)).some((adminId) => adminId !== existing.id);
  if (seen.role === null && !keepsAdmin) {
    const ended = await endSessionsForRemovedAccess(tx, existing.id);
    const after = existing.disabled
      ? existing
      : await updateDiscordAccount(tx, existing.id, { disabledByDiscord: true });
    await insertAudit(tx, existing, {
      action: "discord_access_removed",
      entity: ENTITY,
      entityId: existing.id,
      before: snapshot(existing),
      after: { ...snapshot(after), reason: refusal, sessionsEnded: ended },
    });
    return { admitted: false, refusal };
  }
  const account = await updateDiscordAccount(tx, existing.id, {
    role: keepsAdmin ? "admin" : (seen.role as AccountRole),
    displayName: seen.displayName,
    disabledByDiscord: false,
  });
  return signIn(tx, seen, account, { created: false, before: existing, keptAdmin: keepsAdmin });
}

async function signIn(
  tx: Queryable,
  seen: DiscordMemberSeen,
  account: DiscordAccount,
  how: { created: boolean; before: DiscordAccount | null; keptAdmin?: boolean },
): Promise<Admission> {
  const { token, expiresAt } = await openSession(tx, account.id, seen.userAgent);
  await insertAudit(tx, account, {
    action: "discord_sign_in",
    entity: ENTITY,
    entityId: account.id,
    before: how.before === null ? undefined : snapshot(how.before),
    after: {
      ...snapshot(account),
      discordId: seen.discordId,
      ...(how.created ? { created: true } : {}),
      ...(how.keptAdmin ? { note: KEPT_LAST_ADMIN, rolesGive: seen.role ?? "none" } : {}),
    },
  });
  return { admitted: true, account, token, expiresAt };
}
