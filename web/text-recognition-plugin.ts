/**
 * The text recognition engine's files, served from the app's own origin (decision 081): tesseract.js's worker
 * script, the tesseract.js-core builds it picks from (WebAssembly with relaxed SIMD, SIMD or neither, LSTM only)
 * and the English LSTM data. The build writes them under /assets/text-recognition-<hash>/, the hash of their
 * contents, so the year-long immutable caching of /assets/ stays true; the dev server serves the same path from
 * node_modules. They stay out of the service worker's precache (about 14 MB the visitor may never need): the
 * worker caches them on first use instead (TEXT_RECOGNITION_RUNTIME_CACHE), so recognition works offline after
 * the first use. web/src/lib/text-recognition reads the folder from import.meta.env.VITE_TEXT_RECOGNITION_DIR.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Plugin } from "vite";

const require = createRequire(import.meta.url);
const tesseractDir = dirname(require.resolve("tesseract.js/package.json"));
const coreDir = dirname(
  createRequire(join(tesseractDir, "package.json")).resolve("tesseract.js-core/package.json"),
);
const dataDir = dirname(require.resolve("@tesseract.js-data/eng/package.json"));

/** The served name of each file and where it comes from. tesseract.js asks for the names it knows. */
const ENGINE_FILES: Readonly<Record<string, string>> = {
  "worker.min.js": join(tesseractDir, "dist", "worker.min.js"),
  "tesseract-core-relaxedsimd-lstm.wasm.js": join(coreDir, "tesseract-core-relaxedsimd-lstm.wasm.js"),
  "tesseract-core-simd-lstm.wasm.js": join(coreDir, "tesseract-core-simd-lstm.wasm.js"),
  "tesseract-core-lstm.wasm.js": join(coreDir, "tesseract-core-lstm.wasm.js"),
  // LSTM only, integer weights of tessdata_best (decision 081 measures it against the standard data).
  "eng.traineddata.gz": join(dataDir, "4.0.0_best_int", "eng.traineddata.gz"),
};

/** Where the folder's files live in the build, for the precache to leave out. */
export const TEXT_RECOGNITION_GLOB = "assets/text-recognition-*/**";

/** The service worker's route for the engine's files: from its own cache once fetched, never the precache. */
export const TEXT_RECOGNITION_RUNTIME_CACHE = {
  urlPattern: /\/assets\/text-recognition-[0-9a-f]+\//,
  handler: "CacheFirst" as const,
  options: {
    cacheName: "text-recognition",
    // Each build's folder has its own hash: keep the newest two (the update prompt may keep an old tab open).
    expiration: { maxEntries: 10 },
    cacheableResponse: { statuses: [200] },
  },
};

function engineFolder(): { path: string; files: Map<string, Buffer> } {
  const files = new Map<string, Buffer>();
  const hash = createHash("sha256");
  for (const [name, source] of Object.entries(ENGINE_FILES)) {
    const content = readFileSync(source);
    files.set(name, content);
    hash.update(name).update(content);
  }
  return { path: `assets/text-recognition-${hash.digest("hex").slice(0, 12)}`, files };
}

export function textRecognitionFiles(): Plugin {
  const folder = engineFolder();
  return {
    name: "guild-text-recognition-files",
    config: () => ({
      define: { "import.meta.env.VITE_TEXT_RECOGNITION_DIR": JSON.stringify(`/${folder.path}/`) },
    }),
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const prefix = `/${folder.path}/`;
        const url = request.url ?? "";
        const content = url.startsWith(prefix) ? folder.files.get(url.slice(prefix.length)) : undefined;
        if (content === undefined) return next();
        response.setHeader(
          "Content-Type",
          url.endsWith(".js") ? "text/javascript" : "application/octet-stream",
        );
        response.end(content);
      });
    },
    generateBundle() {
      for (const [name, source] of folder.files) {
        this.emitFile({ type: "asset", fileName: `${folder.path}/${name}`, source });
      }
    },
  };
}
