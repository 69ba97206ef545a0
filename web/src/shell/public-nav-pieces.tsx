import { Link } from "@tanstack/react-router";
import { LayoutDashboard, LogIn, Wallet } from "lucide-react";
import { isStaff } from "@shared/contract/roles.ts";
import { buttonClass } from "../components/button.tsx";
import { useSession } from "../lib/session-store.ts";

export const navLinkClass =
  "inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium text-ink-muted transition-colors " +
  "hover:bg-surface-raised hover:text-ink data-[status=active]:bg-surface-raised data-[status=active]:text-gold";

/**
 * The public menu's way into the admin area: 'Return to Admin' for an officer or an admin, 'Log in' for a
 * visitor, and nothing for a raider (role user), whom every admin page would only answer with Access Denied.
 */
export function AdminLink({ onNavigate, className = "" }: { onNavigate?: () => void; className?: string }) {
  const session = useSession();
  if (session.status === "authenticated" && !isStaff(session.user.role)) return null;
  return session.status === "authenticated" ? (
    <Link to="/admin" onClick={onNavigate} className={buttonClass("secondary", "md", className)}>
      <LayoutDashboard className="size-4" aria-hidden="true" />
      Return to Admin
    </Link>
  ) : (
    <Link to="/login" onClick={onNavigate} className={buttonClass("primary", "md", className)}>
      <LogIn className="size-4" aria-hidden="true" />
      Log in
    </Link>
  );
}

/** "My earnings" for any signed-in account (docs/decisions/051); visitors who are not signed in see nothing new. */
export function MyEarningsLink({
  onNavigate,
  className = "",
}: {
  onNavigate?: () => void;
  className?: string;
}) {
  const session = useSession();
  if (session.status !== "authenticated") return null;
  return (
    <Link to="/me/earnings" onClick={onNavigate} className={buttonClass("secondary", "md", className)}>
      <Wallet className="size-4" aria-hidden="true" />
      My earnings
    </Link>
  );
}
