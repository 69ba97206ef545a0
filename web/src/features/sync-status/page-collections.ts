/** Which cached collections each public page shows, so the offline banner can say how old they are. */
import type { CollectionName } from "@web/data/portal-db.ts";

/** Every collection a public page reads; the hooks read all of them so their order never changes. */
export const PUBLIC_PAGE_COLLECTIONS = [
  "guildMembers",
  "marketItems",
  "timers",
  "bossNames",
  "salaryReceipt",
] as const satisfies readonly CollectionName[];

export type PublicPageCollection = (typeof PUBLIC_PAGE_COLLECTIONS)[number];

const BY_PATH: Readonly<Record<string, readonly PublicPageCollection[]>> = {
  "/": ["guildMembers", "marketItems", "timers"],
  "/public": ["guildMembers", "marketItems", "timers"],
  "/public/guild-members": ["guildMembers", "marketItems"],
  "/public/market-exchange": ["marketItems", "guildMembers", "bossNames"],
  "/public/salary-calculation": ["salaryReceipt"],
  "/boss-timers": ["bossNames", "timers"],
};

/** The collections shown at `pathname`; null for pages that show no synced data (login, Not Found). */
export function collectionsForPath(pathname: string): readonly PublicPageCollection[] | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return BY_PATH[path] ?? null;
}
