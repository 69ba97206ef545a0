import { ACCOUNT_CALLS } from "@shared/contract/accounts.ts";
import { ACCOUNT_MESSAGES, type Account } from "@shared/schemas/accounts.ts";
import { ApiError } from "../app/api-error.ts";
import { sendData } from "../app/respond.ts";
import { serveCalls } from "../app/serve-calls.ts";
import { write } from "../app/write.ts";
import { hashPassword } from "../auth/password-hash.ts";
import { readSessionCookie } from "../auth/session-cookie.ts";
import { hashSessionToken } from "../auth/session-token.ts";
import { deleteSessionsOfUser, endSessionsForRemovedAccess } from "../auth/sessions-repo.ts";
import { setPasswordHash } from "../auth/user-passwords-repo.ts";
import {
  findUserByEmail,
  getUser,
  insertUser,
  listUsers,
  type User,
  updateUser,
} from "../auth/users-repo.ts";
import { lockActiveAdminIds } from "./accounts-repo.ts";

const PG_UNIQUE_VIOLATION = "23505";

function toAccount({ id, email, displayName, role, avatarUrl, disabled, createdAt }: User): Account {
  return { id, email, displayName, role, avatarUrl, disabled, createdAt };
}

/** Accounts (docs/product.md#accounts). Admin only. */
export const accountsRoutes = serveCalls(ACCOUNT_CALLS, {
  list: async (c) => {
    const users = await listUsers(c.get("db"));
    return sendData(c, { accounts: users.map(toAccount) });
  },
  create: async (c) => {
    const input = c.req.valid("json");
    // Hashing is slow on purpose; do it before the transaction opens.
    const hash = await hashPassword(input.password, c.get("config").pepper);
    return write(
      c,
      async ({ tx, audit }) => {
        if (await findUserByEmail(tx, input.email)) throw new ApiError(409, ACCOUNT_MESSAGES.duplicateEmail);
        let user: User;
        try {
          user = await insertUser(tx, {
            email: input.email,
            displayName: input.displayName,
            role: input.role,
          });
        } catch (err) {
          // A concurrent create of the same email got in between the check and the insert.
          if ((err as { code?: unknown } | null)?.code === PG_UNIQUE_VIOLATION) {
            throw new ApiError(409, ACCOUNT_MESSAGES.duplicateEmail);
          }
          throw err;
        }
        await setPasswordHash(tx, user.id, hash);
        const account = toAccount(user);
        await audit({ action: "create", entity: "account", entityId: account.id, after: account });
        return { account };
      },
      201,
    );
  },
  update: async (c) => {
    const { id, password, ...patch } = c.req.valid("json");
    const actor = c.get("user");
    const hash = password === undefined ? undefined : await hashPassword(password, c.get("config").pepper);
    // An admin changing their own password stays signed in here; their other sessions end.
    const token = readSessionCookie(c);
    const keepTokenHash =
      hash !== undefined && patch.disabled !== true && actor?.id === id && token
        ? await hashSessionToken(token)
        : null;
    return write(c, async ({ tx, audit }) => {
      const activeAdminIds = await lockActiveAdminIds(tx);
      const before = await getUser(tx, id);
      if (!before) throw new ApiError(404, ACCOUNT_MESSAGES.notFound);
      const losesAdmin =
        before.role === "admin" &&
        !before.disabled &&
        ((patch.role !== undefined && patch.role !== "admin") || patch.disabled === true);
      if (losesAdmin && !activeAdminIds.some((adminId) => adminId !== id)) {
        throw new ApiError(400, ACCOUNT_MESSAGES.lastAdmin);
      }
      const after = (await updateUser(tx, id, patch)) as User;
      if (hash !== undefined) await setPasswordHash(tx, id, hash);
      // A disabled account's devices are told their access was removed (decision 073); a new password ends the rest.
      if (patch.disabled === true) await endSessionsForRemovedAccess(tx, id);
      else if (hash !== undefined) await deleteSessionsOfUser(tx, id, keepTokenHash);
      const account = toAccount(after);
      await audit({
        action: "update",
        entity: "account",
        entityId: id,
        before: toAccount(before),
        // Only the fact of a reset is recorded, never the password or its hash.
        after: hash === undefined ? account : { ...account, passwordReset: true },
      });
      return { account };
    });
  },
  // Signs the account out of every device (decision 068): a lost phone, a shared computer, an officer who left.
  endSessions: async (c) => {
    const { id } = c.req.valid("json");
    return write(c, async ({ tx, audit }) => {
      const account = await getUser(tx, id);
      if (!account) throw new ApiError(404, ACCOUNT_MESSAGES.notFound);
      const ended = await deleteSessionsOfUser(tx, id);
      await audit({
        action: "sign_out_everywhere",
        entity: "account",
        entityId: id,
        after: { email: account.email, sessionsEnded: ended },
      });
      return { ended };
    });
  },
});
