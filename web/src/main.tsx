import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "./styles.css";
import { startApp } from "./data/app.ts";
import { startSessionWatch, useSessionStore } from "./features/auth/session-store.ts";
import { loadPublicConfig } from "./features/brand/brand-store.ts";
import { registerServiceWorker } from "./features/pwa/register-service-worker.ts";
import { reloadOnceOnChunkError } from "./features/pwa/reload-once.ts";
import { api } from "./lib/api-client.ts";
import { router } from "./router.tsx";

reloadOnceOnChunkError();
startSessionWatch();
// The data layer's chunk is fetched now, in parallel with the first render (decision 014).
startApp({
  api,
  // undefined while the session is being checked, so admin collections wait for the answer.
  getRole: () => {
    const { session } = useSessionStore.getState();
    return session.status === "loading" ? undefined : (session.user?.role ?? null);
  },
  subscribeSession: useSessionStore.subscribe,
});
void loadPublicConfig();

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("index.html has no #root element");
const root = createRoot(rootElement);
// Resolving the route (and fetching a lazy page's chunk) before the first render lets that render paint the
// page itself rather than an empty frame followed by a second pass.
void router
  .load()
  .catch((error: unknown) => console.error("The first route failed to load", error))
  .finally(() =>
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    ),
  );

registerServiceWorker();
