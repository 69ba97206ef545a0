/**
 * Small labelled pills: a member's category, a loot item's status and a row not synced yet, in the same colours
 * everywhere.
 */
import { CloudOff, Crown, Shield } from "lucide-react";
import { NOT_SYNCED } from "../lib/sync-words.ts";

const pill =
  "inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1";

export function CategoryBadge({ category }: { category: string }) {
  if (category === "Guild Master") {
    return (
      <span className={`${pill} bg-gold/15 text-gold ring-gold/40`}>
        <Crown className="size-3" aria-hidden="true" />
        Guild Master
      </span>
    );
  }
  if (category === "Core") {
    return (
      <span className={`${pill} bg-sky-400/10 text-sky-300 ring-sky-400/30`}>
        <Shield className="size-3" aria-hidden="true" />
        Core
      </span>
    );
  }
  return (
    <span className={`${pill} bg-surface-raised text-ink-muted ring-line`}>{category || "Members"}</span>
  );
}

export function LootStatusBadge({ status }: { status: string }) {
  const tone =
    status === "Sold"
      ? "bg-success/15 text-success ring-success/30"
      : status === "Pending"
        ? "bg-gold/15 text-gold ring-gold/30"
        : "bg-surface-raised text-ink-muted ring-line";
  return <span className={`${pill} ${tone}`}>{status}</span>;
}

/**
 * A row that exists only on this device so far: its create is still in the outbox. Dashed and with a cloud, so it
 * does not read as the loot status "Pending" (decision 085).
 */
export function UnsyncedBadge() {
  return (
    <span
      data-testid="unsynced-badge"
      className="ml-2 inline-flex items-center gap-1 whitespace-nowrap rounded-full border border-dashed border-gold/60 px-2 py-0.5 text-xs font-semibold text-gold"
    >
      <CloudOff className="size-3" aria-hidden="true" />
      {NOT_SYNCED}
    </span>
  );
}
