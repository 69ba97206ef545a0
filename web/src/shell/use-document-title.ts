import { useEffect } from "react";
import { useBrand } from "./brand-store.ts";

/**
 * The title the build's prerender of a page rendered (prerender/render-page.tsx puts it in the page's HTML):
 * effects do not run on the server, and a prerendered page would otherwise wear the app shell's title until
 * the app runs (decision 062).
 */
export const prerenderedTitle: { current: string | null } = { current: null };

/** Sets the tab title; `format` receives the brand, so titles follow it once the config loads. */
export function useDocumentTitle(format: (brand: string) => string): void {
  const brand = useBrand();
  const title = format(brand);
  if (typeof document === "undefined") prerenderedTitle.current = title;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
