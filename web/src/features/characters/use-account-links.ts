/** The accounts and their characters, read from the server (accounts are not kept on the device: online only). */
import { useCallback, useEffect, useState } from "react";
import type { AccountMemberLink } from "@shared/schemas/account-links.ts";
import type { Account } from "@shared/schemas/accounts.ts";
import { api, errorMessage } from "@web/lib/api-client.ts";

export interface AccountLinks {
  accounts: Account[];
  links: AccountMemberLink[];
}

export type AccountLinksState =
  | { status: "loading"; data: null; error: null }
  | { status: "error"; data: AccountLinks | null; error: string }
  | { status: "ready"; data: AccountLinks; error: null };

export function useAccountLinks(online: boolean): { state: AccountLinksState; reload: () => void } {
  const [state, setState] = useState<AccountLinksState>({ status: "loading", data: null, error: null });
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    if (!online) return;
    // `version` asks for a fresh list after a change.
    void version;
    const controller = new AbortController();
    Promise.all([
      api.get<{ accounts: Account[] }>("/admin/accounts", controller.signal),
      api.get<{ links: AccountMemberLink[] }>("/admin/accounts/member-links", controller.signal),
    ])
      .then(([{ accounts }, { links }]) =>
        setState({ status: "ready", data: { accounts, links }, error: null }),
      )
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState((previous) => ({ status: "error", data: previous.data, error: errorMessage(error) }));
      });
    return () => controller.abort();
  }, [online, version]);

  return { state, reload };
}
