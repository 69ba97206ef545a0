/**
 * The guild funds overview (docs/product.md#guild-funds): the Guild Fund and the Admin Fund, en-US grouped
 * USDT with 2 decimals like the ledgers under it (decision 086; '0.00 USDT' without data). The old 'Reserved
 * Guild Funds:' reads 'Guild Fund:', the fund's one name everywhere (docs/decisions/048).
 */

import { Coins } from "lucide-react";
import { GLOSSARY } from "@shared/glossary/glossary.ts";
import { formatMoney } from "@shared/money/money.ts";
import { Card, CardTitle } from "@web/components/card.tsx";
import { ErrorAlert } from "@web/components/error-alert.tsx";
import { Skeleton } from "@web/components/skeleton.tsx";
import type { GuildFunds } from "@web/data/portal-db.ts";

export type FundsState =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; data: GuildFunds | null };

export const fundsError = (message: string) => `Error loading guild funds: ${message}`;

function Line({ label, amount, testId }: { label: string; amount: string; testId: string }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-line/60 py-3 last:border-b-0">
      <dt className="text-ink-muted">{label}</dt>
      <dd className="text-xl font-bold tabular-nums text-ink" data-testid={testId}>
        {amount}
      </dd>
    </div>
  );
}

/** `note`: a line under the description (the admin page: what the figures take off). */
export function GuildFundsCard({ state, note }: { state: FundsState; note?: string }) {
  if (state.status === "error") {
    return <ErrorAlert message={fundsError(state.message)} />;
  }
  return (
    <Card className="max-w-xl">
      <CardTitle icon={<Coins className="size-5" aria-hidden="true" />}>Guild Funds Overview</CardTitle>
      <p className="mt-1 text-sm text-ink-muted">
        Automatically calculated from market exchange transactions.
      </p>
      {note ? <p className="mt-1 text-sm text-ink-muted">{note}</p> : null}
      {state.status === "loading" ? (
        <div role="status" aria-busy="true" aria-label="Loading guild funds" className="mt-4 space-y-4">
          <Skeleton className="h-7 w-full" />
          <Skeleton className="h-7 w-full" />
        </div>
      ) : (
        <dl className="mt-3">
          <Line
            label={`${GLOSSARY.guildFund}:`}
            amount={formatMoney(state.data?.reservedGuildFunds ?? 0, "usdt")}
            testId="reserved-guild-funds"
          />
          <Line
            label={`${GLOSSARY.adminFund}:`}
            amount={formatMoney(state.data?.adminFund ?? 0, "usdt")}
            testId="admin-fund"
          />
        </dl>
      )}
    </Card>
  );
}
