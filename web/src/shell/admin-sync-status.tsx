/**
 * The admin pages' freshness line under the header: when the page's cached data was last synced, or, offline,
 * how old the shown data is (docs/product.md#offline-and-sync). Online-only tools say they need the network instead.
 */
import { RefreshCw, WifiOff } from "lucide-react";
import { lastSyncedText, offlineBannerText } from "../features/sync-status/sync-time.ts";
import { useOnline } from "../features/sync-status/use-online.ts";
import { usePageSync } from "../features/sync-status/use-page-sync.ts";
import { adminCollectionsForPath } from "./admin-nav-links.ts";

const NOTHING: readonly [] = [];

export const ONLINE_ONLY_OFFLINE = "Offline — this page needs the network.";

export function AdminSyncStatus({ pathname }: { pathname: string }) {
  const online = useOnline();
  const collections = adminCollectionsForPath(pathname);
  const pageSync = usePageSync(collections ?? NOTHING);
  const sync = collections === null ? null : pageSync;
  if (!online) {
    return (
      <div role="status" className="border-b border-line bg-surface-raised/60 px-4 py-2 md:px-8">
        <p className="flex items-center gap-2 text-sm text-ink-muted" data-testid="admin-offline">
          <WifiOff className="size-4 shrink-0 text-gold" aria-hidden="true" />
          {sync ? offlineBannerText(sync.lastSyncedAt, Date.now()) : ONLINE_ONLY_OFFLINE}
        </p>
      </div>
    );
  }
  if (!sync || sync.lastSyncedAt === null) return null;
  return (
    <p
      className="flex items-center justify-end gap-1.5 px-4 pt-3 text-xs text-ink-muted md:px-8"
      data-testid="last-synced"
    >
      <RefreshCw
        className={`size-3.5 shrink-0 ${sync.syncing ? "motion-safe:animate-spin text-gold" : ""}`}
        aria-hidden="true"
      />
      {lastSyncedText(sync.lastSyncedAt, Date.now())}
    </p>
  );
}
