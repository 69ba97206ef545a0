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

/** What the log is narrowed to; the server filters (the log can be years long). */
export interface AuditFilter {
  /** A kind: 'market_item', 'guild_member'... */
  entity: string | null;
  /** With entity: one item, member, account... */
  entityId: string | null;
  /** The account that made the changes. */
  actor: number | null;
  /** Words to search the names, ids and emails for. */
  q: string;
}

export const NO_FILTER: AuditFilter = { entity: null, entityId: null, actor: null, q: "" };

function pagePath(filter: AuditFilter, before: number | null): string {
  const params = new URLSearchParams({ limit: String(AUDIT_PAGE_SIZE) });
  if (before !== null) params.set("before", String(before));
  if (filter.entity) params.set("entity", filter.entity);
  if (filter.entity && filter.entityId) params.set("entityId", filter.entityId);
  if (filter.actor !== null) params.set("actor", String(filter.actor));
  if (filter.q.trim() !== "") params.set("q", filter.q.trim());
  return `/admin/audit-log?${params}`;
}

export function useAuditLog(
  online: boolean,
  filter: AuditFilter,
): { state: AuditLogState; loadMore: () => void } {
  const [state, setState] = useState<AuditLogState>(INITIAL);
  // The filter a page was asked for; an answer for an older filter is dropped.
  const key = pagePath(filter, null);
  const current = useRef(key);
  current.current = key;

  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    setState(INITIAL);
    api
      .get<AuditPage>(key, controller.signal)
      .then((page) =>
        setState({ entries: page.entries, nextBefore: page.nextBefore, loadingMore: false, error: null }),
      )
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ ...INITIAL, error: errorMessage(error) });
      });
    return () => controller.abort();
  }, [online, key]);

  const loadMore = useCallback(() => {
    const before = state.nextBefore;
    if (before === null || state.loadingMore) return;
    const asked = key;
    setState((s) => ({ ...s, loadingMore: true, error: null }));
    api
      .get<AuditPage>(pagePath(filter, before))
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
  }, [key, filter, state.nextBefore, state.loadingMore]);

  return { state, loadMore };
}
