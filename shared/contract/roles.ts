/**
 * Who an account is (docs/product.md#who-may-do-what, decision 067): a raider (`user`) plays, an officer records
 * what the guild's raids bring in (raids, attendance, loot, imports, timers) and reads its payouts and funds, an
 * admin also runs the guild (accounts, Discord, settings, backups, payouts and spending). Each role may do what
 * the ones below it may. A call declares the least role that may make it (call.ts); the worker refuses the others
 * and the screens hide what the account may not use.
 */

/** The roles an account may have, most trusted first. `user` is the stored name of a raider. */
export const ACCOUNT_ROLES = ["admin", "officer", "user"] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

export const isAccountRole = (value: unknown): value is AccountRole =>
  (ACCOUNT_ROLES as readonly unknown[]).includes(value);

/** Who may make a call: anyone, or an account with at least this role. */
export type CallRole = "public" | AccountRole;

/** How each role is named on screen. */
export const ROLE_LABELS: Readonly<Record<AccountRole, string>> = {
  admin: "Admin",
  officer: "Officer",
  user: "Raider",
};

const RANK: Readonly<Record<CallRole, number>> = { public: 0, user: 1, officer: 2, admin: 3 };

/** Whether an account with `role` (null: nobody signed in) may make a call that needs `needed`. */
export function mayCall(role: AccountRole | null | undefined, needed: CallRole): boolean {
  if (needed === "public") return true;
  return role !== null && role !== undefined && RANK[role] >= RANK[needed];
}

/** Officers and admins: the accounts that work in the admin area and read the guild's whole books. */
export const isStaff = (role: AccountRole | null | undefined): boolean => mayCall(role, "officer");
