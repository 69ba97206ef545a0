/**
 * The Worker as Cloudflare runs it, on Node for tests and benchmarks: the bundle `wrangler deploy` uploads
 * (built with `--dry-run`), run in workerd by Miniflare with wrangler.toml's compatibility settings and the
 * bindings given. Only /_api, unless `assets` is set: then Miniflare also serves dist/web as wrangler.toml's
 * `[assets]` configure it, the way `wrangler dev` does (routing, the ASSETS binding, the `_headers` file).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Miniflare } from "miniflare";
import { ensureWebBuild } from "../node/ensure-web-build.ts";

const repoRoot = join(import.meta.dirname, "..", "..");

export interface WorkerBundle {
  /** The bundled entry module (esbuild output of worker/cloudflare/entry.ts). */
  script: string;
  dispose(): void;
}

/** Bundles the Worker with wrangler, as `npm run deploy` does (which needs dist/web for its assets). */
export function bundleWorker(): WorkerBundle {
  ensureWebBuild(repoRoot);
  const outDir = mkdtempSync(join(tmpdir(), "guild-worker-"));
  const result = spawnSync(
    process.execPath,
    [
      join(repoRoot, "node_modules", "wrangler", "bin", "wrangler.js"),
      "deploy",
      "--dry-run",
      "--outdir",
      outDir,
    ],
    {
      cwd: repoRoot,
      encoding: "utf8",
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
    },
  );
  if (result.status !== 0) {
    rmSync(outDir, { recursive: true, force: true });
    throw new Error(`wrangler could not bundle the Worker:\n${result.stdout}\n${result.stderr}`);
  }
  return {
    script: join(outDir, "entry.js"),
    dispose: () => rmSync(outDir, { recursive: true, force: true }),
  };
}

/** A top-level wrangler.toml setting whose value is also JSON (a quoted string, an array of strings). */
function wranglerSetting<T>(key: string): T {
  const toml = readFileSync(join(repoRoot, "wrangler.toml"), "utf8");
  const match = new RegExp(`^${key}\\s*=\\s*(.+)$`, "m").exec(toml);
  if (!match?.[1]) throw new Error(`wrangler.toml has no ${key}`);
  return JSON.parse(match[1].trim()) as T;
}

export interface WorkerBindings {
  /** Plain-text vars and secrets (AUTH_PEPPER, DATABASE_URL, NEON_WS_PROXY, GUILD_BRAND...). */
  vars: Record<string, string>;
  /** A Hyperdrive binding named HYPERDRIVE; locally it connects straight to this URL, unpooled. */
  hyperdrive?: string;
  /** Serve dist/web in front of the Worker, as wrangler.toml's `[assets]` say. */
  assets?: boolean;
}

/** wrangler.toml's Durable Object bindings (the live feed's GUILD_FEED), as wrangler gives them to `wrangler dev`. */
async function wranglerDurableObjects() {
  const { unstable_getMiniflareWorkerOptions } = await import("wrangler");
  const { durableObjects } = unstable_getMiniflareWorkerOptions(
    join(repoRoot, "wrangler.toml"),
  ).workerOptions;
  return durableObjects ? { durableObjects } : {};
}

/** wrangler.toml's `[assets]` as wrangler itself turns them into Miniflare options for `wrangler dev`. */
async function wranglerAssets() {
  const { unstable_getMiniflareWorkerOptions } = await import("wrangler");
  const { assets } = unstable_getMiniflareWorkerOptions(join(repoRoot, "wrangler.toml")).workerOptions;
  if (!assets) throw new Error("wrangler.toml has no [assets]");
  return { assets };
}

export interface RunningWorker {
  /** Where workerd listens on loopback (http://127.0.0.1:port), for a browser. */
  origin: string;
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** The same with a whole URL, so a TestClient (worker/test/api-client.ts) can drive the Worker. */
  request(url: string, init?: RequestInit): Promise<Response>;
  /** Fires a Cron Trigger's scheduled event, as the platform does; answers its outcome ("ok", "exception"). */
  scheduled(options?: { cron?: string; scheduledTime?: Date }): Promise<{ outcome: string }>;
  dispose(): Promise<void>;
}

/** The part of Miniflare's Worker handle that fires a scheduled event. */
interface ScheduledTarget {
  scheduled(options: { cron: string; scheduledTime: Date }): Promise<{ outcome: string }>;
}

export async function startWorker(bundle: WorkerBundle, bindings: WorkerBindings): Promise<RunningWorker> {
  const mf = new Miniflare({
    modules: true,
    scriptPath: bundle.script,
    modulesRoot: dirname(bundle.script),
    compatibilityDate: wranglerSetting<string>("compatibility_date"),
    compatibilityFlags: wranglerSetting<string[]>("compatibility_flags"),
    bindings: bindings.vars,
    ...(await wranglerDurableObjects()),
    ...(bindings.hyperdrive ? { hyperdrives: { HYPERDRIVE: bindings.hyperdrive } } : {}),
    ...(bindings.assets ? await wranglerAssets() : {}),
  });
  const entry = await mf.ready;
  const request = async (url: string, init?: RequestInit) =>
    (await mf.dispatchFetch(url, init as never)) as unknown as Response;
  return {
    origin: entry.origin,
    fetch: (path, init) => request(`http://localhost${path}`, init),
    request,
    scheduled: async ({ cron = "* * * * *", scheduledTime = new Date() } = {}) => {
      // Miniflare's Fetcher type comes from @cloudflare/workers-types, which this project does not install.
      const worker = (await mf.getWorker()) as unknown as ScheduledTarget;
      return worker.scheduled({ cron, scheduledTime });
    },
    dispose: () => mf.dispose(),
  };
}
