/**
 * One GET for the online-only admin tools (decision 013): loading, the answer or the error's message, and a
 * reload. Offline it does not call; the page shows the offline notice instead.
 */
import { useEffect, useState } from "react";
import { api, errorMessage } from "@web/lib/api-client.ts";

export type FetchState<T> =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; data: T };

export function useAdminFetch<T>(
  path: string,
  online: boolean,
): { state: FetchState<T>; reload: () => void } {
  const [state, setState] = useState<FetchState<T>>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how reload() asks for a fresh answer.
  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    setState({ status: "loading" });
    api.get<T>(path, controller.signal).then(
      (data) => setState({ status: "ready", data }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: "error", message: errorMessage(error) });
      },
    );
    return () => controller.abort();
  }, [path, online, attempt]);
  return { state, reload: () => setAttempt((n) => n + 1) };
}
