/**
 * My page's money: the balance the guild still owes the account's characters, what they earned and what was paid,
 * and the way to My earnings. Offline it shows the copy saved on this device and says so, as My earnings does.
 */
import { CloudOff, Wallet } from "lucide-react";
import { formatDateTime } from "@shared/format/format-date.ts";
import { formatMoney } from "@shared/money/money.ts";
import { MY_EARNINGS_MESSAGES, savedCopyLabel } from "@shared/schemas/my-earnings.ts";
import { LoadingRegion } from "@web/components/loading-region.tsx";
import { Skeleton } from "@web/components/skeleton.tsx";
import { type EarningsReading, earningsAnswer } from "./earnings-reading.ts";
import { HomeSection, MoreLink } from "./raider-home-layout.tsx";

export const EARNINGS_AFTER_LINK = "Your earnings show here once your account is linked to a character.";

function Figures({ reading }: { reading: EarningsReading }) {
  if (reading.status === "loading") {
    return (
      <LoadingRegion label="Loading your earnings">
        <Skeleton className="h-9 w-1/2" />
        <Skeleton className="h-5 w-3/4" />
      </LoadingRegion>
    );
  }
  if (reading.status === "none") {
    return (
      <p className="text-sm text-ink-muted" role="status">
        {reading.reason === "offline"
          ? MY_EARNINGS_MESSAGES.nothingSaved
          : `${MY_EARNINGS_MESSAGES.loadFailed} ${reading.error ?? ""}`.trim()}
      </p>
    );
  }
  const answer = earningsAnswer(reading);
  if (!answer?.linked) return <p className="text-sm text-ink-muted">{EARNINGS_AFTER_LINK}</p>;
  const { totals } = answer;
  const owesGuild = totals.balance.trim().startsWith("-");
  return (
    <div className="space-y-3">
      <div>
        <p className="text-sm text-ink-muted">Balance</p>
        <p
          className={`text-3xl font-bold tabular-nums ${owesGuild ? "text-danger" : "text-gold"}`}
          data-testid="my-balance"
        >
          {formatMoney(totals.balance, "usdt")}
        </p>
        <p className="text-xs text-ink-muted">
          {owesGuild ? "You were paid more than you earned." : "Still owed to you"}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div className="rounded-lg bg-surface-raised px-3 py-2">
          <dt className="text-ink-muted">Earned</dt>
          <dd className="font-semibold tabular-nums text-ink" data-testid="my-earned">
            {formatMoney(totals.earned, "usdt")}
          </dd>
        </div>
        <div className="rounded-lg bg-surface-raised px-3 py-2">
          <dt className="text-ink-muted">Paid to you</dt>
          <dd className="font-semibold tabular-nums text-ink" data-testid="my-paid">
            {formatMoney(totals.paid, "usdt")}
          </dd>
        </div>
      </dl>
      {reading.status === "saved" ? (
        <p className="flex items-center gap-2 text-xs text-ink-muted" data-testid="my-saved-copy">
          <CloudOff className="size-4 shrink-0 text-gold" aria-hidden="true" />
          {savedCopyLabel(formatDateTime(reading.savedAt))}
          {reading.reason === "offline" ? " · you are offline" : " · the server could not be reached"}
        </p>
      ) : null}
    </div>
  );
}

export function EarningsSummaryCard({ reading }: { reading: EarningsReading }) {
  // Without a character My earnings has nothing more to show.
  const notLinked = earningsAnswer(reading)?.linked === false;
  return (
    <HomeSection
      title="My earnings"
      icon={<Wallet className="size-5" aria-hidden="true" />}
      testId="earnings-summary"
    >
      <Figures reading={reading} />
      {notLinked ? null : <MoreLink to="/me/earnings">Items and payouts</MoreLink>}
    </HomeSection>
  );
}
