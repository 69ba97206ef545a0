/**
 * A signed-in account's own links in the public header, the phone menu and the home page's Quick Actions
 * (decision 072): My page for everyone, My earnings in the menus, the dashboard only for officers and admins, so no
 * link of the app leads a raider to 'Access Denied'. Loaded once someone is signed in: a visitor's first download
 * leaves it out.
 */
import { Link } from "@tanstack/react-router";
import { CircleUserRound, Gavel, LayoutDashboard, type LucideIcon, Wallet } from "lucide-react";
import type { ComponentType } from "react";
import { type AccountRole, isStaff } from "@shared/contract/roles.ts";
import { buttonClass } from "../components/button.tsx";

/** The header shows the fewest (it must fit beside the navigation); the phone menu and Quick Actions a few more. */
export type AccountPlace = "header" | "menu" | "quick-actions";

export interface AccountDestination {
  to: "/me" | "/me/earnings" | "/me/auctions" | "/admin";
  label: string;
  icon: LucideIcon;
}

export const MY_PAGE_LABEL = "My page";

export function accountDestinations(role: AccountRole, place: AccountPlace): AccountDestination[] {
  const staff = isStaff(role);
  const destinations: AccountDestination[] = [{ to: "/me", label: MY_PAGE_LABEL, icon: CircleUserRound }];
  if (place === "menu" || (place === "quick-actions" && !staff)) {
    destinations.push({ to: "/me/earnings", label: "My earnings", icon: Wallet });
  }
  // The auctions a raider bids on (decision 092), beside their earnings in the phone menu.
  if (place === "menu") destinations.push({ to: "/me/auctions", label: "Auctions", icon: Gavel });
  if (staff) {
    const label = place === "quick-actions" ? "Admin Dashboard" : "Return to Admin";
    destinations.push({ to: "/admin", label, icon: LayoutDashboard });
  }
  return destinations;
}

/** The header's and the menu's buttons. */
export function AccountButtons({
  role,
  place,
  onNavigate,
  className = "",
}: {
  role: AccountRole;
  place: "header" | "menu";
  onNavigate?: () => void;
  className?: string;
}) {
  return accountDestinations(role, place).map(({ to, label, icon: Icon }) => (
    <Link key={to} to={to} onClick={onNavigate} className={buttonClass("secondary", "md", className)}>
      <Icon className="size-4" aria-hidden="true" />
      {label}
    </Link>
  ));
}

export interface QuickActionRowProps {
  to: AccountDestination["to"];
  label: string;
  icon: LucideIcon;
}

/** The Quick Actions rows, drawn by the card's own row. */
export function AccountQuickActions({
  role,
  Row,
}: {
  role: AccountRole;
  Row: ComponentType<QuickActionRowProps>;
}) {
  return accountDestinations(role, "quick-actions").map((destination) => (
    <Row key={destination.to} {...destination} />
  ));
}
