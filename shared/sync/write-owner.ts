/**
 * A queued write names the account that made it (decision 039); the server refuses it under any other
 * account's session, so a write is never applied, nor audited, under someone else's name.
 */
export const WRITE_OWNER_HEADER = "Write-Owner";
export const WRITTEN_BY_ANOTHER_ACCOUNT =
  "This change was made by another account. Sign in as that account to send it.";

/** The header's value for an account id. */
export function writeOwnerValue(accountId: number): string {
  return String(accountId);
}
