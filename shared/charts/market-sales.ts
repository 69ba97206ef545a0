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

/** Adds to the total under `id`, which keeps the `key` it was first given (a boss's first spelling). */
function add(totals: Map<string, SalesTotal>, id: string, key: string, cents: Cents) {
  const total = totals.get(id);
  if (total) {
    total.cents += cents;
    total.items += 1;
  } else totals.set(id, { key, cents, items: 1 });
}

const nextMonth = (month: string) => {
  const [year, mm] = month.split("-").map(Number) as [number, number];
  return mm === 12 ? `${year + 1}-01` : `${year}-${String(mm + 1).padStart(2, "0")}`;
};

export interface MarketSales {
  /** Per boss, the most first (then by name); names that differ only in case are one boss, spelled as first seen. */
  byBoss: SalesTotal[];
  /** Oldest first, every month from the first sale's to the last's (a month without sales at 0). */
  months: SalesTotal[];
  /** The Sold items without a date acquired: in no month. */
  undated: { cents: Cents; items: number };
}

/**
 * Both charts' totals in one pass over the items (decision 094): each Sold item's value is read once and added to
 * its boss and to its month.
 */
export function marketSales(items: readonly SalesItem[]): MarketSales {
  const bosses = new Map<string, SalesTotal>();
  const perMonth = new Map<string, SalesTotal>();
  const undated = { cents: 0, items: 0 };
  for (const item of items) {
    if (item.status !== "Sold") continue;
    const cents = readMoney(item.value) ?? 0;
    add(bosses, item.bossName.trim().toLowerCase(), item.bossName.trim(), cents);
    if (item.dateAcquired) add(perMonth, item.dateAcquired.slice(0, 7), item.dateAcquired.slice(0, 7), cents);
    else {
      undated.cents += cents;
      undated.items += 1;
    }
  }
  const byBoss = [...bosses.values()].sort((a, b) => b.cents - a.cents || compareText(a.key, b.key));
  const found = [...perMonth.keys()].sort();
  const first = found[0];
  const last = found.at(-1);
  const months: SalesTotal[] = [];
  if (first !== undefined && last !== undefined)
    for (let month = first; month <= last; month = nextMonth(month))
      months.push(perMonth.get(month) ?? { key: month, cents: 0, items: 0 });
  return { byBoss, months, undated };
}
