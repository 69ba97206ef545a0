/**
 * The route tree, code-based and typed. Every page's component is loaded lazily, so a public page
 * downloads only its own code; only the frame (root, public layout, Not Found) and the home page come with
 * the tree, in the boot's "routes" stage. Home is the installed app's start page and the most visited: it
 * paints with the first render instead of after a second round trip (decisions 014 and 015).
 *
 * A page's file is named after its URL: /public/guild-members is routes/public/guild-members.tsx, /admin is
 * routes/admin.tsx, / (and /public) is routes/home.tsx. Files without a URL are the frames (root-layout,
 * admin-area) and not-found (decision 020).
 */
import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  type RouterHistory,
  RouterProvider,
  redirect,
} from "@tanstack/react-router";
import { StrictMode } from "react";
import { PageSkeleton } from "./components/page-skeleton.tsx";
import type { RecordRaidSearch } from "./features/record-raid/record-raid-model.ts";
import { RouteError } from "./routes/-components/route-error.tsx";
import { HomePage } from "./routes/home.tsx";
import { NotFoundPage } from "./routes/not-found.tsx";
import { RootLayout } from "./routes/root-layout.tsx";
import { PublicLayout } from "./shell/public-layout.tsx";
import type { SignedInPage } from "./signed-in-pages.ts";

/**
 * A signed-in page (My page, the admin area), loaded through the lazily loaded table of signed-in-pages.ts: the
 * entry carries one import for all of them instead of one per page (decision 074).
 */
function signedInPage(page: SignedInPage) {
  return lazyRouteComponent(async () => ({
    default: await (await import("./signed-in-pages.ts")).signedInPages[page](),
  }));
}

const rootRoute = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  // The browser wraps the root match in a Suspense boundary; the build's prerender must render the same
  // boundary, or hydrating the prerendered home page fails (decision 015).
  wrapInSuspense: true,
});

const publicLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "public-layout",
  component: PublicLayout,
});

const publicRoutes = [
  createRoute({ getParentRoute: () => publicLayoutRoute, path: "/", component: HomePage }),
  createRoute({ getParentRoute: () => publicLayoutRoute, path: "/public", component: HomePage }),
  createRoute({
    getParentRoute: () => publicLayoutRoute,
    path: "/login",
    // Where to go back to after the login; the login page takes it only when it is a path of ours (decision 072).
    // `error`: why a Discord sign-in was refused (decision 070).
    validateSearch: (search: Record<string, unknown>): { next?: string; error?: string } =>
      Object.fromEntries(
        Object.entries(search).filter(([k, v]) => (k === "next" || k === "error") && typeof v === "string"),
      ),
    component: lazyRouteComponent(() => import("./routes/login.tsx"), "LoginPage"),
  }),
  createRoute({
    getParentRoute: () => publicLayoutRoute,
    path: "/boss-timers",
    component: lazyRouteComponent(() => import("./routes/boss-timers.tsx"), "BossTimersPage"),
  }),
  createRoute({
    getParentRoute: () => publicLayoutRoute,
    path: "/public/guild-members",
    component: lazyRouteComponent(
      () => import("./routes/public/guild-members.tsx"),
      "PublicGuildMembersPage",
    ),
  }),
  createRoute({
    getParentRoute: () => publicLayoutRoute,
    path: "/public/market-exchange",
    component: lazyRouteComponent(
      () => import("./routes/public/market-exchange.tsx"),
      "PublicMarketExchangePage",
    ),
  }),
  createRoute({
    getParentRoute: () => publicLayoutRoute,
    path: "/public/salary-calculation",
    component: lazyRouteComponent(
      () => import("./routes/public/salary-calculation.tsx"),
      "PublicSalaryCalculationPage",
    ),
  }),
  createRoute({ getParentRoute: () => publicLayoutRoute, path: "/me", component: signedInPage("/me") }),
  createRoute({
    getParentRoute: () => publicLayoutRoute,
    path: "/me/earnings",
    component: signedInPage("/me/earnings"),
  }),
  createRoute({
    getParentRoute: () => publicLayoutRoute,
    path: "/me/claim",
    component: signedInPage("/me/claim"),
  }),
  // The auctions a raider bids on (decision 092).
  createRoute({
    getParentRoute: () => publicLayoutRoute,
    path: "/me/auctions",
    component: signedInPage("/me/auctions"),
  }),
  createRoute({
    getParentRoute: () => publicLayoutRoute,
    path: "/me/auctions/$id",
    component: signedInPage("/me/auctions/$id"),
  }),
  // What a check-in's QR code opens (decision 080); a visitor logs in first and comes back.
  createRoute({
    getParentRoute: () => publicLayoutRoute,
    path: "/check-in/$code",
    component: signedInPage("/check-in/$code"),
  }),
] as const;

const adminAreaRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "admin-area",
  component: signedInPage("admin-area"),
});

const adminRoutes = [
  createRoute({ getParentRoute: () => adminAreaRoute, path: "/admin", component: signedInPage("/admin") }),
  createRoute({
    getParentRoute: () => adminAreaRoute,
    path: "/admin/attendance",
    component: signedInPage("/admin/attendance"),
  }),
  createRoute({
    getParentRoute: () => adminAreaRoute,
    path: "/admin/record-raid",
    // A check-in closed into Record a raid fills the raid in (decision 080).
    // Checked by the page (its chunk, not the entry's): a boss, a day and names to start from.
    validateSearch: (search: Record<string, unknown>): RecordRaidSearch => search,
    component: signedInPage("/admin/record-raid"),
  }),
  createRoute({
    getParentRoute: () => adminAreaRoute,
    path: "/admin/check-ins",
    component: signedInPage("/admin/check-ins"),
  }),
  createRoute({
    getParentRoute: () => adminAreaRoute,
    path: "/admin/check-ins/$id",
    component: signedInPage("/admin/check-ins/$id"),
  }),
  createRoute({
    getParentRoute: () => adminAreaRoute,
    path: "/admin/auctions",
    component: signedInPage("/admin/auctions"),
  }),
  createRoute({
    getParentRoute: () => adminAreaRoute,
    path: "/admin/auctions/$id",
    component: signedInPage("/admin/auctions/$id"),
  }),
  createRoute({
    getParentRoute: () => adminAreaRoute,
    path: "/admin/boss-names",
    component: signedInPage("/admin/boss-names"),
  }),
  createRoute({
    getParentRoute: () => adminAreaRoute,
    path: "/admin/boss-timers",
    component: signedInPage("/admin/boss-timers"),
  }),
  createRoute({
    getParentRoute: () => adminAreaRoute,
    path: "/admin/guild-settings",
    component: signedInPage("/admin/guild-settings"),
  }),
  createRoute({
    getParentRoute: () => adminAreaRoute,
    path: "/admin/backup",
    component: signedInPage("/admin/backup"),
  }),
  createRoute({
    getParentRoute: () => adminAreaRoute,
    path: "/admin/import",
    component: signedInPage("/admin/import"),
  }),
  createRoute({
    getParentRoute: () => adminAreaRoute,
    path: "/admin/sql-export",
    component: signedInPage("/admin/sql-export"),
  }),
  // Data Migration was split into Import and SQL Export (decision 089): old links and bookmarks open the import,
  // which every account that opened Data Migration may use.
  createRoute({
    getParentRoute: () => adminAreaRoute,
    path: "/admin/data-migration",
    beforeLoad: () => {
      throw redirect({ to: "/admin/import", replace: true });
    },
  }),
  createRoute({
    getParentRoute: () => adminAreaRoute,
    path: "/admin/database-setup",
    component: signedInPage("/admin/database-setup"),
  }),
  createRoute({
    getParentRoute: () => adminAreaRoute,
    path: "/admin/fix-participants",
    component: signedInPage("/admin/fix-participants"),
  }),
  createRoute({
    getParentRoute: () => adminAreaRoute,
    path: "/admin/claims",
    component: signedInPage("/admin/claims"),
  }),
  createRoute({
    getParentRoute: () => adminAreaRoute,
    path: "/admin/characters",
    component: signedInPage("/admin/characters"),
  }),
  createRoute({
    getParentRoute: () => adminAreaRoute,
    path: "/admin/accounts",
    component: signedInPage("/admin/accounts"),
  }),
  createRoute({
    getParentRoute: () => adminAreaRoute,
    path: "/admin/discord",
    component: signedInPage("/admin/discord"),
  }),
  createRoute({
    getParentRoute: () => adminAreaRoute,
    path: "/admin/payouts",
    component: signedInPage("/admin/payouts"),
  }),
  createRoute({
    getParentRoute: () => adminAreaRoute,
    path: "/admin/audit-log",
    component: signedInPage("/admin/audit-log"),
  }),
  createRoute({
    getParentRoute: () => adminAreaRoute,
    path: "/guild-members",
    component: signedInPage("/guild-members"),
  }),
  createRoute({
    getParentRoute: () => adminAreaRoute,
    path: "/market-exchange",
    component: signedInPage("/market-exchange"),
  }),
  createRoute({
    getParentRoute: () => adminAreaRoute,
    path: "/guild-funds",
    component: signedInPage("/guild-funds"),
  }),
] as const;

const routeTree = rootRoute.addChildren([
  publicLayoutRoute.addChildren(publicRoutes),
  adminAreaRoute.addChildren(adminRoutes),
]);

/** The app's router; the build's prerender (prerender/render-home.tsx) passes a memory history. */
export function createAppRouter(history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    // Unknown paths anywhere (even under /admin) get the one public Not Found page (docs/product.md#not-found).
    notFoundMode: "root",
    defaultPreload: "intent",
    defaultPendingComponent: () => <PageSkeleton />,
    defaultErrorComponent: RouteError,
    scrollRestoration: true,
  });
}

export const router = createAppRouter();

/**
 * The app as the build's prerender renders it and as the browser renders or hydrates it: hydration needs
 * the two trees to be the same, so both use this one.
 */
export function PortalApp({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
}

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}
