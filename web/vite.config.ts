import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { bootStageChunks, isBootChunk, prerenderPages } from "./prerender-plugin.ts";
import {
  TEXT_RECOGNITION_GLOB,
  TEXT_RECOGNITION_RUNTIME_CACHE,
  textRecognitionFiles,
} from "./text-recognition-plugin.ts";
import { workersHeadersFile } from "./workers-headers-plugin.ts";

const webRoot = fileURLToPath(new URL(".", import.meta.url));
const apiTarget = "http://127.0.0.1:8787";

/**
 * The installed app's name and the first title before the config loads. A manifest is a static file, so
 * they take GUILD_BRAND as it is when the app is built (`npm start` builds with its own environment);
 * pages follow the server's brand at run time (decision 012).
 */
const brand = process.env.GUILD_BRAND?.trim() || "Guild Portal";
const themeColor = "#0f1117";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Fills `%GUILD_BRAND%` in index.html. */
function brandInIndexHtml(): Plugin {
  return {
    name: "guild-brand-html",
    transformIndexHtml: (html) => html.replaceAll("%GUILD_BRAND%", escapeHtml(brand)),
  };
}

/**
 * The year the build renders the footer with. The prerendered home page and the app's hydrating render both
 * read it (shell/current-year.ts), so they agree in any year; the app shows the current year right after.
 */
const buildYear = new Date().getFullYear();

export default defineConfig({
  root: webRoot,
  // The brand and year of the prerendered home page, which the app's first (hydrating) render repeats
  // (decision 032) before it shows the server's brand and the current year.
  define: {
    "import.meta.env.VITE_GUILD_BRAND": JSON.stringify(brand),
    "import.meta.env.VITE_BUILD_YEAR": JSON.stringify(String(buildYear)),
  },
  publicDir: "public",
  // The import aliases (@web/, @shared/) are tsconfig.json's paths, as for tsc, tsx and Vitest.
  resolve: { tsconfigPaths: true },
  build: {
    outDir: "../dist/web",
    emptyOutDir: true,
    target: "es2022",
    // dist/web/.vite/manifest.json: which chunks each route loads (scripts/bench-web.ts reads it).
    manifest: true,
    modulePreload: {
      // index.html's loader already asks for every chunk of the boot (decision 015); Vite's own preloading
      // of them, one selector lookup per chunk against the prerendered page, only costs time.
      resolveDependencies: (file, deps) => (isBootChunk(file) ? [] : deps),
    },
  },
  server: {
    // xfwd keeps the browser's Host in X-Forwarded-Host, so the API's same-origin check accepts proxied writes.
    proxy: { "/_api": { target: apiTarget, xfwd: true } },
  },
  preview: {
    proxy: { "/_api": { target: apiTarget, xfwd: true } },
  },
  plugins: [
    react(),
    tailwindcss(),
    brandInIndexHtml(),
    prerenderPages(),
    bootStageChunks(),
    workersHeadersFile(),
    textRecognitionFiles(),
    VitePWA({
      registerType: "prompt",
      // The app registers the worker itself through workbox-window (features/pwa) to own the update prompt.
      injectRegister: false,
      includeAssets: ["favicon.svg", "icons/apple-touch-icon.png"],
      manifest: {
        id: "/",
        name: brand,
        short_name: brand,
        description: "The guild's roster, market exchange, salaries and boss timers.",
        start_url: "/",
        scope: "/",
        display: "standalone",
        background_color: themeColor,
        theme_color: themeColor,
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      workbox: {
        globPatterns: ["**/*.{js,css,html,svg,png,webmanifest,woff2}"],
        // The text recognition engine (about 14 MB, decision 081) is cached on first use, not installed with the app.
        globIgnores: [TEXT_RECOGNITION_GLOB],
        runtimeCaching: [TEXT_RECOGNITION_RUNTIME_CACHE],
        // Every page of the app opens offline from the precached shell; the data comes from IndexedDB.
        navigateFallback: "/index.html",
        // API calls must reach the network (or fail) — never answer them with the app shell.
        navigateFallbackDenylist: [/^\/_api(\/|$)/],
        // A new worker waits until the user accepts the update prompt; until then the old worker keeps
        // serving the old build's precached chunks, so an open tab never meets a missing chunk.
        skipWaiting: false,
        // The first install has no old worker to wait for: it activates at once and takes the open page,
        // so the very first visit already works offline after one load.
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        // Spawn alerts' push and notificationclick handlers (decision 044): a plain script in public/, loaded
        // by the generated worker, so the precache and the update prompt above stay as they are.
        importScripts: ["/spawn-alerts-sw.js"],
      },
    }),
  ],
});
