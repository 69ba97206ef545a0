import { Link, type LinkProps } from "@tanstack/react-router";
import { ArrowRight, Crown, LogIn, type LucideIcon, Shield, Swords, Timer, Users, Zap } from "lucide-react";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { formatTime } from "@shared/format/format-date.ts";
import { guildAndViewerTime } from "@shared/format/guild-clock.ts";
import { LootStatusBadge } from "@web/components/badge.tsx";
import { Card, CardTitle } from "@web/components/card.tsx";
import { Skeleton } from "@web/components/skeleton.tsx";
import { useGuildMembers, useMarketItems, useSyncStatus, useTimers } from "@web/data/hooks.ts";
import type { CollectionName } from "@web/data/portal-db.ts";
import { activeTimers, countMembers, recentItems } from "@web/features/home/home-summary.ts";
import {
  type CollectionState,
  collectionState,
  hasRows,
} from "@web/features/sync-status/collection-state.ts";
import { useOnline } from "@web/features/sync-status/use-online.ts";
import { useSession } from "@web/lib/session-store.ts";
import { useGuildTimeZone } from "./use-guild-time-zone.ts";

/** The home cards that show a cached collection, each with its title and the page it opens. */
const SYNCED_CARDS = {
  guildMembers: {
    title: "Guild Members",
    icon: Users,
    testId: "home-members-card",
    to: "/public/guild-members",
  },
  marketItems: {
    title: "Market Exchange",
    icon: Swords,
    testId: "home-market-card",
    to: "/public/market-exchange",
  },
  timers: { title: "Boss Timers", icon: Timer, testId: "home-timers-card", to: "/boss-timers" },
} as const satisfies Partial<
  Record<CollectionName, { title: string; icon: LucideIcon; testId: string; to: LinkProps["to"] }>
>;

/**
 * A home card showing one cached collection: its title, then a skeleton, the error, or `children(rows)`. The
 * whole card opens its page (decision 086): the title is the link, stretched over the card, so the link's name
 * stays the title and not every line of the card.
 */
function SyncedCard<T>({
  collection,
  rows,
  children,
}: {
  collection: keyof typeof SYNCED_CARDS;
  rows: T[] | undefined;
  children: (rows: T[]) => ReactNode;
}) {
  const state = collectionState(rows, useSyncStatus(collection), useOnline(), hasRows);
  const { title, icon: Icon, testId, to } = SYNCED_CARDS[collection];
  return (
    <Card
      className="relative flex flex-col gap-4 transition-colors focus-within:border-gold hover:border-gold/60"
      data-testid={testId}
    >
      <CardTitle icon={<Icon className="size-5" aria-hidden="true" />}>
        <Link
          to={to}
          className="-my-2.5 flex min-h-11 flex-1 items-center justify-between gap-2 rounded after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none"
        >
          {title}
          <ArrowRight className="size-4 text-ink-muted" aria-hidden="true" />
        </Link>
      </CardTitle>
      <CardBody state={state}>{children}</CardBody>
    </Card>
  );
}

function CardBody<T>({ state, children }: { state: CollectionState<T>; children: (data: T) => ReactNode }) {
  if (state.status === "loading") {
    return (
      <div role="status" aria-busy="true" aria-label="Loading" className="space-y-2">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-5 w-2/3" />
      </div>
    );
  }
  if (state.status === "error") return <p className="text-sm text-ink-muted">Unable to load data</p>;
  return <>{children(state.data)}</>;
}

export function MembersCard() {
  const members = useGuildMembers({ status: "active" });
  return (
    <SyncedCard collection="guildMembers" rows={members}>
      {(rows) => {
        const counts = countMembers(rows);
        return (
          <div>
            <p className="text-4xl font-bold text-ink" data-testid="members-total">
              {counts.total}
            </p>
            <dl className="mt-3 grid grid-cols-3 gap-2 text-center text-sm">
              {[
                { label: "Guild Master", value: counts.guildMaster, icon: <Crown className="size-4" /> },
                { label: "Core", value: counts.core, icon: <Shield className="size-4" /> },
                { label: "Members", value: counts.members, icon: <Users className="size-4" /> },
              ].map((entry) => (
                <div key={entry.label} className="rounded-lg bg-surface-raised px-2 py-2">
                  <dt className="flex flex-col items-center justify-center gap-0.5 text-xs text-ink-muted sm:flex-row sm:gap-1">
                    <span aria-hidden="true" className="text-gold">
                      {entry.icon}
                    </span>
                    {entry.label}
                  </dt>
                  <dd className="text-lg font-semibold text-ink">{entry.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        );
      }}
    </SyncedCard>
  );
}

export function MarketCard() {
  const items = useMarketItems();
  return (
    <SyncedCard collection="marketItems" rows={items}>
      {(rows) => {
        const recent = recentItems(rows);
        if (recent.length === 0) return <p className="text-sm text-ink-muted">No recent activity</p>;
        return (
          <ul className="space-y-2">
            {recent.map((item) => (
              <li
                key={item.id}
                className="flex items-center justify-between gap-3 rounded-lg bg-surface-raised px-3 py-2"
              >
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-ink">{item.lootName}</p>
                  <p className="truncate text-xs text-ink-muted">{item.bossName}</p>
                </div>
                <LootStatusBadge status={item.status} />
              </li>
            ))}
          </ul>
        );
      }}
    </SyncedCard>
  );
}

/** Re-renders every `ms` so remaining times stay current. */
export function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}

export function TimersCard() {
  const timers = useTimers();
  // The spawns are the guild's (decision 059): the card waits for its zone as it waits for the timers.
  const zone = useGuildTimeZone();
  const guildTimeZone = zone.status === "ready" ? zone.zone : null;
  const now = useNow(1_000);
  return (
    <SyncedCard collection="timers" rows={zone.status === "ready" ? timers : undefined}>
      {(rows) => {
        const running = activeTimers(rows, now, guildTimeZone);
        if (running.length === 0) return <p className="text-sm text-ink-muted">No active timers</p>;
        return (
          <ul className="space-y-3">
            {running.map((timer) => {
              // Elsewhere than the guild's zone, the time is the guild's, named, and the viewer's, on a line of its own.
              const zoned = guildAndViewerTime(timer.spawnAt, guildTimeZone);
              return (
                <li key={timer.bossName}>
                  <div className="flex items-center justify-between gap-3 text-sm">
                    <span className="truncate font-medium text-ink">{timer.bossName}</span>
                    <span className="shrink-0 tabular-nums text-ink-muted">
                      {timer.remaining}
                      {zoned === null ? (
                        <span className="text-xs"> · {formatTime(timer.spawnAt)}</span>
                      ) : null}
                    </span>
                  </div>
                  {zoned === null ? null : (
                    <p className="mt-0.5 text-xs tabular-nums text-ink-muted" data-testid="spawn-time">
                      {zoned}
                    </p>
                  )}
                  <div
                    role="progressbar"
                    aria-label={`${timer.bossName} respawn progress`}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={Math.round(timer.progress * 100)}
                    className="mt-1 h-2 overflow-hidden rounded-full bg-surface-raised"
                  >
                    <div
                      className="h-full rounded-full bg-gold"
                      style={{ width: `${timer.progress * 100}%` }}
                    />
                  </div>
                </li>
              );
            })}
          </ul>
        );
      }}
    </SyncedCard>
  );
}

const QUICK_ACTIONS = [
  { to: "/public/guild-members", label: "View Guild Members", icon: Users },
  { to: "/public/market-exchange", label: "Browse Market Exchange", icon: Swords },
  { to: "/boss-timers", label: "Check Boss Timers", icon: Timer },
] as const;

const AccountQuickActions = lazy(() =>
  import("@web/shell/account-links.tsx").then((m) => ({ default: m.AccountQuickActions })),
);

function QuickActionRow({ to, label, icon: Icon }: { to: LinkProps["to"]; label: string; icon: LucideIcon }) {
  return (
    <li>
      <Link
        to={to}
        className="group flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium text-ink transition-colors hover:bg-surface-raised"
      >
        <Icon className="size-4 text-gold" aria-hidden="true" />
        <span className="flex-1">{label}</span>
        <ArrowRight
          className="size-4 text-ink-muted transition-transform group-hover:translate-x-0.5"
          aria-hidden="true"
        />
      </Link>
    </li>
  );
}

/**
 * The public pages, then the visitor's 'Log in', or a signed-in account's own pages: My page, and My earnings for a
 * raider or the dashboard for an officer or an admin, never a page the account's role would deny (decision 072).
 */
export function QuickActionsCard() {
  const session = useSession();
  return (
    <Card className="flex flex-col gap-4">
      <CardTitle icon={<Zap className="size-5" aria-hidden="true" />}>Quick Actions</CardTitle>
      <ul className="space-y-1">
        {QUICK_ACTIONS.map((action) => (
          <QuickActionRow key={action.to} {...action} />
        ))}
        {session.status === "authenticated" ? (
          <Suspense fallback={null}>
            <AccountQuickActions role={session.user.role} Row={QuickActionRow} />
          </Suspense>
        ) : (
          <QuickActionRow to="/login" label="Log in" icon={LogIn} />
        )}
      </ul>
    </Card>
  );
}
