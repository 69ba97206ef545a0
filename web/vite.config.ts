import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";

const webRoot = fileURLToPath(new URL(".", import.meta.url));
const apiTarget = "http://127.0.0.1:8787";

export default defineConfig({
  root: webRoot,
  publicDir: "public",
  build: {
    outDir: "../dist/web",
    emptyOutDir: true,
    target: "es2022",
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
    VitePWA({
      registerType: "prompt",
      // The app registers the worker itself through workbox-window (features/pwa) to own the update prompt.
      injectRegister: false,
      includeAssets: ["favicon.svg", "icons/apple-touch-icon.png"],
      manifest: {
        name: "Guild Portal",
        short_name: "Guild Portal",
        description: "The guild's roster, market exchange, salaries and boss timers.",
        start_url: "/",
        scope: "/",
        display: "standalone",
        background_color: "#0f1117",
        theme_color: "#0f1117",
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      workbox: {
        globPatterns: ["**/*.{js,css,html,svg,png,webmanifest,woff2}"],
        navigateFallback: "/index.html",
        // API calls must reach the network (or fail) — never answer them with the app shell.
        navigateFallbackDenylist: [/^\/_api(\/|$)/],
        // A new worker waits until the user accepts the update prompt; until then the old worker keeps
        // serving the old build's precached chunks, so an open tab never meets a missing chunk.
        skipWaiting: false,
        clientsClaim: true,
        cleanupOutdatedCaches: true,
      },
    }),
  ],
});
