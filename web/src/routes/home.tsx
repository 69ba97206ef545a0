import { Link } from "@tanstack/react-router";
import { Swords, Timer, Users } from "lucide-react";
import { BrandMark } from "../components/brand-mark.tsx";
import { buttonClass } from "../components/button.tsx";
import { LastSynced } from "../features/sync-status/last-synced.tsx";
import { useBrand } from "../shell/brand-store.ts";
import { useDocumentTitle } from "../shell/use-document-title.ts";
import { MarketCard, MembersCard, QuickActionsCard, TimersCard } from "./-components/home-cards.tsx";

const HOME_COLLECTIONS = ["guildMembers", "marketItems", "timers"] as const;

/** The public portal's landing page, at / and /public. */
export function HomePage() {
  const brand = useBrand();
  useDocumentTitle((b) => b);
  return (
    <div className="space-y-8">
      <section className="relative overflow-hidden rounded-3xl border border-line bg-gradient-to-br from-surface-raised via-surface to-canvas px-6 py-10 sm:px-10 sm:py-14">
        <BrandMark className="pointer-events-none absolute -right-12 -bottom-16 hidden size-80 rotate-12 opacity-10 sm:block" />
        <p className="text-sm font-semibold uppercase tracking-widest text-gold">Public Portal</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-5xl">Welcome to {brand}</h1>
        <p className="mt-3 max-w-2xl text-ink-muted sm:text-lg">
          See who rides with the guild, what the last raids brought in, and when the next bosses return.
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Link to="/public/guild-members" className={buttonClass("primary")}>
            <Users className="size-4" aria-hidden="true" />
            Guild Members
          </Link>
          <Link to="/public/market-exchange" className={buttonClass("secondary")}>
            <Swords className="size-4" aria-hidden="true" />
            Market Exchange
          </Link>
          <Link to="/boss-timers" className={buttonClass("secondary")}>
            <Timer className="size-4" aria-hidden="true" />
            Boss Timers
          </Link>
        </div>
        <div className="mt-6">
          <LastSynced collections={HOME_COLLECTIONS} />
        </div>
      </section>
      <div className="grid gap-4 md:grid-cols-2">
        <MembersCard />
        <MarketCard />
        <TimersCard />
        <QuickActionsCard />
      </div>
    </div>
  );
}
