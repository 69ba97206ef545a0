/**
 * What the admin market page shows: the items passing the status, boss and date-range filters in the admin
 * order (Sold, Pending, then newest created first) and one item's exact distribution (the summary and the
 * boss options are shared/market/market-summary.ts).
 */

import {
  indexParticipantRoster,
  parseParticipantNames,
  parseParticipants,
  resolveParticipantsIn,
} from "@shared/participants/parse-participants.ts";
import { distributeItem, type ItemDistribution } from "@shared/salary/distribute-item.ts";
import { salaryRosterOf } from "@shared/salary/salary-roster.ts";
import { ruleForDay, type SplitRule, type SplitRuleBook, splitDayOf } from "@shared/salary/split-rules.ts";
import { sortAdminMarket } from "@shared/sorting/market-sort.ts";
import type { GuildMember, MarketItem } from "@web/data/portal-db.ts";

export const ADMIN_STATUS_FILTERS = [
  { value: "all", label: "All" },
  { value: "Sold", label: "Sold" },
  { value: "Pending", label: "Pending" },
] as const;
export type AdminStatusFilter = (typeof ADMIN_STATUS_FILTERS)[number]["value"];

export interface AdminMarketFilters {
  status: AdminStatusFilter;
  /** '' for every boss. */
  boss: string;
  /** 'YYYY-MM-DD' or '' (no bound); both ends included. */
  from: string;
  to: string;
}

export const NO_ADMIN_FILTERS: AdminMarketFilters = { status: "all", boss: "", from: "", to: "" };

export function isFiltered(filters: AdminMarketFilters): boolean {
  return filters.status !== "all" || filters.boss !== "" || filters.from !== "" || filters.to !== "";
}

/** An item without an acquired date never falls inside a date range. */
function inRange(day: string | null, from: string, to: string): boolean {
  if (from === "" && to === "") return true;
  if (!day) return false;
  const d = day.slice(0, 10);
  return (from === "" || d >= from) && (to === "" || d <= to);
}

/** Whether an item passes the status, boss and date-range filters. */
export function adminMarketMatches(filters: AdminMarketFilters): (item: MarketItem) => boolean {
  return (item) =>
    (filters.status === "all" || item.status === filters.status) &&
    (filters.boss === "" || item.bossName === filters.boss) &&
    inRange(item.dateAcquired, filters.from, filters.to);
}

/**
 * The items passing the filters in the admin order. A page sorts once per change of the items
 * (sortAdminMarket) and filters that list on each change of the filters: a filter keeps the order.
 */
export function filterAdminMarket(items: readonly MarketItem[], filters: AdminMarketFilters): MarketItem[] {
  return sortAdminMarket(items).filter(adminMarketMatches(filters));
}

export interface ParticipantRow {
  name: string;
  category: string;
}

/** The item's participants with their roster category (Members when not on the roster). */
export function itemParticipants(item: MarketItem, roster: readonly GuildMember[]): ParticipantRow[] {
  return parseParticipants(item.participatedMembers ?? "", salaryRosterOf(roster)).map(
    ({ name, member }) => ({
      name,
      category: member?.category ?? "Members",
    }),
  );
}

/**
 * Counts items' participants against one roster, each item once: the table counts them for the rows on screen,
 * not for every item on each render.
 */
export function participantCounter(roster: readonly GuildMember[]): (item: MarketItem) => number {
  const index = indexParticipantRoster(salaryRosterOf(roster));
  const counted = new WeakMap<MarketItem, number>();
  return (item) => {
    let count = counted.get(item);
    if (count === undefined) {
      count = resolveParticipantsIn(parseParticipantNames(item.participatedMembers ?? ""), index).length;
      counted.set(item, count);
    }
    return count;
  };
}

/** The names as written in the item's participant text (for editing). */
export function participantNamesOf(item: MarketItem): string[] {
  return parseParticipantNames(item.participatedMembers ?? "");
}

/** The rule set an item is split under: the one in force on its day (decision 075). */
export const itemSplitRule = (item: MarketItem, book: SplitRuleBook): SplitRule =>
  ruleForDay(book, splitDayOf(item.dateAcquired, item.createdAt));

/**
 * The exact split of one item by the shared salary engine under the rules of its day; null when the value cannot
 * be read.
 */
export function itemDistribution(
  item: MarketItem,
  roster: readonly GuildMember[],
  book: SplitRuleBook,
): ItemDistribution | null {
  try {
    return distributeItem(
      {
        id: item.id,
        lootName: item.lootName,
        value: item.value,
        participatedMembers: item.participatedMembers ?? "",
        status: item.status,
      },
      salaryRosterOf(roster),
      itemSplitRule(item, book),
    );
  } catch {
    return null;
  }
}
