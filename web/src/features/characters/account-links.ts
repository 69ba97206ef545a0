/** The accounts and their characters, read from the server (accounts are not kept on the device: online only). */
import { ACCOUNT_CALLS, ACCOUNT_LINK_CALLS } from "@shared/contract/accounts.ts";
import type { AccountMemberLink } from "@shared/schemas/account-links.ts";
import type { Account } from "@shared/schemas/accounts.ts";
import { api } from "@web/lib/api-client.ts";

export interface AccountLinks {
  accounts: Account[];
  links: AccountMemberLink[];
}

/** Both lists, asked for together. */
export async function readAccountLinks(signal: AbortSignal): Promise<AccountLinks> {
  const [{ accounts }, { links }] = await Promise.all([
    api.call(ACCOUNT_CALLS.list, { signal }),
    api.call(ACCOUNT_LINK_CALLS.memberLinks, { signal }),
  ]);
  return { accounts, links };
}
