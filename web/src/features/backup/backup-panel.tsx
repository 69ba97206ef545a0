/**
 * /admin/backup (decision 052): download a backup file, and restore one. Before a restore the screen shows what
 * the file holds; when the portal already has guild data it says that everything is replaced, asks for the guild's
 * name, and saves a backup of what is here on this device before sending the restore. Afterwards the app pulls
 * everything again.
 */
import { AlertCircle, AlertTriangle, DatabaseBackup, Download, FileUp, Loader2 } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { formatDateTime } from "@shared/format/format-date.ts";
import {
  BACKUP_TABLE_LABELS,
  type BackupStatus,
  type BackupSummary,
  backupMadeBy,
  MAX_BACKUP_BYTES,
  parseBackup,
  type RestoreProblem,
  type RestoreRefusal,
  type RestoreResult,
  recordCount,
  summarizeBackup,
} from "@shared/schemas/backup.ts";
import { Button } from "@web/components/button.tsx";
import { Card, CardTitle } from "@web/components/card.tsx";
import { Field, FormError } from "@web/components/dialog.tsx";
import { ErrorAlert } from "@web/components/error-alert.tsx";
import { inputClass } from "@web/components/filter-select.tsx";
import { dataLayerActions } from "@web/data/lazy-data-layer.ts";
import { ApiError, errorMessage } from "@web/lib/api-client.ts";
import type { ServerRead } from "@web/lib/use-server-read.ts";
import { downloadBackup, restoreBackupFile } from "./backup-requests.ts";

export const REPLACE_WARNING =
  "Restoring replaces everything in this portal — members, loot, attendance, bosses, payouts, accounts and the audit log — with what the file holds.";
export const FILE_TOO_LARGE = `The file is larger than ${MAX_BACKUP_BYTES / 1024 / 1024} MB, the most a restore accepts.`;

function DownloadCard() {
  const [includePasswords, setIncludePasswords] = useState(false);
  const [state, setState] = useState<{ busy: boolean; message?: string; error?: string }>({ busy: false });
  async function download() {
    setState({ busy: true });
    try {
      const name = await downloadBackup(includePasswords);
      setState({ busy: false, message: `Saved ${name}.` });
    } catch (error) {
      setState({ busy: false, error: errorMessage(error) });
    }
  }
  return (
    <Card className="space-y-4" data-testid="backup-download">
      <div>
        <CardTitle icon={<Download className="size-5" aria-hidden="true" />}>Download backup</CardTitle>
        <p className="mt-1 text-sm text-ink-muted">
          One file with everything the guild has: members, loot, attendance, bosses and timers, payouts, fund
          spending, accounts and the audit log. Keep it somewhere safe.
        </p>
      </div>
      <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-line px-3 py-2">
        <input
          type="checkbox"
          className="size-5 shrink-0 accent-gold"
          checked={includePasswords}
          onChange={(e) => setIncludePasswords(e.target.checked)}
          data-testid="backup-include-passwords"
        />
        <span className="text-sm text-ink">
          Include password hashes{" "}
          <span className="text-ink-muted">
            so accounts can sign in with their passwords after a restore on another server. Anyone with the
            file could try to guess them: keep it private.
          </span>
        </span>
      </label>
      <FormError message={state.error} />
      {state.message ? (
        <p role="status" className="text-sm text-success">
          {state.message}
        </p>
      ) : null}
      <Button onClick={download} disabled={state.busy} data-testid="backup-download-button">
        {state.busy ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
        Download backup
      </Button>
    </Card>
  );
}

function Summary({ summary, portalSchema }: { summary: BackupSummary; portalSchema: number }) {
  const created = new Date(summary.createdAt);
  return (
    <div
      className="space-y-3 rounded-xl border border-line bg-surface-raised/40 p-4"
      data-testid="backup-summary"
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-ink-muted">Guild</dt>
        <dd className="break-words font-semibold text-ink" data-testid="backup-summary-guild">
          {summary.guild}
        </dd>
        <dt className="text-ink-muted">Made</dt>
        <dd className="text-ink">
          {Number.isNaN(created.getTime()) ? summary.createdAt : formatDateTime(created)}
        </dd>
        <dt className="text-ink-muted">Made by</dt>
        <dd className="text-ink" data-testid="backup-summary-made-by">
          {backupMadeBy(summary.schema, portalSchema)}
        </dd>
        <dt className="text-ink-muted">Passwords</dt>
        <dd className="text-ink">
          {summary.includesPasswords ? "Password hashes included" : "Not included"}
        </dd>
      </dl>
      <ul
        className="grid grid-cols-1 gap-1 text-sm sm:grid-cols-2 lg:grid-cols-1"
        data-testid="backup-summary-rows"
      >
        {Object.entries(summary.rowCounts).map(([table, count]) => (
          <li key={table} className="flex justify-between gap-3 rounded-lg bg-surface px-3 py-1.5">
            <span className="text-ink-muted">{BACKUP_TABLE_LABELS[table] ?? table}</span>
            <span className="shrink-0 whitespace-nowrap font-semibold tabular-nums text-ink">
              {recordCount(count)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Restored({ result, savedFirst }: { result: RestoreResult; savedFirst: string | null }) {
  const records = Object.values(result.restored).reduce((sum, n) => sum + n, 0);
  return (
    <div role="status" className="space-y-2 text-sm" data-testid="backup-restored">
      <p className="font-semibold text-success">
        Restored {recordCount(records)}. Every open app is loading the restored data.
      </p>
      {savedFirst ? <p className="text-ink-muted">What was here before is saved as {savedFirst}.</p> : null}
      {result.automaticBackup ? (
        <p className="text-ink-muted">The server also kept it, in {result.automaticBackup}.</p>
      ) : null}
      {result.signedIn ? null : (
        <p className="text-gold">
          Your account is not an admin in the restored data, so you have been signed out. Sign in with an
          account from the backup.
        </p>
      )}
    </div>
  );
}

function ReplaceWarning({ keepsAutomaticBackup }: { keepsAutomaticBackup: boolean }) {
  return (
    <p
      role="note"
      className="flex items-start gap-2 rounded-lg border border-gold/40 bg-gold/10 p-3 text-sm text-ink"
      data-testid="backup-replace-warning"
    >
      <AlertTriangle className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden="true" />
      <span>
        {REPLACE_WARNING}{" "}
        {keepsAutomaticBackup
          ? "A backup of what is here now is saved on this device and on the server first."
          : "A backup of what is here now is saved on this device first."}
      </span>
    </p>
  );
}

/** A refused file's every problem (decision 054), from the server's 400 or the file's own layout. */
function refusalOf(error: unknown): RestoreRefusal | undefined {
  const details = error instanceof ApiError ? error.details : undefined;
  return Array.isArray(details?.problems) && typeof details?.problemCount === "number"
    ? { problems: details.problems as RestoreProblem[], problemCount: details.problemCount }
    : undefined;
}

/** 'Loot items (market_exchange), id 10'. */
function problemPlace(problem: RestoreProblem): string {
  const table =
    problem.table === null
      ? null
      : BACKUP_TABLE_LABELS[problem.table]
        ? `${BACKUP_TABLE_LABELS[problem.table]} (${problem.table})`
        : problem.table;
  return [table, problem.key].filter((part) => part !== null).join(", ");
}

/** Why the file was refused: one line a problem, with its table and row, so each can be found in the file. */
function RefusedFile({ refusal }: { refusal: RestoreRefusal }) {
  const more = refusal.problemCount - refusal.problems.length;
  return (
    <div
      role="alert"
      className="space-y-2 rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm text-red-200"
      data-testid="backup-problems"
    >
      <p className="flex items-start gap-2 font-semibold">
        <AlertCircle className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden="true" />
        This file was refused and nothing was changed:{" "}
        {refusal.problemCount === 1 ? "1 problem" : `${refusal.problemCount.toLocaleString("en")} problems`}.
      </p>
      <ul className="max-h-80 space-y-1.5 overflow-y-auto pl-6">
        {refusal.problems.map((problem, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed once shown
          <li key={i} className="break-words" data-testid="backup-problem">
            {problemPlace(problem) ? <span className="font-semibold">{problemPlace(problem)}: </span> : null}
            {problem.reason}
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="pl-6">…and {more.toLocaleString("en")} more.</p> : null}
    </div>
  );
}

function RestoreError({
  message,
  refusal,
}: {
  message?: string | undefined;
  refusal?: RestoreRefusal | undefined;
}) {
  return refusal ? <RefusedFile refusal={refusal} /> : <FormError message={message} />;
}

type RestoreState =
  | { step: "choose"; error?: string; refusal?: RestoreRefusal | undefined }
  | {
      step: "review";
      fileName: string;
      text: string;
      summary: BackupSummary;
      error?: string;
      refusal?: RestoreRefusal | undefined;
    }
  | { step: "working"; detail: string }
  | { step: "done"; result: RestoreResult; savedFirst: string | null };

function RestoreCard({ status }: { status: BackupStatus }) {
  const [state, setState] = useState<RestoreState>({ step: "choose" });
  const [guildName, setGuildName] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const mustConfirm = status.hasGuildData;

  async function take(file: File | undefined) {
    if (!file) return;
    if (file.size > MAX_BACKUP_BYTES) return setState({ step: "choose", error: FILE_TOO_LARGE });
    const text = await file.text();
    const parsed = parseBackup(text);
    if (!parsed.ok) return setState({ step: "choose", error: parsed.message, refusal: parsed.refusal });
    setGuildName("");
    setState({ step: "review", fileName: file.name, text, summary: summarizeBackup(parsed.backup) });
  }

  async function restore(event: FormEvent) {
    event.preventDefault();
    if (state.step !== "review") return;
    const review = state;
    if (mustConfirm && guildName !== status.guild)
      return setState({ ...review, error: `Type “${status.guild}” exactly to replace everything.` });
    let savedFirst: string | null = null;
    try {
      if (mustConfirm) {
        setState({ step: "working", detail: "Saving a backup of what is here first…" });
        const stamp = new Date().toISOString().replaceAll(":", "-").slice(0, 19);
        savedFirst = await downloadBackup(true, `guild-portal-backup-before-restore-${stamp}.json`);
      }
      setState({ step: "working", detail: "Restoring… this can take a little while for a large guild." });
      const result = await restoreBackupFile(review.text, { replace: mustConfirm, guildName });
      setState({ step: "done", result, savedFirst });
      // Every table changed: pull everything (the server sends the whole of each list to every app).
      if (result.signedIn) void dataLayerActions.syncNow().catch(() => {});
    } catch (error) {
      setState({ ...review, error: errorMessage(error), refusal: refusalOf(error) });
    }
  }

  return (
    <Card className="space-y-4" data-testid="backup-restore" data-step={state.step}>
      <div>
        <CardTitle icon={<DatabaseBackup className="size-5" aria-hidden="true" />}>Restore</CardTitle>
        <p className="mt-1 text-sm text-ink-muted">
          Load a backup file into this portal. Salaries, shares and the guild funds are recalculated from it,
          and every open app reloads its data.
        </p>
      </div>
      {mustConfirm && state.step !== "done" ? (
        <ReplaceWarning keepsAutomaticBackup={status.keepsAutomaticBackup} />
      ) : null}

      {state.step === "choose" ? (
        <>
          <Button variant="secondary" onClick={() => input.current?.click()} data-testid="backup-choose-file">
            <FileUp className="size-4" aria-hidden="true" />
            Choose a backup file
          </Button>
          <input
            ref={input}
            type="file"
            accept=".json,application/json"
            className="sr-only"
            tabIndex={-1}
            aria-label="Backup file"
            data-testid="backup-file-input"
            onChange={(event) => {
              void take(event.target.files?.[0]);
              event.target.value = "";
            }}
          />
          <RestoreError message={state.error} refusal={state.refusal} />
        </>
      ) : null}

      {state.step === "review" ? (
        <form className="space-y-4" onSubmit={restore} noValidate>
          <p className="break-words text-sm text-ink-muted">
            <span className="font-semibold text-ink">{state.fileName}</span> holds:
          </p>
          <Summary summary={state.summary} portalSchema={status.schema} />
          {mustConfirm ? (
            <Field
              label="Type the guild's name to replace everything"
              hint={`The guild's name is “${status.guild}”.`}
            >
              {(control) => (
                <input
                  {...control}
                  className={inputClass}
                  value={guildName}
                  autoComplete="off"
                  onChange={(e) => setGuildName(e.target.value)}
                  data-testid="backup-confirm-name"
                />
              )}
            </Field>
          ) : null}
          <RestoreError message={state.error} refusal={state.refusal} />
          <div className="flex flex-wrap gap-2">
            <Button
              type="submit"
              variant={mustConfirm ? "danger" : "primary"}
              disabled={mustConfirm && guildName !== status.guild}
              data-testid="backup-restore-button"
            >
              {mustConfirm ? "Replace everything" : "Restore"}
            </Button>
            <Button variant="ghost" onClick={() => setState({ step: "choose" })}>
              Choose another file
            </Button>
          </div>
        </form>
      ) : null}

      {state.step === "working" ? (
        <div role="status" className="flex items-center gap-3 py-4 text-ink" data-testid="backup-working">
          <Loader2 className="size-6 animate-spin text-gold" aria-hidden="true" />
          {state.detail}
        </div>
      ) : null}

      {state.step === "done" ? <Restored result={state.result} savedFirst={state.savedFirst} /> : null}
    </Card>
  );
}

/** `status`: the portal's backup status, read by the route. */
export function BackupPanel({ status: state }: { status: ServerRead<BackupStatus> }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <DownloadCard />
      {state.status === "ready" ? (
        <RestoreCard key={String(state.data.hasGuildData)} status={state.data} />
      ) : state.status === "error" ? (
        <div className="space-y-2">
          <ErrorAlert message={state.error} />
          <Button variant="secondary" onClick={state.reload}>
            Try again
          </Button>
        </div>
      ) : (
        <Card className="flex items-center gap-3 text-ink-muted">
          <Loader2 className="size-5 animate-spin" aria-hidden="true" /> Checking the portal…
        </Card>
      )}
    </div>
  );
}
