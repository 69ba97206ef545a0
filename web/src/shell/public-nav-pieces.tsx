import { Link, useLocation } from "@tanstack/react-router";
import { LogIn } from "lucide-react";
import { lazy, Suspense } from "react";
import { buttonClass } from "../components/button.tsx";
import { useSession } from "../lib/session-store.ts";

export const navLinkClass =
  "inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium text-ink-muted transition-colors " +
  "hover:bg-surface-raised hover:text-ink data-[status=active]:bg-surface-raised data-[status=active]:text-gold";

const AccountButtons = lazy(() => import("./account-links.tsx").then((m) => ({ default: m.AccountButtons })));

/** The front door: a login from there lands on the account's home rather than back on it. */
const FRONT_DOOR = new Set(["/", "/public"]);

/**
 * 'Log in' for a visitor, coming back to this page afterwards (decision 072); once signed in, the account's own
 * links (account-links.tsx): My page, and for an officer or an admin 'Return to Admin'.
 */
export function AccountNav({
  place,
  onNavigate,
  className = "",
}: {
  place: "header" | "menu";
  onNavigate?: () => void;
  className?: string;
}) {
  const session = useSession();
  const { pathname, href } = useLocation();
  if (session.status === "authenticated") {
    return (
      <Suspense fallback={null}>
        <AccountButtons
          role={session.user.role}
          place={place}
          onNavigate={onNavigate}
          className={className}
        />
      </Suspense>
    );
  }
  return (
    <Link
      to="/login"
      // On the login page itself, its own `next` stays.
      search={pathname === "/login" ? true : FRONT_DOOR.has(pathname) ? {} : { next: href }}
      onClick={onNavigate}
      className={buttonClass("primary", "md", className)}
    >
      <LogIn className="size-4" aria-hidden="true" />
      Log in
    </Link>
  );
}
