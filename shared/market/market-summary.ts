/**
 * The figures both market pages show above their table, from the filtered list: Total Funds (the Sold
 * values) and Total Loots Acquired (Pending plus Sold), and the Boss filter's options.
 */
import { formatMoney, readMoney } from "../money/money.ts";
import { compareText } from "../sorting/compare-text.ts";

export interface MarketSummary {
  /** Sum of the Sold items' values, e.g. '3,200.00 USDT'. */
  totalFunds: string;
  /** Pending plus Sold. */
  totalLoots: number;
  pending: number;
  sold: number;
}

export function summarizeMarket(items: readonly { status: string; value: string }[]): MarketSummary {
  let cents = 0;
  let pending = 0;
  let sold = 0;
  for (const item of items) {
    if (item.status === "Sold") {
      sold++;
      cents += readMoney(item.value) ?? 0;
    } else if (item.status === "Pending") {
      pending++;
    }
  }
  return { totalFunds: formatMoney(cents, "usdt"), totalLoots: pending + sold, pending, sold };
}

/** Every boss name the guild knows plus any an item names, once each, alphabetically. */
export function bossOptions(
  bossNames: readonly { name: string }[],
  items: readonly { bossName: string }[],
): string[] {
  const names = new Set<string>();
  for (const { name } of bossNames) if (name.trim() !== "") names.add(name);
  for (const { bossName } of items) if (bossName.trim() !== "") names.add(bossName);
  return [...names].sort(compareText);
}
