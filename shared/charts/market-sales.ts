/**
 * What the market sold (issue 30): the value of the Sold items per boss and per month, in integer cents. An item's
 * month is that of its date acquired, as the market's Date column shows it; items without one are counted apart.
 */
import { type Cents, readMoney } from "../money/money.ts";
import type { MarketExchangeItem } from "../schemas/market.ts";
import { compareText } from "../sorting/compare-text.ts";

export type SalesItem = Pick<MarketExchangeItem, "bossName" | "value" | "status" | "dateAcquired">;

export interface SalesTotal {
  /** The boss's name, or the month ('YYYY-MM'). */
  key: string;
  cents: Cents;
  items: number;
}

function add(totals: Map<string, SalesTotal>, key: string, cents: Cents) {
  const total = totals.get(key) ?? { key, cents: 0, items: 0 };
  total.cents += cents;
  total.items += 1;
  totals.set(key, total);
}

/** Per boss, the most first (then by name); names that differ only in case are one boss, spelled as first seen. */
export function salesByBoss(items: readonly SalesItem[]): SalesTotal[] {
  const totals = new Map<string, SalesTotal>();
  const spelling = new Map<string, string>();
  for (const item of items) {
    if (item.status !== "Sold") continue;
    const name = item.bossName.trim();
    const folded = name.toLowerCase();
    if (!spelling.has(folded)) spelling.set(folded, name);
    add(totals, spelling.get(folded) as string, readMoney(item.value) ?? 0);
  }
  return [...totals.values()].sort((a, b) => b.cents - a.cents || compareText(a.key, b.key));
}

const nextMonth = (month: string) => {
  const [year, mm] = month.split("-").map(Number) as [number, number];
  return mm === 12 ? `${year + 1}-01` : `${year}-${String(mm + 1).padStart(2, "0")}`;
};

export interface SalesByMonth {
  /** Oldest first, every month from the first sale's to the last's (a month without sales at 0). */
  months: SalesTotal[];
  /** The Sold items without a date acquired: in no month. */
  undated: { cents: Cents; items: number };
}

export function salesByMonth(items: readonly SalesItem[]): SalesByMonth {
  const totals = new Map<string, SalesTotal>();
  const undated = { cents: 0, items: 0 };
  for (const item of items) {
    if (item.status !== "Sold") continue;
    const cents = readMoney(item.value) ?? 0;
    if (item.dateAcquired) add(totals, item.dateAcquired.slice(0, 7), cents);
    else {
      undated.cents += cents;
      undated.items += 1;
    }
  }
  const found = [...totals.keys()].sort();
  const first = found[0];
  const last = found.at(-1);
  const months: SalesTotal[] = [];
  if (first !== undefined && last !== undefined)
    for (let month = first; month <= last; month = nextMonth(month))
      months.push(totals.get(month) ?? { key: month, cents: 0, items: 0 });
  return { months, undated };
}
