import { ArrowRight } from "lucide-react";
import { formatDate, formatTime } from "@shared/format/format-date.ts";
import { type AuditEntry, actionLabel, auditChanges, entityLabel } from "./audit-diff.ts";

const ACTION_TONES: Readonly<Record<string, string>> = {
  create: "bg-success/15 text-success ring-success/30",
  delete: "bg-danger/10 text-danger ring-danger/30",
  update: "bg-sky-400/10 text-sky-300 ring-sky-400/30",
};

/** One audit entry: who, when, what, and the changed fields with their old and new values. */
export function AuditEntryCard({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry.before, entry.after);
  const tone = ACTION_TONES[entry.action] ?? "bg-gold/15 text-gold ring-gold/30";
  const createdAt = new Date(entry.createdAt);
  return (
    <li
      className="rounded-2xl border border-line bg-surface p-4"
      data-testid="audit-entry"
      data-entity={entry.entity}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${tone}`}>
          {actionLabel(entry.action)}
        </span>
        <span className="font-semibold text-ink">
          {entityLabel(entry.entity)}
          {entry.entityId ? <span className="text-ink-muted"> #{entry.entityId}</span> : null}
        </span>
        <time dateTime={createdAt.toISOString()} className="ml-auto text-xs text-ink-muted">
          {formatDate(createdAt)} {formatTime(createdAt)}
        </time>
      </div>
      <p className="mt-1 text-sm text-ink-muted">
        by <span className="text-ink">{entry.actorEmail ?? "the system"}</span>
      </p>
      {changes.length > 0 ? (
        <dl className="mt-3 divide-y divide-line/60 rounded-lg border border-line/60 text-sm">
          {changes.map((change) => (
            <div key={change.field} className="grid gap-1 px-3 py-2 sm:grid-cols-[10rem_1fr]">
              <dt className="font-medium text-ink-muted">{change.label}</dt>
              <dd className="flex min-w-0 flex-wrap items-center gap-2">
                {change.before !== null ? (
                  <span className="break-all text-red-200 line-through decoration-red-300/50">
                    {change.before}
                  </span>
                ) : null}
                {change.before !== null && change.after !== null ? (
                  <ArrowRight className="size-3.5 shrink-0 text-ink-muted" aria-label="changed to" />
                ) : null}
                {change.after !== null ? <span className="break-all text-ink">{change.after}</span> : null}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </li>
  );
}
