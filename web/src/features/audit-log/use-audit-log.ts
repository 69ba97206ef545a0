/** The audit log from the server, newest first, a page at a time (online only: it is not in the local store). */
import { useCallback, useEffect, useRef, useState } from "react";
import { api, errorMessage } from "@web/lib/api-client.ts";
import type { AuditEntry } from "./audit-diff.ts";

export const AUDIT_PAGE_SIZE = 50;

interface AuditPage {
  entries: AuditEntry[];
  nextBefore: number | null;
}

export interface AuditLogState {
  /** null until the first page arrived. */
  entries: AuditEntry[] | null;
  nextBefore: number | null;
  loadingMore: boolean;
  error: string | null;
}

const INITIAL: AuditLogState = { entries: null, nextBefore: null, loadingMore: false, error: null };

function pagePath(entity: string | null, before: number | null): string {
  const params = new URLSearchParams({ limit: String(AUDIT_PAGE_SIZE) });
  if (before !== null) params.set("before", String(before));
  if (entity) params.set("entity", entity);
  return `/admin/audit-log?${params}`;
}

export function useAuditLog(
  online: boolean,
  entity: string | null,
): { state: AuditLogState; loadMore: () => void } {
  const [state, setState] = useState<AuditLogState>(INITIAL);
  // The filter a page was asked for; an answer for an older filter is dropped.
  const current = useRef(entity);
  current.current = entity;

  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    setState(INITIAL);
    api
      .get<AuditPage>(pagePath(entity, null), controller.signal)
      .then((page) =>
        setState({ entries: page.entries, nextBefore: page.nextBefore, loadingMore: false, error: null }),
      )
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ ...INITIAL, error: errorMessage(error) });
      });
    return () => controller.abort();
  }, [online, entity]);

  const loadMore = useCallback(() => {
    const before = state.nextBefore;
    if (before === null || state.loadingMore) return;
    const asked = entity;
    setState((s) => ({ ...s, loadingMore: true, error: null }));
    api
      .get<AuditPage>(pagePath(asked, before))
      .then((page) => {
        if (current.current !== asked) return;
        setState((s) => ({
          entries: [...(s.entries ?? []), ...page.entries],
          nextBefore: page.nextBefore,
          loadingMore: false,
          error: null,
        }));
      })
      .catch((error: unknown) => {
        if (current.current !== asked) return;
        setState((s) => ({ ...s, loadingMore: false, error: errorMessage(error) }));
      });
  }, [entity, state.nextBefore, state.loadingMore]);

  return { state, loadMore };
}
