/**
 * What the public market page shows: the filtered list in the public order and the participants of an item
 * with their categories (the summary and the boss options are shared/market/market-summary.ts).
 */
import {
  indexParticipantRoster,
  type ParticipantRosterMember,
  parseParticipantNames,
  parseParticipants,
  resolveParticipantsIn,
} from "@shared/participants/parse-participants.ts";
import { type PublicMarketSortable, sortPublicMarket } from "@shared/sorting/market-sort.ts";

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

export function isFiltered(filters: MarketFilters): boolean {
  return filters.status !== NO_FILTERS.status || filters.boss !== NO_FILTERS.boss;
}

/** Whether an item passes both filters. */
export function marketMatches(filters: MarketFilters): (item: MarketViewItem) => boolean {
  return (item) =>
    (filters.status === "all" || item.status === filters.status) &&
    (filters.boss === ALL_BOSSES || item.bossName === filters.boss);
}

/**
 * The items that pass both filters, in the public order (docs/product.md#market-exchange). A page sorts once
 * per change of the items (sortPublicMarket) and filters that list on each change of the filters: a filter
 * keeps the order.
 */
export function filterMarket<T extends MarketViewItem>(items: readonly T[], filters: MarketFilters): T[] {
  return sortPublicMarket(items).filter(marketMatches(filters));
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

/**
 * Reads items' participants against one roster, each item once: a page reads them for the rows on screen and
 * the dialog, not for every item of the list on each render.
 */
export function participantReader<M extends ParticipantRosterMember & { category: string }>(
  roster: readonly M[],
): (item: { participatedMembers: string }) => ParticipantView[] {
  const index = indexParticipantRoster(roster);
  const read = new WeakMap<object, ParticipantView[]>();
  return (item) => {
    let participants = read.get(item);
    if (!participants) {
      participants = resolveParticipantsIn(parseParticipantNames(item.participatedMembers ?? ""), index).map(
        ({ name, member }) => ({ name, category: member?.category ?? "Members" }),
      );
      read.set(item, participants);
    }
    return participants;
  };
}
