/**
 * The preview of a parsed file (decision 047): totals of what will go in, the participants who are not on the
 * roster or no longer in the guild, the rows left out (those with errors first, then those already in the
 * market; decision 089), the first 3 items and, for CSV, how the columns were read. Import stays disabled until
 * the roster and market are read and flagged names are confirmed.
 */
import { Users } from "lucide-react";
import { useMemo, useState } from "react";
import { formatDate } from "@shared/format/format-date.ts";
import type { ImportItem, ParsedImport, SkippedRow } from "@shared/import/import-item.ts";
import { formatMoney } from "@shared/money/money.ts";
import type { MarketExchangeItem } from "@shared/schemas/market.ts";
import type { GuildMember } from "@shared/schemas/members.ts";
import { LootStatusBadge } from "@web/components/badge.tsx";
import { Button } from "@web/components/button.tsx";
import { Table, TableCard, Td, Th } from "@web/components/data-table.tsx";
import {
  ALREADY_PRESENT,
  count,
  duplicateIndexes,
  flaggedParticipants,
  importTotals,
  itemCents,
  plural,
  rowList,
} from "./import-checks.ts";
import { PREVIEW_ITEMS, PREVIEW_SAMPLE_ROWS } from "./import-model.ts";
import { ImportCheckbox, ImportNote } from "./import-note.tsx";
import { LeftOutRows } from "./left-out-rows.tsx";

export const IMPORT_ANYWAY = "Import anyway with these names";
export const SKIP_DUPLICATES = "Skip the rows already in the market";
export const FLAGGED_EXPLAINED =
  "If you import anyway, the names stay on these items as written. Someone not on the roster still takes a share of each sold item (shown on the salary receipt as a Member, with no stored salary); a kicked or paid-out member's salary grows. Go back to fix the file, or confirm below.";

const participantsText = (value: ImportItem["participatedMembers"]) =>
  Array.isArray(value) ? value.join(", ") : String(value ?? "");

const statusText = (status: "kicked" | "paid_out" | null) =>
  status === null ? "not on the roster" : status === "kicked" ? "kicked" : "paid out";

/** What the Import button sends: the items left after skipping, their file rows, and every row left out. */
export interface ImportPlan {
  items: ImportItem[];
  rows: number[];
  skipped: SkippedRow[];
  duplicates: "skip" | "import";
}

function Stat({
  label,
  value,
  testId,
  warn,
  className = "",
}: {
  label: string;
  value: string;
  testId: string;
  warn?: boolean;
  className?: string;
}) {
  return (
    <div
      className={`rounded-xl px-3 py-2 ${warn ? "bg-gold/10 ring-1 ring-gold/40" : "bg-surface-raised/60"} ${className}`}
    >
      <dt
        className={`text-xs font-semibold uppercase tracking-wide ${warn ? "text-gold" : "text-ink-muted"}`}
      >
        {label}
      </dt>
      <dd
        className={`whitespace-nowrap text-lg font-semibold tabular-nums ${warn ? "text-gold" : "text-ink"}`}
        data-testid={testId}
      >
        {value}
      </dd>
    </div>
  );
}

/** The first items that will go in, as the server will store them. */
function PreviewItems({ items }: { items: readonly ImportItem[] }) {
  const shown = items.slice(0, PREVIEW_ITEMS);
  if (shown.length === 0) return null;
  return (
    <div>
      <h3 className="mb-2 text-sm font-semibold text-ink">
        First {count(shown.length)} of {plural(items.length, "item", "items")}
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
            {shown.map((item, index) => {
              const cents = itemCents(item);
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: file rows have no id yet.
                <tr key={index}>
                  <Td className="font-medium" card="title">
                    {String(item.lootName)}
                  </Td>
                  <Td label="Boss Name">{String(item.bossName)}</Td>
                  <Td label="Value" className="whitespace-nowrap tabular-nums">
                    {cents === null ? String(item.value) : formatMoney(cents)}
                  </Td>
                  <Td label="Status">
                    <LootStatusBadge status={item.status ?? "Pending"} />
                  </Td>
                  <Td label="Date" className="whitespace-nowrap">
                    {formatDate(item.dateAcquired)}
                  </Td>
                  <Td
                    label="Participants"
                    card="wide"
                    className="max-w-64 truncate text-ink-muted"
                    title={participantsText(item.participatedMembers)}
                  >
                    {participantsText(item.participatedMembers) || "—"}
                  </Td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      </TableCard>
    </div>
  );
}

export function ImportPreview({
  parsed,
  fileName,
  roster,
  market,
  onCancel,
  onImport,
}: {
  parsed: ParsedImport;
  fileName: string;
  /** Every member (any status); undefined while the local store is read. */
  roster: readonly GuildMember[] | undefined;
  market: readonly MarketExchangeItem[] | undefined;
  onCancel: () => void;
  onImport: (plan: ImportPlan) => void;
}) {
  const [skipDuplicates, setSkipDuplicates] = useState(true);
  const [namesConfirmed, setNamesConfirmed] = useState(false);
  const checking = roster === undefined || market === undefined;
  // Read once per file and store change, not on every tick of a checkbox (files hold up to 20,000 rows).
  const flagged = useMemo(() => (roster ? flaggedParticipants(parsed, roster) : []), [parsed, roster]);
  const duplicates = useMemo(() => (market ? duplicateIndexes(parsed.items, market) : []), [parsed, market]);
  const dropped = new Set(skipDuplicates ? duplicates : []);
  const plan: ImportPlan = {
    items: parsed.items.filter((_, i) => !dropped.has(i)),
    rows: parsed.rows.filter((_, i) => !dropped.has(i)),
    skipped: [
      ...parsed.skipped,
      ...[...dropped].map((i) => ({
        row: parsed.rows[i] ?? i + 1,
        message: ALREADY_PRESENT,
        kind: "duplicate" as const,
        cells: parsed.cells[i] ?? [],
      })),
    ].sort((a, b) => a.row - b.row),
    duplicates: skipDuplicates ? "skip" : "import",
  };
  const totals = importTotals(plan.items);
  const listedSkips = plan.skipped.filter((row) => row.kind !== "blank").length;
  const canImport = !checking && plan.items.length > 0 && (flagged.length === 0 || namesConfirmed);

  return (
    <div className="space-y-4" data-testid="import-preview">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Stat label="Items to import" value={count(totals.count)} testId="preview-count" />
        <Stat
          label="Rows skipped"
          value={count(listedSkips)}
          testId="preview-skipped"
          warn={listedSkips > 0}
        />
        <Stat
          label="Total value"
          value={formatMoney(totals.value)}
          testId="preview-value"
          className="col-span-2 sm:col-span-1"
        />
      </dl>
      {parsed.format === "csv" && (parsed.choices.decimal === "," || parsed.choices.dateOrder === "mdy") ? (
        <p className="text-xs text-ink-muted" data-testid="preview-choices">
          Read with{" "}
          {parsed.choices.decimal === ","
            ? "a comma before the cents (1.234,50)"
            : "a point before the cents (1,234.50)"}{" "}
          and dates {parsed.choices.dateOrder === "dmy" ? "day first" : "month first"}.
        </p>
      ) : null}

      {checking ? (
        <p role="status" className="text-sm text-ink-muted">
          Checking names and items against the roster and the market…
        </p>
      ) : null}

      {flagged.length > 0 ? (
        <ImportNote
          tone="danger"
          icon={Users}
          role="alert"
          testId="flagged-participants"
          title={`${plural(flagged.length, "participant is", "participants are")} not active guild members`}
        >
          <ul className="space-y-0.5 text-ink-muted">
            {flagged.map((p) => (
              <li key={p.name} className="break-words">
                <span className="font-semibold text-ink">{p.name}</span>: {statusText(p.status)} (
                {p.rows.length === 1 ? "row" : "rows"} {rowList(p.rows)})
              </li>
            ))}
          </ul>
          <p className="text-ink-muted">{FLAGGED_EXPLAINED}</p>
          <ImportCheckbox checked={namesConfirmed} onChange={setNamesConfirmed} label={IMPORT_ANYWAY} />
        </ImportNote>
      ) : null}

      <LeftOutRows
        skipped={plan.skipped}
        headers={parsed.headers}
        fileName={fileName}
        duplicateRows={duplicates.map((i) => parsed.rows[i] ?? i + 1)}
        duplicateChoice={
          <ImportCheckbox checked={skipDuplicates} onChange={setSkipDuplicates} label={SKIP_DUPLICATES} />
        }
      />

      <PreviewItems items={plan.items} />

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

      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {flagged.length > 0 ? "Go back" : "Cancel"}
        </Button>
        <Button disabled={!canImport} onClick={() => onImport(plan)}>
          Import {plan.items.length.toLocaleString("en-US")} {plan.items.length === 1 ? "Item" : "Items"}
        </Button>
      </div>
    </div>
  );
}
