/**
 * What the public market page shows: the filtered list in the public order, the summary figures of that
 * list, the boss filter's options and the participants of an item with their categories.
 */
import { formatMoney, toCents } from "../../../../shared/format/format-money.ts";
import {
  type ParticipantRosterMember,
  parseParticipants,
} from "../../../../shared/participants/parse-participants.ts";
import { compareText } from "../../../../shared/sorting/compare-text.ts";
import { type PublicMarketSortable, sortPublicMarket } from "../../../../shared/sorting/market-sort.ts";

export const STATUS_FILTERS = [
  { value: "all", label: "View All" },
  { value: "Sold", label: "Sold" },
  { value: "Pending", label: "Pending" },
] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number]["value"];

/** The boss filter's "All Bosses" value (a Radix Select value cannot be empty). */
export const ALL_BOSSES = "__all__";

export interface MarketFilters {
  status: StatusFilter;
  boss: string;
}

export const NO_FILTERS: MarketFilters = { status: "all", boss: ALL_BOSSES };

export interface MarketViewItem extends PublicMarketSortable {
  bossName: string;
  value: string;
}

/** The items that pass both filters, in the public order (SPEC "Sort"). */
export function filterMarket<T extends MarketViewItem>(items: readonly T[], filters: MarketFilters): T[] {
  return sortPublicMarket(
    items.filter(
      (item) =>
        (filters.status === "all" || item.status === filters.status) &&
        (filters.boss === ALL_BOSSES || item.bossName === filters.boss),
    ),
  );
}

export interface MarketSummary {
  /** Sum of the Sold items' values, e.g. '3,200.00 USDT'. */
  totalFunds: string;
  /** Pending plus Sold. */
  totalLoots: number;
  pending: number;
  sold: number;
}

export function summarizeMarket(items: readonly MarketViewItem[]): MarketSummary {
  let cents = 0n;
  let pending = 0;
  let sold = 0;
  for (const item of items) {
    if (item.status === "Sold") {
      sold++;
      cents += toCents(item.value) ?? 0n;
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

export interface ParticipantView {
  name: string;
  /** The roster's category; Members for a participant not on the roster. */
  category: string;
}

export function participantsOf<M extends ParticipantRosterMember & { category: string }>(
  participatedMembers: string,
  roster: readonly M[],
): ParticipantView[] {
  return parseParticipants(participatedMembers ?? "", roster).map(({ name, member }) => ({
    name,
    category: member?.category ?? "Members",
  }));
}
