import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "./styles.css";
import { startSessionWatch } from "./features/auth/session-store.ts";
import { loadPublicConfig } from "./features/brand/brand-store.ts";
import { registerServiceWorker } from "./features/pwa/register-service-worker.ts";
import { reloadOnceOnChunkError } from "./features/pwa/reload-once.ts";
import { router } from "./router.tsx";

reloadOnceOnChunkError();
startSessionWatch();
void loadPublicConfig();

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("index.html has no #root element");
createRoot(rootElement).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);

registerServiceWorker();
