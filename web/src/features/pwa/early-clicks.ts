/**
 * The prerendered home page (decision 015) shows its controls before the app's code has run. The loader in
 * index.html records taps on elements marked `data-early-click="name"` until then; the control asks here,
 * once it is live, whether it was tapped, and acts on it. The first question ends the recording: from then
 * on React handles every tap itself.
 */
declare global {
  interface Window {
    __earlyClicks?: string[];
  }
}

export function takeEarlyClick(name: string): boolean {
  const clicks = typeof window === "undefined" ? undefined : window.__earlyClicks;
  if (clicks === undefined) return false;
  window.__earlyClicks = undefined;
  return clicks.includes(name);
}
