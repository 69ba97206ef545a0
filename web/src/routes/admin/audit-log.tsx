import { AlertCircle, History } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@web/components/button.tsx";
import { Card } from "@web/components/card.tsx";
import { NotStoredNotice } from "@web/components/online-only-notice.tsx";
import { PageHeader } from "@web/components/page-header.tsx";
import { Skeleton } from "@web/components/skeleton.tsx";
import { AUDIT_ENTITIES } from "@web/features/audit-log/audit-diff.ts";
import { AuditEntryCard } from "@web/features/audit-log/audit-entry-card.tsx";
import { useAuditLog } from "@web/features/audit-log/use-audit-log.ts";
import { useOnline } from "@web/features/sync-status/use-online.ts";
import { useDocumentTitle } from "@web/shell/use-document-title.ts";

const ALL = "all";

/** Who changed what and when, with the values before and after. Online only. */
export function AuditLogPage() {
  useDocumentTitle((brand) => `Audit Log - ${brand}`);
  const online = useOnline();
  const filterId = useId();
  const [entity, setEntity] = useState<string>(ALL);
  const { state, loadMore } = useAuditLog(online, entity === ALL ? null : entity);

  return (
    <>
      <PageHeader
        title="Audit Log"
        subtitle="Every change made through the portal: who made it, when, and what it changed."
        actions={
          <div className="flex items-center gap-2">
            <label htmlFor={filterId} className="text-sm text-ink-muted">
              Show
            </label>
            <select
              id={filterId}
              value={entity}
              onChange={(event) => setEntity(event.target.value)}
              className="min-h-11 rounded-lg border border-line bg-surface-raised px-3 text-sm text-ink focus:border-gold focus:outline-none"
            >
              <option value={ALL}>All changes</option>
              {AUDIT_ENTITIES.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        }
      />
      <div className="space-y-4">
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
            <p className="font-semibold text-ink">No changes recorded yet</p>
          </Card>
        ) : null}
        {state.entries && state.entries.length > 0 ? (
          <ol className="space-y-3">
            {state.entries.map((entry) => (
              <AuditEntryCard key={entry.id} entry={entry} />
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
