import { Link } from "@tanstack/react-router";
import {
  CalendarCheck,
  Coins,
  ExternalLink,
  Globe,
  Hourglass,
  LogOut,
  QrCode,
  ScrollText,
  Shield,
  Swords,
  Timer,
  Upload,
  Users,
  Wallet,
  Wrench,
} from "lucide-react";
import type { ReactNode } from "react";
import { formatCount } from "@shared/glossary/glossary.ts";
import { Button, buttonClass } from "../components/button.tsx";
import { Card } from "../components/card.tsx";
import { Skeleton } from "../components/skeleton.tsx";
import { useFunds, useGuildMembers, useMarketItems } from "../data/hooks.ts";
import { PendingClaimsBadge } from "../features/claims/pending-claims-badge.tsx";
import { useOnline } from "../features/sync-status/use-online.ts";
import { useAuthenticatedUser } from "../lib/signed-in.ts";
import { ADMIN_PAGE_LABELS, mayOpen } from "../shell/admin-nav-links.ts";
import { useAdminLogout } from "../shell/use-admin-logout.ts";
import { useDocumentTitle } from "../shell/use-document-title.ts";
import { useGuildTimeZone } from "./-components/use-guild-time-zone.ts";
import { dashboardFigures } from "./admin/-components/dashboard-figures.ts";

/** The dashboard's tools in order (docs/product.md#dashboard); their names come from the one list of admin pages. */
const TOOL_CARDS = [
  // Raid night first (decision 045): the officer's most frequent task on a phone.
  ["/admin/record-raid", CalendarCheck],
  // Right after a kill, the check-in the raiders answer from their phones (decision 080).
  ["/admin/check-ins", QrCode],
  ["/admin/fix-participants", Wrench],
  ["/admin/attendance", ScrollText],
  ["/guild-members", Users],
  ["/market-exchange", Swords],
  ["/guild-funds", Coins],
  ["/admin/boss-timers", Timer],
  ["/admin/import", Upload],
] as const;

function StatCard({
  title,
  value,
  icon,
  testId,
}: {
  title: string;
  value: string | number | null;
  icon: ReactNode;
  testId: string;
}) {
  return (
    <Card className="flex items-center gap-4" data-testid={testId}>
      <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-gold/10 text-gold">{icon}</span>
      <div className="min-w-0">
        <p className="text-sm text-ink-muted">{title}</p>
        {value === null ? (
          <Skeleton className="mt-1 h-7 w-24" />
        ) : (
          <p className="truncate text-2xl font-bold tabular-nums text-ink" data-testid="stat-value">
            {value}
          </p>
        )}
      </div>
    </Card>
  );
}

export const CHOOSE_TIME_ZONE = "Choose the guild's time zone";

/** Until an admin chooses the guild's zone (decision 059), what is in use and where to choose it. */
function ChooseTimeZone() {
  const zone = useGuildTimeZone();
  const user = useAuthenticatedUser();
  if (zone.status !== "ready" || zone.settings === null) return null;
  const { timeZone, timeZoneSource } = zone.settings;
  // Only an admin can choose it: an officer is never linked to a page that would deny them (decision 067).
  if (timeZoneSource === "guild-settings" || !mayOpen(user.role, "/admin/guild-settings")) return null;
  const from = timeZoneSource === "GUILD_TIMEZONE" ? "the server's GUILD_TIMEZONE" : "the server's own zone";
  return (
    <Card
      role="status"
      className="flex flex-wrap items-center justify-between gap-4 border-gold/40"
      data-testid="choose-time-zone"
    >
      <div className="flex min-w-0 items-start gap-3">
        <Globe className="mt-0.5 size-5 shrink-0 text-gold" aria-hidden="true" />
        <p className="text-sm text-ink-muted">
          Spawn times and alerts use <strong className="font-semibold text-ink">{timeZone}</strong>, {from},
          until an admin chooses the guild's zone.
        </p>
      </div>
      <Link to="/admin/guild-settings" className={buttonClass("primary")}>
        {CHOOSE_TIME_ZONE}
      </Link>
    </Card>
  );
}

/** The admin dashboard (docs/product.md#dashboard): greeting, the three figures from the local store, the tools. */
export function AdminDashboardPage() {
  const user = useAuthenticatedUser();
  const logout = useAdminLogout();
  useDocumentTitle((brand) => `Dashboard - ${brand}`);
  const figures = dashboardFigures(useFunds(), useGuildMembers(), useMarketItems());
  const online = useOnline();
  return (
    <div className="space-y-6">
      <Card className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex min-w-0 items-center gap-3">
          <Shield className="size-10 shrink-0 text-gold" aria-hidden="true" />
          <div className="min-w-0">
            <h1 className="truncate text-xl font-bold text-ink">Welcome, {user.displayName}</h1>
            <p className="text-sm text-ink-muted">
              {user.role === "admin" ? "Guild Administrator" : "Guild Officer"}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/public/guild-members" className={buttonClass("secondary")}>
            <ExternalLink className="size-4" aria-hidden="true" />
            View Public Portal
          </Link>
          <Button variant="ghost" onClick={() => void logout()}>
            <LogOut className="size-4" aria-hidden="true" />
            Logout
          </Button>
        </div>
      </Card>
      <ChooseTimeZone />
      <PendingClaimsBadge online={online} />
      <section aria-label="Guild figures" className="grid gap-3 sm:grid-cols-3">
        <StatCard
          title="Total Guild Funds"
          value={figures.totalFunds}
          icon={<Wallet className="size-6" aria-hidden="true" />}
          testId="stat-total-funds"
        />
        <StatCard
          title="Active Members"
          value={figures.activeMembers === null ? null : formatCount(figures.activeMembers)}
          icon={<Users className="size-6" aria-hidden="true" />}
          testId="stat-active-members"
        />
        <StatCard
          title="Pending Loots"
          value={figures.pendingLoots === null ? null : formatCount(figures.pendingLoots)}
          icon={<Hourglass className="size-6" aria-hidden="true" />}
          testId="stat-pending-loots"
        />
      </section>
      <nav aria-label="Admin tools" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {TOOL_CARDS.filter(([to]) => mayOpen(user.role, to)).map(([to, Icon]) => (
          <Link
            key={to}
            to={to}
            className="flex min-h-16 items-center gap-3 rounded-2xl border border-line bg-surface p-4 font-semibold text-ink transition-colors hover:border-gold/60"
          >
            <Icon className="size-5 text-gold" aria-hidden="true" />
            {ADMIN_PAGE_LABELS[to]}
          </Link>
        ))}
      </nav>
    </div>
  );
}
