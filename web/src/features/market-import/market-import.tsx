/**
 * The market-data import: choose a file, see it parsed (with progress for large CSV files), answer what the
 * file leaves open (decimal separator, date order), check the preview (totals, flagged names, rows already in
 * the market, every row left out), import it in one call, and see how many went in and what was left out.
 */
import { CheckCircle2, FileUp, Loader2, XCircle } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { IMPORT_CALLS } from "@shared/contract/market-import.ts";
import type { ImportChoices, ParsedImport, SkippedRow } from "@shared/import/import-item.ts";
import { ALREADY_IN_MARKET } from "@shared/schemas/import.ts";
import { Button } from "@web/components/button.tsx";
import { Card, CardTitle } from "@web/components/card.tsx";
import { useGuildMembers, useMarketItems, useSyncStatus } from "@web/data/hooks.ts";
import { api } from "@web/lib/api-client.ts";
import { ImportDropzone } from "./import-dropzone.tsx";
import { type ImportState, importFailure, parseFailure } from "./import-model.ts";
import { type ImportPlan, ImportPreview } from "./import-preview.tsx";
import { ImportQuestions } from "./import-questions.tsx";
import { LeftOutRows } from "./left-out-rows.tsx";
import { readImportFile } from "./read-import-file.ts";

function ProgressBar({ fraction, label }: { fraction: number | null; label: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={fraction === null ? undefined : Math.round(fraction * 100)}
      className="h-2 w-full overflow-hidden rounded-full bg-surface-raised"
    >
      <div
        className={`h-full rounded-full bg-gold transition-[width] ${fraction === null ? "w-1/3 motion-safe:animate-pulse" : ""}`}
        style={fraction === null ? undefined : { width: `${Math.round(fraction * 100)}%` }}
      />
    </div>
  );
}

function Busy({ title, detail, fraction }: { title: string; detail: string; fraction: number | null }) {
  return (
    <div role="status" className="space-y-3 py-6 text-center" data-testid="import-busy">
      <Loader2 className="mx-auto size-8 animate-spin text-gold" aria-hidden="true" />
      <p className="font-semibold text-ink">{title}</p>
      <p className="text-sm text-ink-muted">{detail}</p>
      <ProgressBar fraction={fraction} label={title} />
    </div>
  );
}

/** `onImported` runs after items went in (the page refreshes what shows the server's data). */
/** How an import ended: a status on success, an alert on failure, and the button to start over. */
function Outcome({
  kind,
  title,
  action,
  onAction,
  children,
}: {
  kind: "success" | "error";
  title: string;
  action: string;
  onAction: () => void;
  children: ReactNode;
}) {
  const Icon = kind === "success" ? CheckCircle2 : XCircle;
  return (
    <div
      role={kind === "success" ? "status" : "alert"}
      className="flex flex-col items-center gap-2 py-6 text-center"
      data-testid={`import-${kind}`}
    >
      <Icon className={`size-10 ${kind === "success" ? "text-success" : "text-danger"}`} aria-hidden="true" />
      <h3 className="text-lg font-semibold text-ink">{title}</h3>
      {children}
      <Button variant="secondary" onClick={onAction}>
        {action}
      </Button>
    </div>
  );
}

/**
 * Sends the plan's items; the rows the server leaves out (already in the market) come back numbered by their
 * place in what was sent, and are given the file's row numbers for the admin, listed with the other duplicates.
 */
async function sendImport(
  plan: ImportPlan,
): Promise<{ step: "success"; insertedCount: number; skipped: SkippedRow[] }> {
  const result = await api.call(IMPORT_CALLS.importMarketData, {
    body: { marketData: plan.items, duplicates: plan.duplicates },
  });
  const refused: SkippedRow[] = (result.skipped ?? []).map((skip) => ({
    row: plan.rows[skip.row - 1] ?? skip.row,
    message: skip.message,
    kind: skip.message === ALREADY_IN_MARKET ? "duplicate" : "server",
    cells: [],
  }));
  return {
    step: "success",
    insertedCount: result.insertedCount,
    skipped: [...plan.skipped, ...refused].sort((a, b) => a.row - b.row),
  };
}

export function MarketImport({ onImported }: { onImported?: () => void }) {
  const [state, setState] = useState<ImportState>({ step: "idle" });
  // Every member whatever their status, so kicked names are told apart from names not on the roster.
  const stored = useGuildMembers({ status: undefined });
  const storedMarket = useMarketItems();
  // A device that has not pulled yet holds no members: every name would be flagged "not on the roster" until the
  // first pull lands. The preview checks once each collection has been pulled at least once.
  const rosterPulled = useSyncStatus("guildMembers").lastSyncedAt !== null;
  const marketPulled = useSyncStatus("marketItems").lastSyncedAt !== null;
  const roster = rosterPulled ? stored : undefined;
  const market = marketPulled ? storedMarket : undefined;
  const parsing = useRef<AbortController | null>(null);

  function reset() {
    parsing.current?.abort();
    setState({ step: "idle" });
  }

  async function onFile(file: File) {
    parsing.current?.abort();
    const controller = new AbortController();
    parsing.current = controller;
    setState({ step: "loading", fileName: file.name, progress: { rowsRead: 0, fraction: 0 } });
    try {
      const parsed = await readImportFile(
        file,
        (progress) => {
          if (!controller.signal.aborted) setState({ step: "loading", fileName: file.name, progress });
        },
        controller.signal,
      );
      if (!controller.signal.aborted) setState({ step: "preview", fileName: file.name, parsed });
    } catch (error) {
      if (!controller.signal.aborted) setState(parseFailure(error));
    }
  }

  /** The file read again with the admin's answers (decimal separator, date order). */
  function answer(
    fileName: string,
    reread: (choices: ImportChoices) => ParsedImport,
    choices: ImportChoices,
  ) {
    try {
      setState({ step: "preview", fileName, parsed: reread(choices) });
    } catch (error) {
      setState(parseFailure(error));
    }
  }

  async function runImport(fileName: string, headers: string[], plan: ImportPlan) {
    setState({ step: "importing", fileName, count: plan.items.length });
    try {
      setState({ ...(await sendImport(plan)), fileName, headers });
      onImported?.();
    } catch (error) {
      setState(importFailure(error));
    }
  }

  return (
    <Card className="space-y-4" data-testid="market-import" data-step={state.step}>
      <div>
        <CardTitle icon={<FileUp className="size-5" aria-hidden="true" />}>Import market data</CardTitle>
        <p className="mt-1 text-sm text-ink-muted">
          Add loot items from a .json file (an array of items) or a .csv file with a header row. Columns such
          as Boss, Loot or Item, Value or Price, Status, Date and Participants are recognised.
        </p>
      </div>

      {state.step === "idle" ? <ImportDropzone onFile={onFile} /> : null}

      {state.step === "loading" ? (
        <Busy
          title={`Reading ${state.fileName}…`}
          detail={`${state.progress.rowsRead.toLocaleString("en-US")} rows parsed`}
          fraction={state.progress.fraction}
        />
      ) : null}

      {state.step === "preview" && state.parsed.questions.length > 0 && state.parsed.reread ? (
        <ImportQuestions
          questions={state.parsed.questions}
          onCancel={reset}
          onAnswer={(choices) => state.parsed.reread && answer(state.fileName, state.parsed.reread, choices)}
        />
      ) : null}

      {state.step === "preview" && state.parsed.questions.length === 0 ? (
        <>
          <p className="text-sm text-ink-muted">
            <span className="font-semibold text-ink">{state.fileName}</span> (
            {state.parsed.format.toUpperCase()}) is ready to import.
          </p>
          <ImportPreview
            parsed={state.parsed}
            fileName={state.fileName}
            roster={roster}
            market={market}
            onCancel={reset}
            onImport={(plan) => runImport(state.fileName, state.parsed.headers, plan)}
          />
        </>
      ) : null}

      {state.step === "importing" ? (
        <Busy
          title="Importing…"
          detail={`Sending ${state.count.toLocaleString("en-US")} items; salaries are recalculated once they are in.`}
          fraction={null}
        />
      ) : null}

      {state.step === "success" ? (
        <Outcome kind="success" title="Import Successful" action="Import Another File" onAction={reset}>
          <p className="text-ink-muted">
            <span data-testid="inserted-count">{state.insertedCount.toLocaleString("en-US")}</span>{" "}
            {state.insertedCount === 1 ? "item" : "items"} imported.
          </p>
          <div className="w-full text-left">
            <LeftOutRows skipped={state.skipped} headers={state.headers} fileName={state.fileName} />
          </div>
        </Outcome>
      ) : null}

      {state.step === "error" ? (
        <Outcome kind="error" title="Import Failed" action="Try Again" onAction={reset}>
          <p className="max-w-xl break-words text-ink-muted">{state.message}</p>
          {state.detail ? (
            <p className="max-w-xl break-words font-mono text-xs text-ink-muted">{state.detail}</p>
          ) : null}
        </Outcome>
      ) : null}
    </Card>
  );
}
