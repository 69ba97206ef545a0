/**
 * A public page as HTML, rendered at build time (web/prerender-plugin.ts) into dist/web: the home page into
 * index.html, the other prerendered pages into files of their own. A visitor sees the page before any
 * JavaScript has arrived; boot/start.tsx then hydrates it (decisions 015 and 062).
 * It renders what the browser's first render shows: no session answer yet and no data read yet.
 */
import { createMemoryHistory } from "@tanstack/react-router";
import { renderToString } from "react-dom/server";
import { createAppRouter, PortalApp } from "../router.tsx";
import { prerenderedTitle } from "../shell/use-document-title.ts";

export interface RenderedPage {
  html: string;
  /** The tab title the page sets (with the build's brand), or null when it sets none. */
  title: string | null;
}

export async function renderPage(path: string): Promise<RenderedPage> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  // Resolves the route, and fetches a lazy page's component, before rendering, as the browser does.
  await router.load();
  prerenderedTitle.current = null;
  const html = renderToString(<PortalApp router={router} />);
  return { html, title: prerenderedTitle.current };
}
