import { Coins, Package } from "lucide-react";
import { formatCount } from "@shared/glossary/glossary.ts";
import type { MarketSummary } from "@shared/market/market-summary.ts";
import { Card } from "./card.tsx";
import { Skeleton } from "./skeleton.tsx";

/** Total Funds and Total Loots Acquired of a market page's filtered list; null while there is nothing to count. */
export function MarketSummaryCards({ summary }: { summary: MarketSummary | null }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Card className="flex items-start gap-4">
        <span className="rounded-xl bg-gold/15 p-3 text-gold">
          <Coins className="size-6" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2 className="text-sm font-medium text-ink-muted">Total Funds</h2>
          {summary ? (
            <p className="mt-1 text-2xl font-bold tabular-nums text-ink" data-testid="total-funds">
              {summary.totalFunds}
            </p>
          ) : (
            <Skeleton className="mt-2 h-7 w-40" />
          )}
        </div>
      </Card>
      <Card className="flex items-start gap-4">
        <span className="rounded-xl bg-gold/15 p-3 text-gold">
          <Package className="size-6" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2 className="text-sm font-medium text-ink-muted">Total Loots Acquired</h2>
          {summary ? (
            <>
              <p className="mt-1 text-2xl font-bold tabular-nums text-ink" data-testid="total-loots">
                {formatCount(summary.totalLoots)}
              </p>
              <p className="mt-1 flex gap-4 text-sm text-ink-muted">
                <span>
                  Pending:{" "}
                  <span className="font-semibold text-gold" data-testid="pending-count">
                    {formatCount(summary.pending)}
                  </span>
                </span>
                <span>
                  Sold:{" "}
                  <span className="font-semibold text-success" data-testid="sold-count">
                    {formatCount(summary.sold)}
                  </span>
                </span>
              </p>
            </>
          ) : (
            <Skeleton className="mt-2 h-7 w-24" />
          )}
        </div>
      </Card>
    </div>
  );
}
