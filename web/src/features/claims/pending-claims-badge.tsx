/** Where the officers see that claims wait (decision 071): a count in the sidebar and a badge on the dashboard. */
import { Link } from "@tanstack/react-router";
import { ChevronRight, UserRoundCheck } from "lucide-react";
import { CLAIM_TEXTS } from "./claim-texts.ts";
import { usePendingClaimCount } from "./use-pending-claims.ts";

/** The sidebar's count beside "Character Claims"; nothing when none wait. */
export function PendingClaimsCount({ online, pathname }: { online: boolean; pathname: string }) {
  const count = usePendingClaimCount(online, pathname);
  if (!count) return null;
  return (
    <span
      className="ml-auto rounded-full bg-gold px-2 py-0.5 text-xs font-bold text-gold-ink tabular-nums"
      data-testid="claims-count"
    >
      <span className="sr-only">, </span>
      {count}
      <span className="sr-only"> waiting</span>
    </span>
  );
}

/** The dashboard's badge, a link to the approvals; nothing when none wait. */
export function PendingClaimsBadge({ online }: { online: boolean }) {
  const count = usePendingClaimCount(online);
  if (!count) return null;
  return (
    <Link
      to="/admin/claims"
      className="flex min-h-14 items-center gap-3 rounded-2xl border border-gold/50 bg-gold/10 px-4 py-3 font-semibold text-ink transition-colors hover:border-gold"
      data-testid="claims-badge"
    >
      <UserRoundCheck className="size-5 shrink-0 text-gold" aria-hidden="true" />
      <span className="min-w-0 flex-1">{CLAIM_TEXTS.waitingBadge(count)}</span>
      <ChevronRight className="size-5 shrink-0 text-gold" aria-hidden="true" />
    </Link>
  );
}
