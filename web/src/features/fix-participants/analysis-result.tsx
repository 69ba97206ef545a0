import { AlertTriangle, CheckCircle2, XCircle } from "lucide-react";
import { formatMoney } from "@shared/money/money.ts";
import type { CorruptionAnalysis } from "@shared/schemas/fix-participants.ts";
import { Card } from "@web/components/card.tsx";
import { rowClass, Table, TableCard, Td, Th } from "@web/components/data-table.tsx";
import { corruptedSnippet, foundMessage } from "./fix-model.ts";

const usdt = (amount: string) => formatMoney(amount, "usdt");

/** What the dry run found: nothing, or the corrupted items with their total value and snippets. */
export function AnalysisResult({ analysis }: { analysis: CorruptionAnalysis }) {
  if (analysis.corruptedItemsCount === 0) {
    return (
      <Card role="status" className="flex items-start gap-3" data-testid="analysis-clean">
        <CheckCircle2 className="mt-0.5 size-6 shrink-0 text-success" aria-hidden="true" />
        <div>
          <h2 className="font-semibold text-ink">No Corrupted Data Found</h2>
          <p className="mt-1 text-sm text-ink-muted">
            The scan completed successfully and found no items with corrupted participant lists.
          </p>
        </div>
      </Card>
    );
  }
  return (
    <section className="space-y-3" data-testid="analysis-found">
      <Card className="flex items-start gap-3 border-gold/40">
        <AlertTriangle className="mt-0.5 size-6 shrink-0 text-gold" aria-hidden="true" />
        <div>
          <h2 className="font-semibold text-ink">{foundMessage(analysis.corruptedItemsCount)}</h2>
          <p className="mt-1 text-sm text-ink-muted">
            Total value of affected items:{" "}
            <span className="tabular-nums text-ink">{usdt(analysis.totalAffectedValue)}</span>
          </p>
        </div>
      </Card>
      <TableCard label="Items with corrupted participant data">
        <Table>
          <thead>
            <tr>
              <Th>ID</Th>
              <Th>Loot Name</Th>
              <Th className="text-right">Value</Th>
              <Th>Corrupted Data</Th>
            </tr>
          </thead>
          <tbody>
            {analysis.corruptedItems.map((item) => (
              <tr key={item.id} className={rowClass} data-testid="corrupted-row">
                <Td className="tabular-nums text-ink-muted" label="ID">
                  {item.id}
                </Td>
                <Td className="font-medium" card="title">
                  {item.lootName}
                </Td>
                <Td className="whitespace-nowrap text-right tabular-nums" label="Value">
                  {usdt(item.value)}
                </Td>
                <Td label="Corrupted Data" card="wide">
                  <code className="block min-w-48 max-w-md break-all rounded bg-canvas/60 px-2 py-1 font-mono text-xs text-danger">
                    {corruptedSnippet(item.participatedMembers)}
                  </code>
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableCard>
    </section>
  );
}

/** A thrown error (no answer, or one that could not be read). */
export function FixErrorCard({ message }: { message: string }) {
  return (
    <Card role="alert" className="flex items-start gap-3 border-danger/50" data-testid="fix-error">
      <XCircle className="mt-0.5 size-6 shrink-0 text-danger" aria-hidden="true" />
      <div className="min-w-0">
        <h2 className="font-semibold text-ink">Error</h2>
        <p className="mt-1 break-words text-sm text-ink-muted">{message}</p>
      </div>
    </Card>
  );
}
