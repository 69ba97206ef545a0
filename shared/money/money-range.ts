/**
 * The money range (docs/decisions/058): every amount and every total the portal keeps is at most what one
 * numeric(14,2) holds, 999,999,999,999.99. Amounts are checked by the schemas' money fields; totals (what a
 * member was paid, what a fund spent, a salary, a fund's income) by the write that would add to them, which
 * refuses with the most that can still be added.
 */
import { type Cents, formatMoney, type MoneyText, readMoney } from "./money.ts";

/** numeric(14,2) holds at most 999,999,999,999.99. */
export const MAX_MONEY_CENTS = 99_999_999_999_999;

/** '999,999,999,999.99 USDT', as the messages print the limit. */
export const MONEY_LIMIT_TEXT = formatMoney(MAX_MONEY_CENTS, "usdt");

/** How much more a total can take before it leaves the range: 0 when it is already there or beyond. */
export function roomLeft(total: Cents | null): Cents {
  if (total === null) return 0;
  return Math.max(0, MAX_MONEY_CENTS - total);
}

/** A total as the messages print it: '1,234.50 USDT'; a total beyond the cents' range as 'more than' the limit. */
export function totalText(total: Cents | MoneyText | null): string {
  const cents = typeof total === "string" ? readMoney(total) : total;
  return cents === null ? `more than ${MONEY_LIMIT_TEXT}` : formatMoney(cents, "usdt");
}

/**
 * The sentence a write answers when it would take a total beyond the range: what it adds, which total, what
 * that total is now and the most that can still be added.
 * "Paying 5.00 USDT would take the total paid to Aldric beyond 999,999,999,999.99 USDT, the most the portal
 * can hold. It is 999,999,999,998.00 USDT: at most 1.99 USDT more can be added."
 */
export function beyondRangeMessage(doing: string, total: string, now: Cents | MoneyText | null): string {
  const cents = typeof now === "string" ? readMoney(now) : now;
  return (
    `${doing} would take ${total} beyond ${MONEY_LIMIT_TEXT}, the most the portal can hold. ` +
    `It is ${totalText(cents)}: at most ${formatMoney(roomLeft(cents), "usdt")} more can be added.`
  );
}
