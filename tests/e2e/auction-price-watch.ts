/**
 * How the auction's browser test and `npm run bench:auction-live` time the live feed (decision 095): each phone's
 * page notes, by the machine's clock (the bidder's too), when each price first shows in its headline; the lag of a
 * bid is that moment minus the moment its bidder had the server's acknowledgement. The page's `performance` clock,
 * not `Date`: a test's phone may run `Date` minutes off.
 */
import type { Page } from "playwright-core";
import { percentile } from "../../scripts/bench-stats.ts";

type Watched = Window & { seenPrices?: Record<string, number> };

/**
 * Notes, on a page, when each text of `[data-testid=auction-price]` first shows. A string: a function would carry the
 * name helpers tsx adds to the script's functions, which the page does not have.
 */
const WATCH_PRICES = `(() => {
  if (window.seenPrices) return;
  const seen = {};
  window.seenPrices = seen;
  const look = () => {
    const text = document.querySelector("[data-testid=auction-price]")?.textContent?.trim();
    if (text && !(text in seen)) seen[text] = performance.timeOrigin + performance.now();
  };
  new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
  look();
})()`;

export async function watchPrices(page: Page): Promise<void> {
  await page.evaluate(WATCH_PRICES);
}

/** When `page` first showed the price `text` (epoch ms), waiting for it up to `timeoutMs`. */
export async function seenPriceAt(page: Page, text: string, timeoutMs: number): Promise<number> {
  const handle = await page.waitForFunction((price) => (window as Watched).seenPrices?.[price], text, {
    timeout: timeoutMs,
    polling: 100,
  });
  return (await handle.jsonValue()) as number;
}

/** p50, p95 and max of `lags`, as the reports print them. */
export function lagFigures(lags: readonly number[]): { p50: number; p95: number; max: number } {
  return { p50: percentile(lags, 50), p95: percentile(lags, 95), max: Math.max(...lags) };
}
