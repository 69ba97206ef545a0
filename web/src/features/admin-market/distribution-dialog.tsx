/** 'Distribution Details': how one item's value splits, exactly as the salary engine computes it. */
import { formatMoney } from "@shared/money/money.ts";
import type { ItemDistribution } from "@shared/salary/distribute-item.ts";
import type { SplitRule } from "@shared/salary/split-rules.ts";
import { categoryList, percentOf } from "@shared/salary/split-rules-text.ts";
import { CategoryBadge } from "@web/components/badge.tsx";
import { Dialog } from "@web/components/dialog.tsx";
import { NO_PARTICIPANTS } from "@web/components/participants-dialog.tsx";

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
  rule,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  lootName: string;
  status: string;
  distribution: ItemDistribution | null;
  /** The split rules of the item's day (decision 075). */
  rule: SplitRule;
}) {
  const elite = rule.eliteCategories.length > 0 ? categoryList(rule.eliteCategories) : "nobody";
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
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
                  ? `${percentOf(rule.guildFundBp)} plus the pools nobody could take`
                  : percentOf(rule.guildFundBp)
              }
            />
            <Figure
              label="Admin Fund"
              cents={distribution.adminFundCents}
              note={percentOf(rule.adminFundBp)}
            />
            <Figure
              label="Elite Pool"
              cents={distribution.elitePoolCents}
              note={`${percentOf(rule.elitePoolBp)}, ${
                distribution.elitePoolToGuildFund
                  ? "to the guild fund"
                  : distribution.elitePoolToBasePool
                    ? "into the base pool"
                    : elite
              }`}
            />
            <Figure
              label="Base Pool"
              cents={distribution.basePoolCents}
              note={`${percentOf(rule.basePoolBp)}, ${distribution.basePoolToGuildFund ? "to the guild fund" : "every participant"}`}
            />
          </dl>
          {distribution.shares.length === 0 ? (
            <p className="text-sm text-ink-muted">{NO_PARTICIPANTS}</p>
          ) : (
            <ul className="flex flex-col divide-y divide-line/60 rounded-xl border border-line">
              {distribution.shares.map((share) => (
                <li
                  key={share.name}
                  data-participant={share.name}
                  className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2.5"
                >
                  <span className="flex min-w-0 items-center gap-2">
                    <span className="truncate font-medium text-ink">{share.name}</span>
                    <CategoryBadge category={share.category} />
                  </span>
                  <span className="flex flex-wrap items-baseline justify-end gap-x-3 text-sm tabular-nums">
                    <span className="text-ink-muted">
                      General <span data-testid="general-share">{usdt(share.generalShareCents)}</span>
                    </span>
                    <span className="text-ink-muted">
                      Elite <span data-testid="elite-share">{usdt(share.eliteShareCents)}</span>
                    </span>
                    <span className="font-semibold text-ink" data-testid="share-total">
                      {usdt(share.generalShareCents + share.eliteShareCents)}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Dialog>
  );
}
