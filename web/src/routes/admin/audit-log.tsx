import { AlertCircle, History } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { ACCOUNT_CALLS } from "@shared/contract/accounts.ts";
import type { AuditLogEntry } from "@shared/schemas/audit-log.ts";
import { Button } from "@web/components/button.tsx";
import { Card } from "@web/components/card.tsx";
import { NotStoredNotice } from "@web/components/online-only-notice.tsx";
import { PageHeader } from "@web/components/page-header.tsx";
import { Skeleton } from "@web/components/skeleton.tsx";
import { AuditEntryCard } from "@web/features/audit-log/audit-entry-card.tsx";
import { auditPeople } from "@web/features/audit-log/audit-people.ts";
import { type AuditFilter, NO_FILTER, useAuditLog } from "@web/features/audit-log/use-audit-log.ts";
import { useOnline } from "@web/features/sync-status/use-online.ts";
import { api } from "@web/lib/api-client.ts";
import { useServerRead } from "@web/lib/use-server-read.ts";
import { useDocumentTitle } from "@web/shell/use-document-title.ts";
import { AuditFilters } from "./-components/audit-filters.tsx";

/** Typing pauses this long before the search goes to the server. */
const SEARCH_PAUSE_MS = 300;

/** Who changed what and when, with the values before and after. Online only; filtered on the server. */
export function AuditLogPage() {
  useDocumentTitle((brand) => `Audit Log - ${brand}`);
  const online = useOnline();
  const [filter, setFilter] = useState<AuditFilter>(NO_FILTER);
  const [search, setSearch] = useState("");
  const [entityName, setEntityName] = useState<string | null>(null);
  const { state, loadMore } = useAuditLog(online, filter);
  // Without the account list the log still works, unfiltered by person.
  const accounts = useServerRead(["accounts"], (signal) => api.call(ACCOUNT_CALLS.list, { signal }), online);
  const people = useMemo(() => auditPeople(accounts.data?.accounts ?? []), [accounts.data]);

  // The search box talks to the server once typing pauses, not on every key.
  useEffect(() => {
    const timer = setTimeout(
      () => setFilter((f) => (f.q === search ? f : { ...f, q: search })),
      SEARCH_PAUSE_MS,
    );
    return () => clearTimeout(timer);
  }, [search]);

  const onlyThis = (entry: AuditLogEntry) => {
    setEntityName(entry.subject);
    setFilter((f) => ({ ...f, entity: entry.entity, entityId: entry.entityId }));
  };
  const filtered = filter.entity !== null || filter.actor !== null || filter.q.trim() !== "";

  return (
    <>
      <PageHeader
        title="Audit Log"
        subtitle="Every change made through the portal: who made it, when, and what it changed."
      />
      <div className="space-y-4">
        <AuditFilters
          filter={filter}
          search={search}
          onSearch={setSearch}
          onChange={setFilter}
          people={people}
          entityName={entityName}
        />
        {!online ? <NotStoredNotice what="Audit log entries" /> : null}
        {state.error ? (
          <Card role="alert" className="flex items-start gap-3 border-danger/40">
            <AlertCircle className="mt-0.5 size-5 shrink-0 text-danger" aria-hidden="true" />
            <p className="text-sm text-red-200">Failed to load the audit log: {state.error}</p>
          </Card>
        ) : null}
        {online && state.entries === null && !state.error ? (
          <div role="status" aria-busy="true" className="space-y-3">
            <Skeleton className="h-28" />
            <Skeleton className="h-28" />
            <Skeleton className="h-28" />
          </div>
        ) : null}
        {state.entries && state.entries.length === 0 ? (
          <Card className="flex flex-col items-center gap-2 py-10 text-center">
            <History className="size-8 text-ink-muted" aria-hidden="true" />
            <p className="font-semibold text-ink">
              {filtered ? "No changes match these filters" : "No changes recorded yet"}
            </p>
          </Card>
        ) : null}
        {state.entries && state.entries.length > 0 ? (
          <ol className="space-y-3">
            {state.entries.map((entry) => (
              <AuditEntryCard
                key={entry.id}
                entry={entry}
                onOnlyThis={filter.entityId ? undefined : onlyThis}
              />
            ))}
          </ol>
        ) : null}
        {state.nextBefore !== null ? (
          <div className="flex justify-center">
            <Button variant="secondary" onClick={loadMore} disabled={state.loadingMore || !online}>
              {state.loadingMore ? "Loading..." : "Load more"}
            </Button>
          </div>
        ) : null}
      </div>
    </>
  );
}
