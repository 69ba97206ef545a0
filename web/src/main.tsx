/**
 * The app's entry. It boots in stages, each a separate task with a pause between them, so the browser can
 * paint and answer input while the app starts instead of being blocked for one long stretch (decision
 * 015): React first, then the app's modules, then starting them (boot/start.tsx).
 */
import "./lib/zod-without-eval.ts";
import "./styles.css";
import { reloadOnceOnChunkError } from "./features/pwa/reload-once.ts";
import { yieldToBrowser } from "./lib/yield-to-browser.ts";

reloadOnceOnChunkError();
await import("./boot/react-runtime.ts");
await yieldToBrowser();
const { startPortal } = await import("./boot/start.tsx");
await yieldToBrowser();
await startPortal();
