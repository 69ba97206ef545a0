/** The accounts the person filter offers (a guild has a handful of officers: the account list is small). */
import type { Account } from "@shared/schemas/accounts.ts";

export interface AuditPerson {
  id: number;
  displayName: string;
  email: string;
}

export function auditPeople(accounts: readonly Account[]): AuditPerson[] {
  return accounts
    .map(({ id, displayName, email }) => ({ id, displayName, email }))
    .sort((a, b) => a.displayName.localeCompare(b.displayName));
}
