/** The audit log from the server, newest first, a page at a time (online only: it is not in the local store). */
import { useCallback, useState } from "react";
import { AUDIT_CALLS } from "@shared/contract/audit.ts";
import type { CallQuery } from "@shared/contract/call.ts";
import type { AuditLogEntry, AuditLogPage } from "@shared/schemas/audit-log.ts";
import { api, errorMessage } from "@web/lib/api-client.ts";
import { useServerRead } from "@web/lib/use-server-read.ts";

export const AUDIT_PAGE_SIZE = 50;

export interface AuditLogState {
  /** null until the first page arrived. */
  entries: AuditLogEntry[] | null;
  nextBefore: number | null;
  loadingMore: boolean;
  error: string | null;
}

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

type AuditQuery = CallQuery<typeof AUDIT_CALLS.list>;

function pageQuery(filter: AuditFilter, before: number | null): AuditQuery {
  return {
    limit: String(AUDIT_PAGE_SIZE),
    before: before === null ? undefined : String(before),
    entity: filter.entity || undefined,
    entityId: filter.entity && filter.entityId ? filter.entityId : undefined,
    actor: filter.actor === null ? undefined : String(filter.actor),
    q: filter.q.trim() === "" ? undefined : filter.q.trim(),
  };
}

/** The older pages "Load more" added to one first page (a new first page starts again). */
interface MorePages {
  first: AuditLogPage | null;
  pages: AuditLogPage[];
  loading: boolean;
  error: string | null;
}

export function useAuditLog(
  online: boolean,
  filter: AuditFilter,
): { state: AuditLogState; loadMore: () => void } {
  const query = pageQuery(filter, null);
  const first = useServerRead([query], (signal) => api.call(AUDIT_CALLS.list, { query, signal }), online);
  const firstPage = first.status === "ready" ? first.data : null;
  const [more, setMore] = useState<MorePages>({ first: null, pages: [], loading: false, error: null });
  const current = firstPage !== null && more.first === firstPage ? more : null;
  const pages = firstPage === null ? [] : [firstPage, ...(current?.pages ?? [])];
  const nextBefore = pages.at(-1)?.nextBefore ?? null;
  const loadingMore = current?.loading ?? false;

  const loadMore = useCallback(() => {
    if (firstPage === null || nextBefore === null || loadingMore) return;
    const sameFirst = (m: MorePages) => m.first === firstPage;
    setMore((m) => ({ first: firstPage, pages: sameFirst(m) ? m.pages : [], loading: true, error: null }));
    api.call(AUDIT_CALLS.list, { query: pageQuery(filter, nextBefore) }).then(
      (page) =>
        setMore((m) => (sameFirst(m) ? { ...m, pages: [...m.pages, page], loading: false, error: null } : m)),
      (error: unknown) =>
        setMore((m) => (sameFirst(m) ? { ...m, loading: false, error: errorMessage(error) } : m)),
    );
  }, [filter, firstPage, nextBefore, loadingMore]);

  return {
    state: {
      entries: firstPage === null ? null : pages.flatMap((page) => page.entries),
      nextBefore,
      loadingMore,
      error: first.status === "error" ? first.error : (current?.error ?? null),
    },
    loadMore,
  };
}
