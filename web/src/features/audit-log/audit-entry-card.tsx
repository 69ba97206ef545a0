import { ArrowRight, Filter } from "lucide-react";
import { formatDateTime } from "@shared/format/format-date.ts";
import type { AuditLogEntry } from "@shared/schemas/audit-log.ts";
import { actionLabel, auditChanges } from "./audit-diff.ts";
import { auditHeadline, auditSummary } from "./audit-summary.ts";

const ACTION_TONES: Readonly<Record<string, string>> = {
  create: "bg-success/15 text-success ring-success/30",
  delete: "bg-danger/10 text-danger ring-danger/30",
  update: "bg-sky-400/10 text-sky-300 ring-sky-400/30",
};

/** Salary moves listed under a recalculation's sentence; the rest are counted. */
const SALARIES_LISTED = 5;

/**
 * One audit entry: what was done to what (by name), who did it (display name, email beside it), when, and the
 * changed fields with their old and new values, or a recalculation's summary. `onOnlyThis` narrows the log to
 * the entry's item, member or account.
 */
export function AuditEntryCard({
  entry,
  onOnlyThis,
}: {
  entry: AuditLogEntry;
  onOnlyThis?: (entry: AuditLogEntry) => void;
}) {
  const summary = auditSummary(entry);
  const changes = summary ? [] : auditChanges(entry.before, entry.after);
  const tone = ACTION_TONES[entry.action] ?? "bg-gold/15 text-gold ring-gold/30";
  const createdAt = new Date(entry.createdAt);
  const name = entry.subject ?? (entry.entityId ? `#${entry.entityId}` : null);
  return (
    <li
      className="min-w-0 rounded-2xl border border-line bg-surface p-4"
      data-testid="audit-entry"
      data-entity={entry.entity}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${tone}`}>
          {actionLabel(entry.action)}
        </span>
        <time dateTime={createdAt.toISOString()} className="ml-auto text-xs text-ink-muted">
          {formatDateTime(createdAt)}
        </time>
      </div>
      <p className="mt-2 break-words text-ink" data-testid="audit-headline">
        <span className="text-ink-muted">{auditHeadline(entry)}</span>
        {name ? <span className="font-semibold"> {name}</span> : null}
      </p>
      <p className="mt-1 text-sm text-ink-muted" data-testid="audit-actor">
        by{" "}
        {entry.actorName ? (
          <>
            <span className="text-ink">{entry.actorName}</span>
            {entry.actorEmail ? <span className="break-all"> ({entry.actorEmail})</span> : null}
          </>
        ) : (
          <span className="text-ink">{entry.actorEmail ?? "the system"}</span>
        )}
        {entry.via === "discord" ? <span data-testid="audit-via"> via Discord</span> : null}
      </p>
      {summary ? (
        <div className="mt-3 rounded-lg border border-line/60 px-3 py-2 text-sm" data-testid="audit-summary">
          <p className="font-medium text-ink">{summary.text}</p>
          {summary.salaries.length > 0 ? (
            <ul className="mt-1 space-y-0.5 text-ink-muted">
              {summary.salaries.slice(0, SALARIES_LISTED).map((move) => (
                <li key={move.playerName}>
                  {move.playerName}: {move.from} → <span className="text-ink">{move.to}</span>
                </li>
              ))}
              {summary.salaries.length > SALARIES_LISTED ? (
                <li>and {summary.salaries.length - SALARIES_LISTED} more</li>
              ) : null}
            </ul>
          ) : null}
        </div>
      ) : null}
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
      {onOnlyThis && entry.entityId && entry.entity !== "salaries" ? (
        <button
          type="button"
          onClick={() => onOnlyThis(entry)}
          className="mt-3 inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm text-gold hover:bg-surface-raised focus-visible:outline focus-visible:outline-2 focus-visible:outline-gold"
        >
          <Filter className="size-4" aria-hidden="true" />
          History of {name ?? "this"}
        </button>
      ) : null}
    </li>
  );
}
