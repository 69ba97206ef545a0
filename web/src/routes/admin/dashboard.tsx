import { Link, useNavigate } from "@tanstack/react-router";
import {
  Coins,
  ExternalLink,
  LogOut,
  ScrollText,
  Shield,
  Swords,
  Timer,
  Upload,
  Users,
  Wrench,
} from "lucide-react";
import { Button, buttonClass } from "../../components/button.tsx";
import { Card } from "../../components/card.tsx";
import { logout, useAuthenticatedUser } from "../../features/auth/session-store.ts";
import { useDocumentTitle } from "../../features/brand/use-document-title.ts";

const NAV_CARDS = [
  { to: "/admin/fix-participants", label: "Fix Participants", icon: Wrench },
  { to: "/admin/attendance", label: "Attendance", icon: ScrollText },
  { to: "/guild-members", label: "Guild Members", icon: Users },
  { to: "/market-exchange", label: "Market Exchange", icon: Swords },
  { to: "/guild-funds", label: "Guild Funds", icon: Coins },
  { to: "/admin/boss-timers", label: "Boss Timers", icon: Timer },
  { to: "/admin/data-migration", label: "Data Migration", icon: Upload },
] as const;

/** The admin dashboard's frame; the stat cards arrive with the data layer. */
export function AdminDashboardPage() {
  const user = useAuthenticatedUser();
  const navigate = useNavigate();
  useDocumentTitle((brand) => `Dashboard - ${brand}`);
  const onLogout = async () => {
    await logout();
    await navigate({ to: "/public" });
  };
  return (
    <div className="space-y-6">
      <Card className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex items-center gap-3">
          <Shield className="size-10 shrink-0 text-gold" aria-hidden="true" />
          <div>
            <h1 className="text-xl font-bold text-ink">Welcome, {user.displayName}</h1>
            <p className="text-sm text-ink-muted">Guild Administrator</p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/public/guild-members" className={buttonClass("secondary")}>
            <ExternalLink className="size-4" aria-hidden="true" />
            View Public Portal
          </Link>
          <Button variant="ghost" onClick={onLogout}>
            <LogOut className="size-4" aria-hidden="true" />
            Logout
          </Button>
        </div>
      </Card>
      <nav aria-label="Admin tools" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {NAV_CARDS.map(({ to, label, icon: Icon }) => (
          <Link
            key={to}
            to={to}
            className="flex min-h-16 items-center gap-3 rounded-2xl border border-line bg-surface p-4 font-semibold text-ink transition-colors hover:border-gold/60"
          >
            <Icon className="size-5 text-gold" aria-hidden="true" />
            {label}
          </Link>
        ))}
      </nav>
    </div>
  );
}
