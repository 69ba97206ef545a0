/** The preview of a parsed file: its counts, the first 3 items and, for CSV, how the columns were read. */
import { AlertTriangle } from "lucide-react";
import type { ImportItem, ParsedImport } from "@shared/import/import-item.ts";
import { LootStatusBadge } from "@web/components/badge.tsx";
import { Table, TableCard, Td, Th } from "@web/components/data-table.tsx";
import { PREVIEW_ITEMS, PREVIEW_SAMPLE_ROWS } from "./import-model.ts";

const participantsText = (value: ImportItem["participatedMembers"]) =>
  Array.isArray(value) ? value.join(", ") : String(value ?? "");

export function ImportPreview({ parsed }: { parsed: ParsedImport }) {
  const shown = parsed.items.slice(0, PREVIEW_ITEMS);
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <div className="rounded-xl bg-surface-raised/60 px-3 py-2">
          <dt className="text-xs font-semibold uppercase tracking-wide text-ink-muted">Items to import</dt>
          <dd className="text-lg font-semibold tabular-nums text-ink" data-testid="preview-count">
            {parsed.items.length}
          </dd>
        </div>
        <div className="rounded-xl bg-surface-raised/60 px-3 py-2">
          <dt className="text-xs font-semibold uppercase tracking-wide text-ink-muted">Format</dt>
          <dd className="text-lg font-semibold uppercase text-ink">{parsed.format}</dd>
        </div>
        {parsed.mode === "skip" ? (
          <div className="rounded-xl bg-gold/10 px-3 py-2 ring-1 ring-gold/40">
            <dt className="text-xs font-semibold uppercase tracking-wide text-gold">Rows skipped</dt>
            <dd className="text-lg font-semibold tabular-nums text-gold" data-testid="preview-skipped">
              {parsed.skipped.length}
            </dd>
          </div>
        ) : null}
      </dl>

      {parsed.mode === "skip" ? (
        <div role="note" className="flex gap-3 rounded-xl border border-gold/40 bg-gold/10 p-3 text-sm">
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden="true" />
          <div className="min-w-0">
            <p className="font-semibold text-ink">
              Some rows were invalid and will be skipped ({parsed.skipped.length} of{" "}
              {parsed.skipped.length + parsed.items.length}).
            </p>
            <ul className="mt-1 space-y-0.5 text-ink-muted" data-testid="skipped-rows">
              {parsed.skipped.slice(0, 5).map((row) => (
                <li key={row.row} className="break-words">
                  Row {row.row}: {row.message}
                </li>
              ))}
              {parsed.skipped.length > 5 ? <li>…and {parsed.skipped.length - 5} more</li> : null}
            </ul>
          </div>
        </div>
      ) : null}

      <div>
        <h3 className="mb-2 text-sm font-semibold text-ink">
          First {Math.min(PREVIEW_ITEMS, parsed.items.length)} of {parsed.items.length} items
        </h3>
        <TableCard label="Preview of the items to import">
          <Table data-testid="preview-table">
            <thead>
              <tr>
                <Th>Loot Name</Th>
                <Th>Boss Name</Th>
                <Th>Value</Th>
                <Th>Status</Th>
                <Th>Date</Th>
                <Th>Participants</Th>
              </tr>
            </thead>
            <tbody>
              {shown.map((item, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: file rows have no id yet.
                <tr key={index}>
                  <Td className="font-medium">{String(item.lootName)}</Td>
                  <Td>{String(item.bossName)}</Td>
                  <Td className="tabular-nums">{String(item.value)}</Td>
                  <Td>
                    <LootStatusBadge status={item.status ?? "Pending"} />
                  </Td>
                  <Td className="whitespace-nowrap">{item.dateAcquired ?? "N/A"}</Td>
                  <Td
                    className="max-w-64 truncate text-ink-muted"
                    title={participantsText(item.participatedMembers)}
                  >
                    {participantsText(item.participatedMembers) || "—"}
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableCard>
      </div>

      {parsed.debug ? (
        <details className="rounded-xl border border-line bg-surface-raised/30 p-3 text-sm">
          <summary className="cursor-pointer font-semibold text-ink">CSV columns and sample rows</summary>
          <p className="mt-2 text-ink-muted">
            Columns read:{" "}
            {Object.entries(parsed.debug.mapping)
              .map(([field, header]) => `${field} ← "${header}"`)
              .join(", ")}
          </p>
          <ol className="mt-2 space-y-1 font-mono text-xs text-ink-muted" data-testid="csv-samples">
            {parsed.debug.sampleRows.slice(0, PREVIEW_SAMPLE_ROWS).map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: sample rows are shown in file order.
              <li key={index} className="break-all">
                {JSON.stringify(row)}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </div>
  );
}
