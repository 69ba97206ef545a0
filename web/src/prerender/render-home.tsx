/**
 * The home page as HTML, rendered at build time (web/prerender-plugin.ts) into dist/web/index.html, so a
 * visitor sees the page before any JavaScript has arrived; main.tsx then hydrates it (decision 015).
 * It renders what the browser's first render shows: no session answer yet and no data read yet.
 */
import { createMemoryHistory } from "@tanstack/react-router";
import { renderToString } from "react-dom/server";
import { createAppRouter, PortalApp } from "../router.tsx";

export async function renderHome(): Promise<string> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: ["/"] }));
  await router.load();
  return renderToString(<PortalApp router={router} />);
}
