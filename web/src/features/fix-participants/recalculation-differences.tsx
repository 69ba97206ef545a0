/**
 * What "Recalculate All Salaries" found different from the stored figures (docs/decisions/024): one line when
 * nothing differed, otherwise what it corrected and each corrected salary.
 */
import { formatMoney } from "@shared/money/money.ts";
import { differencesMessage, type RecalculationDifferences } from "@shared/schemas/fix-participants.ts";

/** Corrected salaries listed by name; the rest are counted. */
const LISTED = 20;

export function RecalculationDifferencesNote({ differences }: { differences: RecalculationDifferences }) {
  const listed = differences.salaries.slice(0, LISTED);
  const more = differences.salaries.length - listed.length;
  const corrected = differences.itemIds.length > 0 || differences.salaries.length > 0;
  return (
    <div className="mt-2 text-sm" data-testid="recalculation-differences">
      <p className={corrected ? "font-medium text-gold" : "text-ink-muted"}>
        {differencesMessage(differences)}
      </p>
      {listed.length > 0 ? (
        <ul className="mt-1 space-y-0.5 text-ink-muted">
          {listed.map((salary) => (
            <li key={salary.id} className="tabular-nums">
              {salary.playerName}: {formatMoney(salary.from, "usdt")} → {formatMoney(salary.to, "usdt")}
            </li>
          ))}
        </ul>
      ) : null}
      {more > 0 ? <p className="mt-1 text-ink-muted">and {more.toLocaleString("en-US")} more</p> : null}
    </div>
  );
}
