/**
 * The rows of a file that do not go in (decision 089): the rows with errors first, counted, each with its reason
 * in the file's own column names and its cells; then the rows already in the market, summarised in one line with
 * their numbers folded away (a re-import can have dozens); then blank rows; and all of them as a CSV download.
 */
import { AlertTriangle, Copy, Download } from "lucide-react";
import Papa from "papaparse";
import type { ReactNode } from "react";
import type { SkippedRow } from "@shared/import/import-item.ts";
import { Button } from "@web/components/button.tsx";
import { saveFile } from "@web/lib/save-file.ts";
import { leftOutRows, plural, rowList, skippedFileName, skippedRowsCsv } from "./import-checks.ts";
import { ImportNote } from "./import-note.tsx";

export const DOWNLOAD_SKIPPED = "Download skipped rows";
export const SHOW_DUPLICATE_ROWS = "Show their row numbers";

/** 'Left out: 3 rows with errors and 1 total row'. */
const errorsTitle = (errors: readonly SkippedRow[]) => {
  const totals = errors.filter((row) => row.kind === "total").length;
  const broken = errors.length - totals;
  const parts = [
    broken > 0 ? plural(broken, "row with an error", "rows with errors") : null,
    totals > 0 ? plural(totals, "total row", "total rows") : null,
  ].filter((part) => part !== null);
  return `Left out: ${parts.join(" and ")}`;
};

export function LeftOutRows({
  skipped,
  headers,
  fileName,
  duplicateRows,
  duplicateChoice,
}: {
  skipped: readonly SkippedRow[];
  headers: readonly string[];
  fileName: string;
  /** File rows already in the market; by default the skipped rows that are. */
  duplicateRows?: readonly number[];
  /** The preview's choice to leave them out or import them again. */
  duplicateChoice?: ReactNode;
}) {
  const { errors, duplicates, blank } = leftOutRows(skipped);
  const sameAsMarket = duplicateRows ?? duplicates;
  const downloadable = errors.length + duplicates.length;
  if (errors.length === 0 && sameAsMarket.length === 0 && blank.length === 0) return null;
  return (
    <div className="space-y-3 text-sm" data-testid="left-out-rows">
      {errors.length > 0 ? (
        <ImportNote
          tone="danger"
          icon={AlertTriangle}
          title={errorsTitle(errors)}
          titleTestId="row-errors-title"
        >
          <ul className="max-h-72 space-y-1 overflow-y-auto text-ink-muted" data-testid="skipped-rows">
            {errors.map((row) => (
              <li key={`${row.row}-${row.kind}`} className="break-words">
                <span className="font-semibold text-ink">Row {row.row}:</span> {row.message}
                {row.cells && row.cells.length > 0 ? (
                  <span className="block break-all font-mono text-xs">{Papa.unparse([row.cells])}</span>
                ) : null}
              </li>
            ))}
          </ul>
        </ImportNote>
      ) : null}

      {sameAsMarket.length > 0 ? (
        <ImportNote
          tone="warn"
          icon={Copy}
          testId="duplicate-rows"
          title={`${plural(sameAsMarket.length, "row is", "rows are")} already in the market (same boss, loot, date and value)`}
        >
          <p className="text-ink-muted">
            {duplicateChoice
              ? "Importing them again would count their value twice."
              : `${sameAsMarket.length === 1 ? "It was" : "They were"} left out, not added again.`}
          </p>
          <details className="text-ink-muted" data-testid="duplicate-row-numbers">
            <summary className="min-h-11 cursor-pointer py-2.5 font-medium text-ink">
              {SHOW_DUPLICATE_ROWS}
            </summary>
            <p className="break-words">
              {sameAsMarket.length === 1 ? "Row" : "Rows"} {rowList(sameAsMarket, Number.POSITIVE_INFINITY)}
            </p>
          </details>
          {duplicateChoice}
        </ImportNote>
      ) : null}

      {blank.length > 0 ? (
        <p className="text-ink-muted" data-testid="blank-rows">
          Blank rows left out: {rowList(blank, 20)}
        </p>
      ) : null}

      {downloadable > 0 ? (
        <Button
          variant="secondary"
          onClick={() =>
            saveFile(
              skippedFileName(fileName),
              new Blob([skippedRowsCsv(headers, skipped)], { type: "text/csv;charset=utf-8" }),
            )
          }
        >
          <Download className="size-4" aria-hidden="true" />
          {DOWNLOAD_SKIPPED}
        </Button>
      ) : null}
    </div>
  );
}
