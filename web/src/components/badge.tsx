/** Small labelled pills: a member's category and a loot item's status, in the same colours everywhere. */
import { Crown, Shield } from "lucide-react";

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

/** A row that exists only on this device so far: its create is still in the outbox. */
export function PendingBadge() {
  return (
    <span
      data-testid="pending-badge"
      className="ml-2 inline-flex items-center rounded-full bg-gold/15 px-2 py-0.5 text-xs font-semibold text-gold ring-1 ring-gold/40"
    >
      Pending
    </span>
  );
}
