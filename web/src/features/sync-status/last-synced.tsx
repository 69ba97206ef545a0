import { RefreshCw } from "lucide-react";
import type { CollectionName } from "@web/data/portal-db.ts";
import { lastSyncedText } from "./sync-time.ts";
import { usePageSync } from "./use-page-sync.ts";

/** A small hint of how fresh the page's cached data is; the icon turns while a refresh runs. */
export function LastSynced({ collections }: { collections: readonly CollectionName[] }) {
  const { lastSyncedAt, syncing } = usePageSync(collections);
  if (lastSyncedAt === null) {
    // Holds the line's height until the first sync, so the page below does not shift when it appears.
    return (
      <p className="invisible flex items-center gap-1.5 text-xs" aria-hidden="true">
        <RefreshCw className="size-3.5 shrink-0" aria-hidden="true" />
        Last synced
      </p>
    );
  }
  return (
    <p className="flex items-center gap-1.5 text-xs text-ink-muted" data-testid="last-synced">
      <RefreshCw
        className={`size-3.5 shrink-0 ${syncing ? "motion-safe:animate-spin text-gold" : ""}`}
        aria-hidden="true"
      />
      {lastSyncedText(lastSyncedAt, Date.now())}
    </p>
  );
}
