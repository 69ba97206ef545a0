import { Link, Outlet } from "@tanstack/react-router";
import { LayoutDashboard, LogIn, Menu, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { type ReactNode, useState } from "react";
import { BrandMark } from "../../components/brand-mark.tsx";
import { Button, buttonClass } from "../../components/button.tsx";
import { useSession } from "../auth/session-store.ts";
import { useBrand } from "../brand/brand-store.ts";
import { OfflineBanner } from "../sync-status/offline-banner.tsx";
import { PUBLIC_NAV_LINKS } from "./public-nav-links.ts";

const navLinkClass =
  "inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium text-ink-muted transition-colors " +
  "hover:bg-surface-raised hover:text-ink data-[status=active]:bg-surface-raised data-[status=active]:text-gold";

function AdminLink({ onNavigate, className = "" }: { onNavigate?: () => void; className?: string }) {
  const session = useSession();
  const loggedIn = session.status === "authenticated";
  return loggedIn ? (
    <Link to="/admin" onClick={onNavigate} className={buttonClass("secondary", "md", className)}>
      <LayoutDashboard className="size-4" aria-hidden="true" />
      Return to Admin
    </Link>
  ) : (
    <Link to="/login" onClick={onNavigate} className={buttonClass("primary", "md", className)}>
      <LogIn className="size-4" aria-hidden="true" />
      Admin Login
    </Link>
  );
}

/** Phones get the navigation in a sheet (a Radix dialog), so the header never scrolls sideways. */
function MobileMenu() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
          <Menu className="size-6" aria-hidden="true" />
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60 backdrop-blur-sm" />
        <Dialog.Content className="fixed inset-x-0 top-0 z-50 rounded-b-2xl border-b border-line bg-surface p-4 pb-6 shadow-2xl">
          <div className="mb-2 flex items-center justify-between">
            <Dialog.Title className="text-sm font-semibold uppercase tracking-wider text-ink-muted">
              Menu
            </Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close menu">
                <X className="size-6" aria-hidden="true" />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Pages of the public portal</Dialog.Description>
          <nav aria-label="Main" className="flex flex-col gap-1">
            {PUBLIC_NAV_LINKS.map((link) => (
              <Link key={link.to} to={link.to} onClick={close} className={`${navLinkClass} text-base`}>
                {link.label}
              </Link>
            ))}
          </nav>
          <AdminLink onNavigate={close} className="mt-4 w-full" />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The public portal frame; `children` replaces the outlet for pages rendered outside the route tree (Not Found). */
export function PublicLayout({ children }: { children?: ReactNode }) {
  const brand = useBrand();
  const year = new Date().getFullYear();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-gold focus:px-4 focus:py-2 focus:text-gold-ink"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 border-b border-line bg-canvas/90 backdrop-blur supports-[backdrop-filter]:bg-canvas/75">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
          <Link
            to="/"
            className="flex min-h-11 min-w-0 items-center gap-2 rounded-lg pr-2"
            aria-label={`${brand} home`}
          >
            <BrandMark className="size-9 shrink-0" />
            <span className="truncate text-lg font-bold tracking-tight text-ink">{brand}</span>
          </Link>
          <nav aria-label="Main" className="ml-4 hidden items-center gap-1 md:flex">
            {PUBLIC_NAV_LINKS.map((link) => (
              <Link key={link.to} to={link.to} className={navLinkClass}>
                {link.label}
              </Link>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-2">
            <div className="hidden md:block">
              <AdminLink />
            </div>
            <MobileMenu />
          </div>
        </div>
      </header>
      <OfflineBanner />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        {children ?? <Outlet />}
      </main>
      <footer className="border-t border-line">
        <div className="mx-auto max-w-6xl px-4 py-6 text-center text-sm text-ink-muted">
          © {year} {brand}. All rights reserved.
        </div>
      </footer>
    </div>
  );
}
