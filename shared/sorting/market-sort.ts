/**
 * Market exchange order. Public page: Sold, then Pending, then other statuses; within a status the newest
 * acquired date first, dated items before undated ones, ties by loot name. Admin page: Sold, then Pending,
 * then other statuses; within a status the newest created first.
 */
import { type DateInput, sortableTime } from "../format/format-date.ts";
import { compareText } from "./compare-text.ts";

/** Sold 0, Pending 1, anything else 2. */
export function marketStatusRank(status: string): 0 | 1 | 2 {
  if (status === "Sold") return 0;
  if (status === "Pending") return 1;
  return 2;
}

/** Newest first; items without a usable date after all dated ones. */
function compareNewestFirst(a: number | null, b: number | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return b - a;
}

const compareIds = (a: number | undefined, b: number | undefined): number => (a ?? 0) - (b ?? 0);

export interface PublicMarketSortable {
  status: string;
  lootName: string;
  dateAcquired?: DateInput;
  id?: number;
}

export function comparePublicMarket(a: PublicMarketSortable, b: PublicMarketSortable): number {
  return (
    marketStatusRank(a.status) - marketStatusRank(b.status) ||
    compareNewestFirst(sortableTime(a.dateAcquired), sortableTime(b.dateAcquired)) ||
    compareText(a.lootName, b.lootName) ||
    compareIds(a.id, b.id)
  );
}

export function sortPublicMarket<T extends PublicMarketSortable>(items: readonly T[]): T[] {
  return [...items].sort(comparePublicMarket);
}

export interface AdminMarketSortable {
  status: string;
  createdAt?: DateInput;
  id?: number;
}

export function compareAdminMarket(a: AdminMarketSortable, b: AdminMarketSortable): number {
  return (
    marketStatusRank(a.status) - marketStatusRank(b.status) ||
    compareNewestFirst(sortableTime(a.createdAt), sortableTime(b.createdAt)) ||
    // Same creation time: the later id was inserted later.
    compareIds(b.id, a.id)
  );
}

export function sortAdminMarket<T extends AdminMarketSortable>(items: readonly T[]): T[] {
  return [...items].sort(compareAdminMarket);
}
