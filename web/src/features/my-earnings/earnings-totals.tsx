/** The totals card of "My earnings": earned, paid and balance in USDT, and the characters they cover. */
import { HandCoins, Scale, Wallet } from "lucide-react";
import type { ReactNode } from "react";
import { countOf } from "@shared/glossary/glossary.ts";
import { formatMoney } from "@shared/money/money.ts";
import type { EarningsCharacter, EarningsTotals } from "@shared/schemas/my-earnings.ts";
import { Card } from "@web/components/card.tsx";

function Figure({
  icon,
  label,
  value,
  testId,
  tone = "text-ink",
  note,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  testId: string;
  tone?: string;
  note?: string;
}) {
  return (
    <div className="flex items-start gap-3">
      <span className="rounded-xl bg-gold/15 p-2.5 text-gold">{icon}</span>
      <div className="min-w-0">
        <h3 className="text-sm font-medium text-ink-muted">{label}</h3>
        <p className={`mt-0.5 text-xl font-bold tabular-nums sm:text-2xl ${tone}`} data-testid={testId}>
          {value}
        </p>
        {note ? <p className="text-xs text-ink-muted">{note}</p> : null}
      </div>
    </div>
  );
}

/** 'Thornfang (main), Thornalt': the characters the figures add up. */
export function charactersLine(characters: readonly EarningsCharacter[]): string {
  return characters.map((c) => (c.isMain ? `${c.playerName} (main)` : c.playerName)).join(", ");
}

export function EarningsTotalsCard({
  totals,
  characters,
}: {
  totals: EarningsTotals;
  characters: readonly EarningsCharacter[];
}) {
  // The sign from the text: a legacy balance beyond the money range must still show, not throw.
  const owesGuild = totals.balance.trim().startsWith("-");
  return (
    <Card aria-labelledby="earnings-totals-title" role="region">
      <h2 id="earnings-totals-title" className="text-base font-semibold text-ink">
        Totals
      </h2>
      <p className="mt-1 text-sm text-ink-muted" data-testid="earnings-characters">
        {characters.length === 1 ? "Character" : "Characters"}: {charactersLine(characters)}
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-3">
        <Figure
          icon={<Wallet className="size-5" aria-hidden="true" />}
          label="Earned"
          value={formatMoney(totals.earned, "usdt")}
          testId="earned"
          note={`From ${countOf(totals.itemCount, "share")} of sold loot`}
        />
        <Figure
          icon={<HandCoins className="size-5" aria-hidden="true" />}
          label="Paid to you"
          value={formatMoney(totals.paid, "usdt")}
          testId="paid"
        />
        <Figure
          icon={<Scale className="size-5" aria-hidden="true" />}
          label="Balance"
          value={formatMoney(totals.balance, "usdt")}
          testId="balance"
          tone={owesGuild ? "text-danger" : "text-gold"}
          note={owesGuild ? "You were paid more than you earned." : "Still owed to you"}
        />
      </div>
    </Card>
  );
}
