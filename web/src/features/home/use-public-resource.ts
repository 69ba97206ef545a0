import { useEffect, useState } from "react";
import { api, errorMessage } from "../../lib/api-client.ts";

export type ResourceState<T> =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; data: T };

/**
 * Reads one public list straight from the API. Interim: the local-first data layer (web/src/data) will
 * replace this with reads from IndexedDB that also work offline.
 */
export function usePublicResource<T>(
  path: string,
  pick: (body: Record<string, unknown>) => T,
): ResourceState<T> {
  const [state, setState] = useState<ResourceState<T>>({ status: "loading" });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `pick` is a fresh arrow each render; the path identifies the resource.
  useEffect(() => {
    const controller = new AbortController();
    api
      .get<Record<string, unknown>>(path, controller.signal)
      .then((body) => setState({ status: "ready", data: pick(body ?? {}) }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ status: "error", message: errorMessage(error) });
      });
    return () => controller.abort();
  }, [path]);
  return state;
}
