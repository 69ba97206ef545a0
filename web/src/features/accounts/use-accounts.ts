/** The account list, read from the server (accounts are not kept in the local store: online only). */
import { useCallback, useEffect, useState } from "react";
import type { Account } from "@shared/schemas/accounts.ts";
import { api, errorMessage } from "@web/lib/api-client.ts";

export type AccountsState =
  | { status: "loading"; accounts: null; error: null }
  | { status: "error"; accounts: Account[] | null; error: string }
  | { status: "ready"; accounts: Account[]; error: null };

export function useAccounts(online: boolean): { state: AccountsState; reload: () => void } {
  const [state, setState] = useState<AccountsState>({ status: "loading", accounts: null, error: null });
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    if (!online) return;
    // `version` asks for a fresh list after a change.
    void version;
    const controller = new AbortController();
    api
      .get<{ accounts: Account[] }>("/admin/accounts", controller.signal)
      .then(({ accounts }) => setState({ status: "ready", accounts, error: null }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState((previous) => ({
          status: "error",
          accounts: previous.accounts,
          error: errorMessage(error),
        }));
      });
    return () => controller.abort();
  }, [online, version]);

  return { state, reload };
}
