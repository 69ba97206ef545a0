/** Which cached collections each public page shows, so the offline banner can say how old they are. */
import type { CollectionName } from "@web/data/portal-db.ts";

const BY_PATH: Readonly<Record<string, readonly CollectionName[]>> = {
  "/": ["guildMembers", "marketItems", "timers"],
  "/public": ["guildMembers", "marketItems", "timers"],
  "/public/guild-members": ["guildMembers", "marketItems"],
  "/public/market-exchange": ["marketItems", "guildMembers", "bossNames"],
  "/public/salary-calculation": ["salaryReceipt"],
  "/boss-timers": ["bossNames", "timers"],
};

/** The collections shown at `pathname`; null for pages that show no synced data (login, Not Found). */
export function collectionsForPath(pathname: string): readonly CollectionName[] | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return BY_PATH[path] ?? null;
}
