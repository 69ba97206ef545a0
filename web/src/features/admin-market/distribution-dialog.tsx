/** 'Distribution Details': how one item's value splits, exactly as the salary engine computes it. */
import { formatMoney } from "../../../../shared/format/format-money.ts";
import type { ItemDistribution } from "../../../../shared/salary/distribute-item.ts";
import { CategoryBadge } from "../../components/badge.tsx";
import { ModalDialog } from "../../components/modal-dialog.tsx";

const usdt = (cents: number) => formatMoney(cents, "usdt");

function Figure({ label, cents, note }: { label: string; cents: number; note?: string }) {
  return (
    <div className="rounded-xl border border-line bg-surface-raised/40 p-3">
      <dt className="text-xs font-semibold uppercase tracking-wide text-ink-muted">{label}</dt>
      <dd className="mt-1 font-bold tabular-nums text-ink">{usdt(cents)}</dd>
      {note ? <dd className="mt-0.5 text-xs text-ink-muted">{note}</dd> : null}
    </div>
  );
}

export function DistributionDialog({
  open,
  onOpenChange,
  lootName,
  status,
  distribution,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  lootName: string;
  status: string;
  distribution: ItemDistribution | null;
}) {
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      wide
      title="Distribution Details"
      description={`${lootName}${status === "Sold" ? "" : ` · ${status}: counted in salaries once Sold`}`}
    >
      {distribution === null ? (
        <p className="text-sm text-ink-muted">The value of this item cannot be read.</p>
      ) : (
        <div className="flex flex-col gap-5">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Figure
              label="Guild Fund"
              cents={distribution.guildFundCents}
              note={
                distribution.guildFundCents !== distribution.guildFundPartCents
                  ? "10% plus the pools nobody could take"
                  : "10%"
              }
            />
            <Figure label="Admin Fund" cents={distribution.adminFundCents} note="5%" />
            <Figure
              label="Elite Pool"
              cents={distribution.elitePoolCents}
              note={
                distribution.elitePoolToGuildFund ? "25%, to the guild fund" : "25%, Guild Master and Core"
              }
            />
            <Figure
              label="Base Pool"
              cents={distribution.basePoolCents}
              note={distribution.basePoolToGuildFund ? "60%, to the guild fund" : "60%, every participant"}
            />
          </dl>
          {distribution.shares.length === 0 ? (
            <p className="text-sm text-ink-muted">No participants were recorded for this item.</p>
          ) : (
            <div className="overflow-x-auto rounded-xl border border-line">
              <table className="w-full min-w-[30rem] text-left text-sm">
                <thead>
                  <tr className="text-xs uppercase tracking-wide text-ink-muted">
                    <th className="border-b border-line px-3 py-2">Participant</th>
                    <th className="border-b border-line px-3 py-2">Category</th>
                    <th className="border-b border-line px-3 py-2 text-right">General Share</th>
                    <th className="border-b border-line px-3 py-2 text-right">Elite Share</th>
                    <th className="border-b border-line px-3 py-2 text-right">Total</th>
                  </tr>
                </thead>
                <tbody>
                  {distribution.shares.map((share) => (
                    <tr key={share.name} data-participant={share.name}>
                      <td className="border-b border-line/60 px-3 py-2 font-medium text-ink">{share.name}</td>
                      <td className="border-b border-line/60 px-3 py-2">
                        <CategoryBadge category={share.category} />
                      </td>
                      <td className="border-b border-line/60 px-3 py-2 text-right tabular-nums">
                        {usdt(share.generalShareCents)}
                      </td>
                      <td className="border-b border-line/60 px-3 py-2 text-right tabular-nums">
                        {usdt(share.eliteShareCents)}
                      </td>
                      <td
                        className="border-b border-line/60 px-3 py-2 text-right font-semibold tabular-nums"
                        data-testid="share-total"
                      >
                        {usdt(share.generalShareCents + share.eliteShareCents)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
    </ModalDialog>
  );
}
