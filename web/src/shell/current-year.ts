/**
 * The year in the footer's "© {year} {brand}". The home page is prerendered at build time with the build's
 * year; the app's first render repeats that year while it hydrates the page, then shows the current one
 * (decision 032).
 */
import { useSyncExternalStore } from "react";

/** The year the build rendered the prerendered home page with (web/vite.config.ts). */
const BUILD_YEAR: number = Number(import.meta.env.VITE_BUILD_YEAR) || new Date().getFullYear();

const currentYear = () => new Date().getFullYear();
const builtYear = () => BUILD_YEAR;
// A page left open over New Year shows the new year on its next render.
const noSubscription = () => () => {};

export function useCurrentYear(): number {
  return useSyncExternalStore(noSubscription, currentYear, builtYear);
}
