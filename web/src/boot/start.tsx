/**
 * Starts the portal: the session check, the data layer, the brand, the first render and the service
 * worker. main.tsx calls it once React is loaded; each step that takes a while ends its task.
 */
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { resolveTimeZone } from "@shared/format/zoned-time.ts";
import { loadAppLayer, startApp } from "../data/lazy-data-layer.ts";
import { registerServiceWorker } from "../features/pwa/register-service-worker.ts";
import { api } from "../lib/api-client.ts";
import { startSessionWatch, useSessionStore } from "../lib/session-store.ts";
import { yieldToBrowser } from "../lib/yield-to-browser.ts";
import { guildNameFollower, loadPublicConfig } from "../shell/brand-store.ts";

export async function startPortal(): Promise<void> {
  startSessionWatch();
  // The data layer's chunk is fetched now, in parallel with the first render (decision 014).
  const dataStarted = startApp({
    api,
    // undefined while the session is being checked, so admin collections wait for the answer.
    getRole: () => {
      const { session } = useSessionStore.getState();
      return session.status === "loading" ? undefined : (session.user?.role ?? null);
    },
    getAccount: () => {
      const { session } = useSessionStore.getState();
      if (session.status === "loading") return undefined;
      return (
        session.user && {
          id: session.user.id,
          email: session.user.email,
          displayName: session.user.displayName,
        }
      );
    },
    getSender: () => {
      const { session } = useSessionStore.getState();
      if (session.status !== "unauthenticated") return session.user ?? undefined;
      return session.removedAccount ?? null;
    },
    subscribeSession: useSessionStore.subscribe,
  });
  void loadPublicConfig();
  // The guild's name follows the synced guild settings, so a rename shows at once on every open app (decision 078).
  loadAppLayer().then(
    (layer) =>
      layer
        .liveQuery(async () => (await layer.readGuildSettings(layer.portalDb()))?.guildName)
        .subscribe({ next: guildNameFollower(), error: () => {} }),
    () => {},
  );

  const rootElement = document.getElementById("root");
  if (!rootElement) throw new Error("index.html has no #root element");
  // The route tree and its pages are the next stage: building the router is a task of its own.
  await yieldToBrowser();
  const { router, PortalApp } = await import("../router.tsx");
  await yieldToBrowser();
  // The first date format loads the browser's time-zone data (several ms on a phone); done here, in a task
  // of its own, it is not part of the first render's ("Last synced").
  resolveTimeZone();
  // Resolving the route (and fetching a lazy page's chunk) before the first render lets that render paint
  // the page itself rather than an empty frame followed by a second pass.
  try {
    await router.load();
  } catch (error) {
    console.error("The first route failed to load", error);
  }
  await yieldToBrowser();
  const app = <PortalApp router={router} />;
  if (rootElement.firstElementChild) {
    // The page arrived prerendered (decisions 015 and 062: the home page in index.html, a few public pages in
    // files of their own), and the loader kept it because it is this path's. Hydrating it as a transition lets
    // React work in slices that leave the page responsive, instead of one long task. `ssr` tells the router
    // to render the tree it rendered for the prerender (no extra Suspense boundary at the top).
    router.ssr = { manifest: undefined };
    startTransition(() => {
      hydrateRoot(rootElement, app);
    });
  } else {
    createRoot(rootElement).render(app);
  }
  registerServiceWorker(dataStarted);
}
