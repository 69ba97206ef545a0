import { Link, Outlet } from "@tanstack/react-router";
import { Menu } from "lucide-react";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { BrandMark } from "../components/brand-mark.tsx";
import { Button } from "../components/button.tsx";
import { takeEarlyClick } from "../features/pwa/early-clicks.ts";
import { MemoryStoreNotice } from "../features/sync-status/memory-store-notice.tsx";
import { OfflineBanner } from "../features/sync-status/offline-banner.tsx";
import { useBrand } from "./brand-store.ts";
import { useCurrentYear } from "./current-year.ts";
import { PUBLIC_NAV_LINKS } from "./public-nav-links.ts";
import { AccountNav, navLinkClass } from "./public-nav-pieces.tsx";

const PublicMenuSheet = lazy(() =>
  import("./public-menu-sheet.tsx").then((m) => ({ default: m.PublicMenuSheet })),
);

/** Phones get the navigation in a sheet, loaded on the first tap so the header never scrolls sideways. */
function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  // A tap on the prerendered button before the app was running opens the sheet now.
  useEffect(() => {
    if (takeEarlyClick("public-menu")) {
      setWanted(true);
      setOpen(true);
    }
  }, []);
  return (
    <>
      <Button
        data-early-click="public-menu"
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Menu className="size-6" aria-hidden="true" />
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <PublicMenuSheet open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The public portal frame; `children` replaces the outlet for pages rendered outside the route tree (Not Found). */
export function PublicLayout({ children }: { children?: ReactNode }) {
  const brand = useBrand();
  const year = useCurrentYear();
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
            <div className="hidden items-center gap-2 md:flex">
              <AccountNav place="header" />
            </div>
            <MobileMenu />
          </div>
        </div>
      </header>
      <OfflineBanner />
      <MemoryStoreNotice className="mx-auto max-w-6xl px-4" />
      {/* At least a screen tall, so the footer starts below the fold and never jumps as data arrives. */}
      <main id="main" className="mx-auto min-h-[calc(100dvh-4rem)] w-full max-w-6xl flex-1 px-4 py-8">
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
