/**
 * What the public market page shows: the filtered list in the public order and the participants of an item
 * with their categories (the summary and the boss options are shared/market/market-summary.ts).
 */
import { type ParticipantRosterMember, parseParticipants } from "@shared/participants/parse-participants.ts";
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
