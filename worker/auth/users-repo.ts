import type { AccountRole } from "@shared/contract/roles.ts";
import type { Queryable } from "../db/types.ts";

export type Role = AccountRole;

export interface User {
  id: number;
  email: string;
  displayName: string;
  role: Role;
  avatarUrl: string | null;
  disabled: boolean;
  createdAt: Date;
  updatedAt: Date;
}

const COLUMNS = `id, email, display_name AS "displayName", role, avatar_url AS "avatarUrl", disabled,
  created_at AS "createdAt", updated_at AS "updatedAt"`;

export async function findUserByEmail(q: Queryable, email: string): Promise<User | undefined> {
  const rows = await q.query<User>(`SELECT ${COLUMNS} FROM users WHERE lower(email) = lower($1)`, [
    email.trim(),
  ]);
  return rows[0];
}

export async function getUser(q: Queryable, id: number): Promise<User | undefined> {
  const rows = await q.query<User>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0];
}

export async function listUsers(q: Queryable): Promise<User[]> {
  return q.query<User>(`SELECT ${COLUMNS} FROM users ORDER BY lower(email)`);
}

export async function countActiveAdmins(q: Queryable): Promise<number> {
  const rows = await q.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM users WHERE role = 'admin' AND NOT disabled",
  );
  return rows[0]?.n ?? 0;
}

export interface NewUser {
  email: string;
  displayName: string;
  role: Role;
  avatarUrl?: string | null;
}

export async function insertUser(q: Queryable, input: NewUser): Promise<User> {
  const rows = await q.query<User>(
    `INSERT INTO users (email, display_name, role, avatar_url) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
    [input.email.trim().toLowerCase(), input.displayName, input.role, input.avatarUrl ?? null],
  );
  return rows[0] as User;
}

export interface UserPatch {
  displayName?: string;
  role?: Role;
  disabled?: boolean;
  avatarUrl?: string | null;
}

export async function updateUser(q: Queryable, id: number, patch: UserPatch): Promise<User | undefined> {
  const rows = await q.query<User>(
    `UPDATE users SET
       display_name = COALESCE($2, display_name),
       role = COALESCE($3, role),
       disabled = COALESCE($4, disabled),
       -- An admin's enabling or disabling is theirs, not Discord's (decision 070).
       disabled_by_discord = CASE WHEN $4::boolean IS NULL THEN disabled_by_discord ELSE false END,
       avatar_url = CASE WHEN $5::boolean THEN $6 ELSE avatar_url END
     WHERE id = $1 RETURNING ${COLUMNS}`,
    [
      id,
      patch.displayName ?? null,
      patch.role ?? null,
      patch.disabled ?? null,
      patch.avatarUrl !== undefined,
      patch.avatarUrl ?? null,
    ],
  );
  return rows[0];
}
