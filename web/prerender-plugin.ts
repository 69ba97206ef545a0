/**
 * Build step for the first paint of the public pages (decisions 015 and 062).
 *
 * - Renders each page of PRERENDERED_PAGES to HTML with react-dom/server (src/prerender/render-page.tsx,
 *   loaded through a throwaway Vite server in SSR mode): the home page into index.html's #root, the others
 *   into files of their own (`public/guild-members.html`), which `npm start`, Workers' assets and the service
 *   worker's precache all answer for the page's path. A visitor sees the page's frame as soon as the HTML and
 *   the stylesheet have arrived; boot/start.tsx hydrates it when the JavaScript has run.
 * - index.html is also the shell of every other route (the server's and the service worker's SPA fallback).
 *   There, a small inline script empties #root while the page is still parsing, so those routes never show
 *   another page, and loads the app at once, as before. The script is the same in every file, so one
 *   Content-Security-Policy hash covers them all; `<html data-prerendered>` names the page a file holds.
 * - On a prerendered page the app's scripts are requested after the first frame: the page paints without
 *   waiting for them, and the work they start (download, evaluation, hydration) comes after it.
 */

import { dirname, resolve } from "node:path";
import type { OutputBundle, OutputChunk } from "rolldown";
import { createServer, type Plugin } from "vite";

/**
 * The pages rendered at build time and the file each is written to. Pages whose first render reads nothing
 * but the build's brand and year (decision 032) and the empty store: their loading state is what the HTML shows.
 */
export const PRERENDERED_PAGES = [
  { path: "/", file: "index.html", module: null },
  {
    path: "/public/guild-members",
    file: "public/guild-members.html",
    module: "/src/routes/public/guild-members.tsx",
  },
  {
    path: "/public/market-exchange",
    file: "public/market-exchange.html",
    module: "/src/routes/public/market-exchange.tsx",
  },
  {
    path: "/public/salary-calculation",
    file: "public/salary-calculation.html",
    module: "/src/routes/public/salary-calculation.tsx",
  },
] as const;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Which prerendered page each path shows (web/src/router.tsx): / and /public are both the home page. */
const PAGE_OF_PATH: Record<string, string> = {
  "/public": "/",
  "/public/": "/",
  ...Object.fromEntries(PRERENDERED_PAGES.map((page) => [page.path, page.path])),
};

interface RenderedPage {
  html: string;
  title: string | null;
}

interface RenderModule {
  renderPage(path: string): Promise<RenderedPage>;
}

async function renderPages(root: string, define: Record<string, string>): Promise<Map<string, RenderedPage>> {
  const server = await createServer({
    configFile: false,
    root,
    logLevel: "error",
    appType: "custom",
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
    resolve: { tsconfigPaths: true },
    define,
  });
  try {
    const module = (await server.ssrLoadModule("/src/prerender/render-page.tsx")) as RenderModule;
    const pages = new Map<string, RenderedPage>();
    for (const page of PRERENDERED_PAGES) pages.set(page.path, await module.renderPage(page.path));
    return pages;
  } finally {
    await server.close();
  }
}

const SCRIPT_TAG = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;

const DATA_LAYER = "/src/data/data-layer-instance.ts";

/**
 * The stages main.tsx (and boot/start.tsx) import one after another; each gets a chunk of its own. `with`: only
 * the modules `file` shares with that module. The route tree and the data layer (imported side by side by
 * start.tsx) share their common modules in a chunk of their own, so neither chunk imports the other: the
 * browser evaluates each graph in a task of its own instead of both in one long task (decision 062).
 */
const BOOT_STAGES: readonly { name: string; file: string; with?: string }[] = [
  { name: "react-runtime", file: "/src/boot/react-runtime.ts" },
  { name: "start", file: "/src/boot/start.tsx" },
  { name: "app-common", file: "/src/router.tsx", with: DATA_LAYER },
  { name: "routes", file: "/src/router.tsx" },
];
/** Every module the app imports at once on every page: the stages and the data layer's chunk. */
const BOOT_MODULES = [...new Set([...BOOT_STAGES.map((stage) => stage.file), DATA_LAYER])];
/**
 * The chunk names those modules give: a stage's own chunk, the small chunk of the module itself (named by its
 * file: "router" for router.tsx) and the data layer's.
 */
const BOOT_CHUNK_NAMES = new Set([
  ...BOOT_STAGES.map((stage) => stage.name),
  ...BOOT_MODULES.map((file) => (file.split("/").pop() ?? "").replace(/\.tsx?$/, "")),
]);

/** Whether an output file is one of the boot's chunks (`name-hash.js`). */
const BOOT_CHUNK_FILE = new RegExp(`(^|/)(${[...BOOT_CHUNK_NAMES].join("|")})-[\\w-]+\\.js$`);
export function isBootChunk(file: string): boolean {
  return BOOT_CHUNK_FILE.test(file);
}

const PRELOAD_TAG = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The loader that replaces Vite's module script and preload links. Written out by hand: it runs before
 * any bundle, so it stays plain ES5-level JavaScript with no imports.
 */
function loaderScript(
  entry: string,
  preloads: readonly string[],
  pagePreloads: Readonly<Record<string, readonly string[]>>,
): string {
  return `<script>
(function () {
  // Taps on prerendered controls before the app has taken them over, for the app to replay (early-clicks.ts).
  window.__earlyClicks = [];
  document.addEventListener("click", function (event) {
    var control = event.target && event.target.closest && event.target.closest("[data-early-click]");
    if (control && window.__earlyClicks) window.__earlyClicks.push(control.getAttribute("data-early-click"));
  }, true);
  var pages = ${JSON.stringify(PAGE_OF_PATH)};
  var path = location.pathname;
  var held = document.documentElement.getAttribute("data-prerendered");
  var prerendered = held !== null && Object.prototype.hasOwnProperty.call(pages, path) && pages[path] === held;
  if (!prerendered) document.getElementById("root").textContent = "";
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var script = document.createElement("script");
    script.type = "module";
    script.crossOrigin = "";
    script.src = ${JSON.stringify(entry)};
    document.head.appendChild(script);
    // Each request costs the page a millisecond or so to start: a few per task keep every task short. A
    // prerendered page's own chunks come along, or hydrating it would wait for the boot to ask for them.
    var preloads = ${JSON.stringify(preloads)}.concat((prerendered && ${JSON.stringify(pagePreloads)}[held]) || []);
    (function next() {
      preloads.splice(0, 3).forEach(function (href) {
        var link = document.createElement("link");
        link.rel = "modulepreload";
        link.crossOrigin = "";
        link.href = href;
        document.head.appendChild(link);
      });
      if (preloads.length > 0) setTimeout(next, 0);
    })();
  }
  if (prerendered && document.visibilityState === "visible") {
    // After the page has been painted: the first-contentful-paint entry, or the next frame where paint
    // timing is missing.
    var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
    if (types.indexOf("paint") >= 0) {
      new PerformanceObserver(function (list, observer) {
        if (list.getEntriesByName("first-contentful-paint").length === 0) return;
        observer.disconnect();
        setTimeout(start, 0);
      }).observe({ type: "paint", buffered: true });
    } else {
      requestAnimationFrame(function () { setTimeout(start, 0); });
    }
    // A paint that never comes (a tab hidden meanwhile) must not keep the app from starting.
    setTimeout(start, 1000);
  } else {
    start();
  }
})();
</script>`;
}

/** A lazily loaded page's chunks: its own and those it imports, less those the boot fetches anyway. */
function pageChunks(bundle: OutputBundle, module: string, boot: readonly string[]): string[] {
  const chunks = new Map<string, OutputChunk>();
  for (const item of Object.values(bundle)) if (item.type === "chunk") chunks.set(item.fileName, item);
  const page = [...chunks.values()].find((chunk) => chunk.facadeModuleId?.endsWith(module));
  if (!page) throw new Error(`prerender: the build has no chunk for ${module}`);
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = chunks.get(fileName);
    if (!chunk || files.has(fileName)) return;
    files.add(fileName);
    for (const imported of chunk.imports) visit(imported);
  };
  visit(page.fileName);
  return [...files].map((file) => `/${file}`).filter((file) => !boot.includes(file));
}

/**
 * The chunks the app needs to start, fetched together as soon as the loader runs: the entry's static
 * imports, the boot stages main.tsx imports one after another, the data layer, and all they import. Without
 * this each stage's download would wait for the previous stage to finish.
 */
function bootChunks(bundle: OutputBundle, entry: OutputChunk): string[] {
  const chunks = new Map<string, OutputChunk>();
  for (const item of Object.values(bundle)) if (item.type === "chunk") chunks.set(item.fileName, item);
  const files = new Set<string>();
  const visit = (fileName: string) => {
    if (files.has(fileName)) return;
    const chunk = chunks.get(fileName);
    if (!chunk) return;
    files.add(fileName);
    for (const imported of chunk.imports) visit(imported);
    for (const imported of chunk.dynamicImports) {
      const target = chunks.get(imported);
      const module = target?.facadeModuleId;
      if (module && BOOT_MODULES.some((file) => module.endsWith(file))) {
        visit(imported);
      }
    }
  };
  visit(entry.fileName);
  files.delete(entry.fileName);
  return [...files].map((file) => `/${file}`);
}

export function prerenderPages(): Plugin {
  let root = "";
  let define: Record<string, string> = {};
  let pages = new Map<string, RenderedPage>();
  const rootOf = (path: string) => `<div id="root">${pages.get(path)?.html ?? ""}</div>`;
  const marked = (html: string, path: string) =>
    html.replace(
      /<html([^>]*)>/,
      (_tag, attributes: string) => `<html${attributes} data-prerendered="${path}">`,
    );
  return {
    name: "guild-prerender-pages",
    apply: "build",
    configResolved(config) {
      root = config.root;
      // The app's build-time constants (the brand), so the prerender renders what the browser will.
      define = (config.define ?? {}) as Record<string, string>;
    },
    transformIndexHtml: {
      order: "post",
      async handler(html, context) {
        const entry = SCRIPT_TAG.exec(html)?.[1];
        if (!entry || !context.bundle || !context.chunk) {
          throw new Error("prerender: index.html has no module script to defer");
        }
        const preloads = bootChunks(context.bundle, context.chunk);
        const pagePreloads: Record<string, string[]> = {};
        for (const page of PRERENDERED_PAGES) {
          if (!page.module) continue;
          const fetched = [...preloads, `/${context.chunk.fileName}`];
          pagePreloads[page.path] = pageChunks(context.bundle, page.module, fetched);
        }
        pages = await renderPages(root, define);
        const rootTag = '<div id="root"></div>';
        if (!html.includes(rootTag)) throw new Error("prerender: index.html has no empty #root");
        return marked(html, "/")
          .replace(SCRIPT_TAG, "")
          .replace(PRELOAD_TAG, "")
          .replace(rootTag, () => `${rootOf("/")}\n    ${loaderScript(entry, preloads, pagePreloads)}`);
      },
    },
    // Every other page is the finished index.html (after every other step has changed it) with its own
    // content in #root and its own mark.
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        const index = bundle["index.html"];
        if (index?.type !== "asset") throw new Error("prerender: the build has no index.html");
        const html = typeof index.source === "string" ? index.source : new TextDecoder().decode(index.source);
        const home = rootOf("/");
        if (!html.includes(home)) throw new Error("prerender: index.html lost the prerendered home page");
        for (const page of PRERENDERED_PAGES) {
          if (page.path === "/") continue;
          const title = pages.get(page.path)?.title;
          const source = html
            .replace('data-prerendered="/"', `data-prerendered="${page.path}"`)
            .replace(/<title>[^<]*<\/title>/, (tag) => (title ? `<title>${escapeHtml(title)}</title>` : tag))
            .replace(home, () => rootOf(page.path));
          this.emitFile({ type: "asset", fileName: page.file, source });
        }
      },
    },
  };
}

/**
 * Packages whose index re-exports many modules, most of them used only by lazily loaded pages. The boot
 * stages' module sets stop at them: what a stage uses from one is left to the bundler's own chunking.
 */
const ICON_INDEX = /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.m?js$/;
const BARRELS = [/node_modules[\\/]radix-ui[\\/]dist[\\/]index\.m?js$/, ICON_INDEX];

/** The module of each icon lucide-react's index exports: `export { default as Menu } from './icons/menu.mjs'`. */
function iconModules(indexId: string, indexCode: string): Map<string, string> {
  const moduleOf = new Map<string, string>();
  for (const [, names, file] of indexCode.matchAll(/export\s*\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
    for (const name of (names ?? "").split(",")) {
      const exported = name.split(" as ").pop()?.trim();
      if (exported && file) moduleOf.set(exported, resolve(dirname(indexId), file));
    }
  }
  return moduleOf;
}

/** The icon modules that `importerCode` names from lucide-react's index (`import { Menu } from "lucide-react"`). */
function iconsNamedIn(importerCode: string, moduleOf: ReadonlyMap<string, string>): string[] {
  const icons: string[] = [];
  for (const [, names] of importerCode.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g)) {
    for (const name of (names ?? "").split(",")) {
      const file = moduleOf.get(name.split(" as ")[0]?.trim() ?? "");
      if (file) icons.push(file);
    }
  }
  return icons;
}

/** The modules a module needs before it runs: itself and its static imports, recursively. */
function staticClosure(start: string, importsOf: (id: string) => readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id) || BARRELS.some((barrel) => barrel.test(id))) continue;
    seen.add(id);
    stack.push(...importsOf(id));
  }
  return seen;
}

/**
 * One chunk per boot stage (main.tsx). Left to itself the bundler cuts the modules that the app's start
 * shares with lazily loaded pages into dozens of small chunks, each its own request; here every module a
 * stage needs, and no earlier stage has, goes into that stage's chunk. The module sets are worked out once
 * the module graph is known (buildEnd) and read when chunks are formed, which comes after.
 */
export function bootStageChunks(): Plugin {
  const stageOf = new Map<string, string>();
  return {
    name: "guild-boot-stage-chunks",
    apply: "build",
    config: () => ({
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              includeDependenciesRecursively: false,
              groups: BOOT_STAGES.map((stage) => ({
                name: stage.name,
                test: (id: string) => stageOf.get(id) === stage.name,
              })),
            },
          },
        },
      },
    }),
    // V8 compiles a script's functions when they are first called, on the main thread. The boot's chunks
    // call nearly all of theirs at once, so a compile hint at the top has V8 compile them ahead, while the
    // chunk downloads, and the stages' evaluation tasks get shorter. Added last (after Vite puts its
    // preload list at the top), with the source map moved down a line.
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== "chunk" || !BOOT_CHUNK_NAMES.has(chunk.name)) continue;
          chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
        }
      },
    },
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const importsOf = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];
      const find = (suffix: string) => ids.find((id) => id.endsWith(suffix));
      const entry = find("/src/main.tsx");
      if (!entry) return;
      const loaded = staticClosure(entry, importsOf);
      const inBuild = new Set(ids);
      const iconIndex = ids.find((candidate) => ICON_INDEX.test(candidate));
      const iconIndexCode = iconIndex ? this.getModuleInfo(iconIndex)?.code : null;
      const icons =
        iconIndex && iconIndexCode ? iconModules(iconIndex, iconIndexCode) : new Map<string, string>();
      for (const stage of BOOT_STAGES) {
        const id = find(stage.file);
        if (!id) throw new Error(`boot stages: ${stage.file} is not in the build`);
        const members = staticClosure(id, importsOf);
        const other = stage.with && find(stage.with);
        if (stage.with && !other) throw new Error(`boot stages: ${stage.with} is not in the build`);
        if (other) {
          const shared = staticClosure(other, importsOf);
          for (const member of members) if (!shared.has(member)) members.delete(member);
        }
        // The icons the stage's modules name from lucide-react's index belong to the stage as well.
        for (const member of iconIndex ? [...members] : []) {
          if (!importsOf(member).includes(iconIndex as string)) continue;
          for (const icon of iconsNamedIn(this.getModuleInfo(member)?.code ?? "", icons)) {
            if (inBuild.has(icon)) for (const used of staticClosure(icon, importsOf)) members.add(used);
          }
        }
        for (const member of members) {
          if (loaded.has(member)) continue;
          loaded.add(member);
          stageOf.set(member, stage.name);
        }
      }
    },
  };
}
