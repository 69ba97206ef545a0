import { useLocation } from "@tanstack/react-router";
import { WifiOff } from "lucide-react";
import { collectionsForPath } from "./page-collections.ts";
import { offlineBannerText } from "./sync-time.ts";
import { useOnline } from "./use-online.ts";
import { usePageSync } from "./use-page-sync.ts";

const NOTHING: readonly [] = [];

/** A quiet line under the header while the browser is offline, saying how old the shown data is. */
export function OfflineBanner() {
  const online = useOnline();
  const pathname = useLocation({ select: (location) => location.pathname });
  const collections = collectionsForPath(pathname);
  const { lastSyncedAt } = usePageSync(collections ?? NOTHING);
  if (online || collections === null) return null;
  return (
    <div role="status" className="border-b border-line bg-surface-raised/60">
      <p className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-2 text-sm text-ink-muted">
        <WifiOff className="size-4 shrink-0 text-gold" aria-hidden="true" />
        {offlineBannerText(lastSyncedAt, Date.now())}
      </p>
    </div>
  );
}
