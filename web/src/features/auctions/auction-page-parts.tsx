/** What the auction pages put around an auction (decision 092): the way back to the list, and the offline line. */
import { Link } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import { AUCTION_MESSAGES } from "@shared/schemas/auctions.ts";
import { OnlineOnlyNotice } from "@web/components/online-only-notice.tsx";

export function BackToAuctions({ to }: { to: "/me/auctions" | "/admin/auctions" }) {
  return (
    <Link to={to} className="inline-flex min-h-11 items-center gap-2 text-gold hover:underline">
      <ArrowLeft className="size-4" aria-hidden="true" />
      All auctions
    </Link>
  );
}

/** Offline: auctions live on the server, and a bid needs a connection. Nothing while online. */
export function AuctionsOffline({ online }: { online: boolean }) {
  if (online) return null;
  return (
    <div className="mb-5">
      <OnlineOnlyNotice>{AUCTION_MESSAGES.offline}</OnlineOnlyNotice>
    </div>
  );
}
