import { Link, Outlet, useLocation } from "@tanstack/react-router";
import { CircleUserRound, ExternalLink, LogOut, Menu } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { BrandMark } from "../components/brand-mark.tsx";
import { Button } from "../components/button.tsx";
import { CloseButton } from "../components/close-button.tsx";
import { overlayClass } from "../components/overlay.ts";
import { PendingClaimsCount } from "../features/claims/pending-claims-badge.tsx";
import { OutboxIndicator } from "../features/outbox/outbox-indicator.tsx";
import { MemoryStoreNotice } from "../features/sync-status/memory-store-notice.tsx";
import { useOnline } from "../features/sync-status/use-online.ts";
import type { SessionUser } from "../lib/session-store.ts";
import { ADMIN_NAV_LINKS, adminHeaderLabel, mayOpen } from "./admin-nav-links.ts";
import { AdminSyncStatus } from "./admin-sync-status.tsx";
import { useBrand } from "./brand-store.ts";
import { useAdminLogout } from "./use-admin-logout.ts";

// 36 px where a sidebar is shown (md and up: mouse or a tablet's larger screen), so its 14 links and the account
// fit a 900 px high screen; 44 px in the phone's menu sheet.
const linkClass =
  "flex min-h-11 md:min-h-9 items-center gap-3 rounded-lg px-3 text-sm font-medium text-ink-muted transition-colors " +
  "hover:bg-surface-raised hover:text-ink data-[status=active]:bg-surface-raised data-[status=active]:text-gold";

function SidebarContent({ user, onNavigate }: { user: SessionUser; onNavigate?: () => void }) {
  const logout = useAdminLogout();
  const online = useOnline();
  const { pathname } = useLocation();
  const links = ADMIN_NAV_LINKS.filter((link) => mayOpen(user.role, link.to));
  const onLogout = async () => {
    onNavigate?.();
    await logout();
  };
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-4">
      {/* Short screens (a phone held sideways) scroll the links and keep the account block in view. */}
      <nav aria-label="Admin" className="-mx-1 flex min-h-0 flex-col gap-1 overflow-y-auto px-1 md:gap-0.5">
        {links.map((link) => (
          <Link
            key={link.to}
            to={link.to}
            onClick={onNavigate}
            activeOptions={{ exact: true }}
            className={linkClass}
          >
            {link.label}
            {link.to === "/admin/claims" ? <PendingClaimsCount online={online} pathname={pathname} /> : null}
          </Link>
        ))}
      </nav>
      <div className="mt-auto space-y-2 border-t border-line pt-4">
        <div className="flex items-center gap-3 px-1">
          <span
            aria-hidden="true"
            className="grid size-10 shrink-0 place-items-center rounded-full bg-gold font-bold text-gold-ink"
          >
            {user.displayName.trim().charAt(0).toUpperCase() || "?"}
          </span>
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-ink">{user.displayName}</p>
            <p className="truncate text-xs text-ink-muted">{user.email}</p>
          </div>
        </div>
        <Link to="/me" onClick={onNavigate} className={linkClass}>
          <CircleUserRound className="size-4" aria-hidden="true" />
          My page
        </Link>
        <Link to="/" onClick={onNavigate} className={linkClass}>
          <ExternalLink className="size-4" aria-hidden="true" />
          View Public Portal
        </Link>
        <button type="button" className={`${linkClass} w-full`} onClick={onLogout}>
          <LogOut className="size-4" aria-hidden="true" />
          Logout
        </button>
      </div>
    </div>
  );
}

export function AdminLayout({ user }: { user: SessionUser }) {
  const brand = useBrand();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div className="flex min-h-dvh">
      <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col border-r border-line bg-surface p-4 md:flex">
        <Link to="/admin" className="mb-6 flex min-h-11 items-center gap-2 px-1">
          <BrandMark className="size-8" />
          <span className="truncate font-bold text-ink">{brand}</span>
        </Link>
        <SidebarContent user={user} />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        {/* At 390 px the longest page name ('Attendance Management') and the outbox badge both fit (decision 085). */}
        <header className="sticky top-0 z-30 flex h-16 items-center gap-1 border-b border-line bg-canvas/90 px-2 backdrop-blur sm:gap-2 sm:px-4">
          <Dialog.Root open={menuOpen} onOpenChange={setMenuOpen}>
            <Dialog.Trigger asChild>
              <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
                <Menu className="size-6" aria-hidden="true" />
              </Button>
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className={overlayClass} />
              <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col border-r border-line bg-surface p-4">
                <div className="mb-4 flex items-center justify-between">
                  <Dialog.Title className="font-bold text-ink">{brand}</Dialog.Title>
                  <Dialog.Close asChild>
                    <CloseButton label="Close menu" iconSize="size-6" />
                  </Dialog.Close>
                </div>
                <Dialog.Description className="sr-only">Admin pages</Dialog.Description>
                <SidebarContent user={user} onNavigate={() => setMenuOpen(false)} />
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
          <p
            className="min-w-0 flex-1 truncate text-base font-semibold text-ink sm:text-lg"
            data-testid="admin-header-label"
          >
            {adminHeaderLabel(pathname)}
          </p>
          <OutboxIndicator />
        </header>
        {/* The lines about the page's data are the page's: inside its main landmark, where a screen reader's
            landmark list finds them (decision 090). */}
        <main id="main" className="flex w-full flex-1 flex-col">
          <MemoryStoreNotice className="px-4 md:px-8" />
          <AdminSyncStatus pathname={pathname} />
          <div className="w-full max-w-6xl flex-1 px-4 py-6 md:px-8">
            <Outlet />
          </div>
        </main>
      </div>
    </div>
  );
}
