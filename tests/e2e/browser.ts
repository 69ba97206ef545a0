/**
 * The browser fixture for screen tests: a portal (`npm start` with the sample data and a known admin), this vitest
 * worker's Debian Chromium driven by playwright-core (never a downloaded browser), a login helper per role and
 * screenshots at phone and desktop size for a person to look at (SCREENSHOTS=1, `npm run screenshots`).
 *
 *   const portal = await sharedBrowserPortal();        // in beforeAll; startBrowserPortal({ env }) for one of its own
 *   const page = await portal.newPage();
 *   await portal.login(page, "user");
 *   await page.goto(portal.url("/boss-timers"));
 *   await screenshot(page, "boss-timers-user");
 *   await portal.stop();                               // in afterAll
 */
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Download,
  type Page,
  type Route,
} from "playwright-core";
import superjson from "superjson";
import { onTestFinished } from "vitest";
import { freePort, type PortalProcess, repoRoot, startPortal, waitForOutput } from "./portal-process.ts";
import { askSharedServices, SHARED_SERVICES_ENV, workerPoolId } from "./shared-services.ts";

export const CHROMIUM_PATH = "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export const ADMIN = { email: "admin@e2e.test", password: "e2e-admin-password-1" } as const;
export const USER = {
  email: "raider@e2e.test",
  password: "e2e-user-password-1",
  displayName: "Raider",
} as const;
export const E2E_BRAND = "Iron Vanguard";
const AUTH_PEPPER = "e2e-pepper-0123456789abcdef";

export const DESKTOP = { width: 1280, height: 900 } as const;
export const PHONE = { width: 390, height: 844 } as const;
export const SCREENSHOT_DIR = join(repoRoot, "test-output", "screenshots");

export type Role = "admin" | "user";

/* ------------------------------------------------------------------------------------------------ */
/* The web build                                                                                     */
/* ------------------------------------------------------------------------------------------------ */

const WEB_DIR = join(repoRoot, "dist", "web");
const BUILD_INPUTS = ["web", "shared", "package.json", "package-lock.json"];
const LOCK_DIR = join(repoRoot, "dist", ".e2e-build-lock");
const LOCK_STALE_MS = 5 * 60 * 1000;

/** The newest modification time under `path` (node_modules and dot entries left out), 0 when it is missing. */
export function newestMtime(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

function builtBrand(): string | null {
  try {
    return (
      (JSON.parse(readFileSync(join(WEB_DIR, "manifest.webmanifest"), "utf8")) as { name?: string }).name ??
      null
    );
  } catch {
    return null;
  }
}

/**
 * dist/web is older than its sources, missing, or built for another brand (the manifest takes GUILD_BRAND at
 * build time): `npm start` would serve something else than the tests expect.
 */
/**
 * When the last successful build started (ms). Sources are compared with the start, not with the output's
 * mtime: a file saved while a build ran is newer than the start but older than the output.
 */
const BUILD_STARTED_FILE = join(repoRoot, "dist", ".web-build-started");

function webBuildIsStale(): boolean {
  const hasOutput = statSync(join(WEB_DIR, "sw.js"), { throwIfNoEntry: false }) !== undefined;
  const started =
    hasOutput && existsSync(BUILD_STARTED_FILE) ? Number(readFileSync(BUILD_STARTED_FILE, "utf8")) : 0;
  const source = Math.max(...BUILD_INPUTS.map((p) => newestMtime(join(repoRoot, p))));
  return !(started > 0) || source >= started || builtBrand() !== E2E_BRAND;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function acquireBuildLock(): Promise<void> {
  const deadline = Date.now() + LOCK_STALE_MS;
  for (;;) {
    try {
      mkdirSync(LOCK_DIR, { recursive: false });
      writeFileSync(join(LOCK_DIR, "pid"), String(process.pid));
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const age = Date.now() - (statSync(LOCK_DIR, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > LOCK_STALE_MS || Date.now() > deadline) rmSync(LOCK_DIR, { recursive: true, force: true });
    await sleep(250);
  }
}

/**
 * `npm start` builds the web app only when dist/web is missing, so a test run would otherwise check an old
 * build. Rebuilds when a source is newer; the lock keeps test files that start together from building over
 * each other.
 */
export async function ensureFreshWebBuild(): Promise<void> {
  mkdirSync(join(repoRoot, "dist"), { recursive: true });
  if (!webBuildIsStale()) return;
  await acquireBuildLock();
  try {
    if (!webBuildIsStale()) return;
    const startedAt = Date.now();
    const result = spawnSync(
      process.execPath,
      [
        join(repoRoot, "node_modules", "vite", "bin", "vite.js"),
        "build",
        "--config",
        "web/vite.config.ts",
        "--logLevel",
        "warn",
      ],
      // Vitest sets NODE_ENV=test, which would give a development build of React.
      {
        cwd: repoRoot,
        encoding: "utf8",
        env: { ...process.env, NODE_ENV: "production", GUILD_BRAND: E2E_BRAND },
      },
    );
    if (result.status !== 0) throw new Error(`The web build failed:\n${result.stdout}\n${result.stderr}`);
    writeFileSync(BUILD_STARTED_FILE, String(startedAt));
  } finally {
    rmSync(LOCK_DIR, { recursive: true, force: true });
  }
}

/* ------------------------------------------------------------------------------------------------ */
/* Chromium                                                                                          */
/* ------------------------------------------------------------------------------------------------ */

const CHROMIUM_MISSING = "Debian Chromium is missing: apt-get install -y chromium";

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(CHROMIUM_MISSING);
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** A Chromium that clients connect to (chromium.connect): one per vitest worker, kept by the run's global setup. */
export async function launchChromiumServer() {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(CHROMIUM_MISSING);
  return chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * This vitest worker's Chromium, connected to (decision 063): a file opens browser contexts of its own in it instead
 * of starting a browser. Outside a test run, one launched for the caller.
 */
export async function workerChromium(): Promise<Browser> {
  const shared = await askSharedServices<{ wsEndpoint: string }>(`/chromium/${workerPoolId()}`);
  return shared ? chromium.connect(shared.wsEndpoint) : launchChromium();
}

/** A download's content: a Chromium connected over a socket keeps no file path on the test's side. */
export async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}

/* ------------------------------------------------------------------------------------------------ */
/* The API, as a script (not the page) calls it                                                      */
/* ------------------------------------------------------------------------------------------------ */

export interface ApiAnswer<T> {
  status: number;
  /** The superjson-decoded answer, or the plain `{ error }` of a failure. */
  body: T;
}

/** A cookie jar of one: enough for one logged-in account. */
export interface ApiSession {
  get<T = unknown>(path: string): Promise<ApiAnswer<T>>;
  post<T = unknown>(path: string, body?: unknown): Promise<ApiAnswer<T>>;
  put<T = unknown>(path: string, body: unknown): Promise<ApiAnswer<T>>;
}

async function decode<T>(response: Response): Promise<ApiAnswer<T>> {
  const text = await response.text();
  let body: unknown = text;
  try {
    const parsed = JSON.parse(text) as unknown;
    body =
      parsed && typeof parsed === "object" && "json" in parsed
        ? superjson.deserialize(parsed as Parameters<typeof superjson.deserialize>[0])
        : parsed;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: body as T };
}

export async function apiLogin(baseUrl: string, email: string, password: string): Promise<ApiSession> {
  const res = await fetch(`${baseUrl}/_api/auth/login_with_password`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login as ${email} answered ${res.status}: ${await res.text()}`);
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0] as string;
  const send = async <T>(method: "POST" | "PUT", path: string, body: unknown) =>
    decode<T>(
      await fetch(`${baseUrl}/_api${path}`, {
        method,
        headers: { cookie, "content-type": "application/json" },
        body: superjson.stringify(body),
      }),
    );
  return {
    get: async (path) => decode(await fetch(`${baseUrl}/_api${path}`, { headers: { cookie } })),
    post: <T>(path: string, body: unknown = {}) => send<T>("POST", path, body),
    put: <T>(path: string, body: unknown) => send<T>("PUT", path, body),
  };
}

/* ------------------------------------------------------------------------------------------------ */
/* The portal in a browser                                                                           */
/* ------------------------------------------------------------------------------------------------ */

export interface BrowserPortal {
  baseUrl: string;
  /**
   * The fake Discord the portal signs in with (DISCORD_OAUTH_TEST_ORIGIN, decision 070): the run's, for the shared
   * portal; null for a portal of the file's own unless its env named one.
   */
  fakeDiscord: string | null;
  /** This vitest worker's Chromium; the file's pages live in browser contexts of its own. */
  browser: Browser;
  url(path: string): string;
  /**
   * A fresh browser profile (cookies, storage), desktop-sized unless told otherwise; with the app's service worker
   * only when asked (`serviceWorkers: "allow"`).
   */
  newContext(options?: BrowserContextOptions, lasts?: ContextLifetime): Promise<BrowserContext>;
  /** A page in a fresh context. */
  newPage(options?: BrowserContextOptions, lasts?: ContextLifetime): Promise<Page>;
  /**
   * Logs the page's context in as the env admin or as a `user` account (created once through
   * POST /_api/admin/accounts). Sets the session cookie only; navigate (or reload) afterwards.
   */
  login(page: Page, role: Role): Promise<void>;
  /** The admin's API session, for arranging data and checking what reached the server. */
  adminApi(): Promise<ApiSession>;
  /** Closes the file's browser contexts, and stops the portal if it is the file's own. */
  stop(): Promise<void>;
}

/** A portal of the file's own (startBrowserPortal): the file may stop its process and start it again. */
export interface OwnBrowserPortal extends BrowserPortal {
  process: PortalProcess;
}

/**
 * How long a context lives: "test" closes one a test opened when that test ends (one opened in a beforeAll hook
 * lives as long as the file); "file" keeps it for the file's later tests, which reuse its page.
 */
export type ContextLifetime = "test" | "file";

/** Whether the file's contexts get the app's service worker unless a context says otherwise. */
export interface ContextDefaults {
  /** "allow" for a file about offline use, the precache or push; "block" (the default) for the others. */
  serviceWorkers?: "allow" | "block";
}

export interface StartOptions extends ContextDefaults {
  /** Extra environment for `npm start` (GUILD_TIMEZONE, ...). */
  env?: Record<string, string>;
}

/**
 * Names a DATA_DIR that the e2e project's global setup left as a browser portal's first start leaves it
 * (migrated, the sample data, the admin): a portal starts from a copy of it, about 2.5 s sooner than from an
 * empty directory. Unset (a benchmark, one file run by hand), every portal starts empty.
 */
export const PORTAL_TEMPLATE_ENV = "E2E_PORTAL_TEMPLATE";
/** Settings the first start writes into the database: a portal given any of them starts from empty. */
const FIRST_START_SETTINGS = [
  "DATA_DIR",
  "DATABASE_URL",
  "SEED_SAMPLE_DATA",
  "ADMIN_EMAIL",
  "ADMIN_PASSWORD",
];

function browserPortalEnv(dataDir: string, port: number, more: Record<string, string> = {}) {
  return {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    AUTH_PEPPER,
    GUILD_BRAND: E2E_BRAND,
    GUILD_TIMEZONE: "",
    SEED_SAMPLE_DATA: "true",
    ...more,
  };
}

const RUNNING = /is running at http:\/\/127\.0\.0\.1:\d+/;

/** Starts and stops a browser portal on the empty `dataDir`, leaving what its first start made (global setup). */
export async function preparePortalTemplate(dataDir: string): Promise<void> {
  const portal = startPortal(browserPortalEnv(dataDir, await freePort()));
  try {
    await waitForOutput(portal, RUNNING);
  } finally {
    await portal.stop();
  }
  // The scheduler's first run may have written the day's backup: every portal makes its own.
  rmSync(join(dataDir, "backups"), { recursive: true, force: true });
}

export interface LaunchedPortal {
  process: PortalProcess;
  baseUrl: string;
  /** Ends the process and deletes its DATA_DIR. */
  remove(): Promise<void>;
}

/** `npm start` as a browser portal on a DATA_DIR of its own (a copy of the template when it can), once it answers. */
export async function launchPortal(env: Record<string, string> = {}): Promise<LaunchedPortal> {
  const dataDir = mkdtempSync(join(tmpdir(), "portal-browser-"));
  const template = process.env[PORTAL_TEMPLATE_ENV];
  if (template && existsSync(template) && !FIRST_START_SETTINGS.some((key) => key in env)) {
    cpSync(template, dataDir, { recursive: true });
  }
  // Another process on a busy machine may take the free port before `npm start` binds it: then another port.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const portal = startPortal(browserPortalEnv(dataDir, port, env));
    // Its DATA_DIR goes next: no need to wait for the database's closing checkpoint (the graceful stop is tested
    // in quickstart and data-dir).
    const remove = async () => {
      await portal.crash();
      rmSync(dataDir, { recursive: true, force: true });
    };
    try {
      await waitForOutput(portal, RUNNING);
      return { process: portal, baseUrl: `http://127.0.0.1:${port}`, remove };
    } catch (error) {
      if (attempt < 3 && /already in use/.test(portal.output())) {
        await portal.crash();
        continue;
      }
      await remove();
      throw error;
    }
  }
}

/**
 * Contexts opened without a service worker, the fixture's default (decision 063): installing one precaches the
 * whole build in every fresh profile, which was a quarter of a browser test's CPU. A test of offline use, the
 * precache or push opens its context with `{ serviceWorkers: "allow" }`; the helpers that need one say so at once
 * on a context without it instead of waiting 30 s for a controller that never comes.
 */
const withoutServiceWorker = new WeakSet<BrowserContext>();

function needsServiceWorker(context: BrowserContext, what: string): void {
  if (withoutServiceWorker.has(context))
    throw new Error(`${what} needs a service worker: open the context with { serviceWorkers: "allow" }`);
}

/**
 * A context a test opens is closed when that test ends (decision 063): an app left running in it (its countdowns,
 * live feed and sync) kept using the CPU the next tests measure, up to 30 pages in a file. One opened in a
 * beforeAll hook is the file's, closed by stop().
 */
function closeWhenTestEnds(context: BrowserContext): void {
  try {
    onTestFinished(() => context.close().catch(() => {}));
  } catch {
    // Not inside a test: the file's own context.
  }
}

/** The browser side of a portal: the file's contexts in this worker's Chromium, logins and the admin's API. */
function browserPortal(
  baseUrl: string,
  browser: Browser,
  release: () => Promise<void>,
  defaults: ContextDefaults,
  fakeDiscord: string | null = null,
): BrowserPortal {
  const contexts: BrowserContext[] = [];
  let admin: Promise<ApiSession> | undefined;
  let userAccount: Promise<void> | undefined;

  const adminApi = () => {
    admin ??= apiLogin(baseUrl, ADMIN.email, ADMIN.password);
    return admin;
  };
  const ensureUserAccount = () => {
    userAccount ??= (async () => {
      const res = await (await adminApi()).post("/admin/accounts", {
        email: USER.email,
        displayName: USER.displayName,
        role: "user",
        password: USER.password,
      });
      if (res.status !== 201)
        throw new Error(`creating the user account answered ${res.status}: ${JSON.stringify(res.body)}`);
    })();
    return userAccount;
  };

  const newContext = async (contextOptions: BrowserContextOptions = {}, lasts: ContextLifetime = "test") => {
    const options = {
      viewport: DESKTOP,
      serviceWorkers: defaults.serviceWorkers ?? "block",
      ...contextOptions,
    };
    const context = await browser.newContext(options);
    if (options.serviceWorkers === "block") withoutServiceWorker.add(context);
    contexts.push(context);
    if (lasts === "test") closeWhenTestEnds(context);
    return context;
  };

  return {
    baseUrl,
    fakeDiscord,
    browser,
    url: (path) => `${baseUrl}${path}`,
    newContext,
    newPage: async (contextOptions, lasts) => (await newContext(contextOptions, lasts)).newPage(),
    async login(page, role) {
      if (role === "user") await ensureUserAccount();
      const account = role === "admin" ? ADMIN : USER;
      // The page's own request context shares its cookie jar, so the app sees the session.
      const res = await page.request.post(`${baseUrl}/_api/auth/login_with_password`, {
        data: { email: account.email, password: account.password },
      });
      if (res.status() !== 200)
        throw new Error(`login as ${role} answered ${res.status()}: ${await res.text()}`);
    },
    adminApi,
    async stop() {
      for (const context of contexts) await context.close().catch(() => {});
      // A shared Chromium is only disconnected from: the next file's contexts open in it.
      await browser.close().catch(() => {});
      await release();
    },
  };
}

/**
 * A portal of the file's own: `npm start` with the env given, for a file that needs its own settings, restarts or
 * DATA_DIR (decision 063). Other files take sharedBrowserPortal().
 */
export async function startBrowserPortal(options: StartOptions = {}): Promise<OwnBrowserPortal> {
  // A test run builds once, in its global setup: a build here would replace dist/web under the other files' portals.
  if (!process.env[SHARED_SERVICES_ENV]) await ensureFreshWebBuild();
  const launched = await launchPortal(options.env);
  let browser: Browser;
  try {
    browser = await workerChromium();
  } catch (error) {
    await launched.remove();
    throw error;
  }
  const fakeDiscord = options.env?.DISCORD_OAUTH_TEST_ORIGIN ?? null;
  return {
    ...browserPortal(launched.baseUrl, browser, launched.remove, options, fakeDiscord),
    process: launched.process,
  };
}

/**
 * This vitest worker's portal (decision 063), put back to the sample data for the file: one `npm start` per worker
 * serves its files one after another, each starting from the data a portal of its own would have. Outside a test
 * run (a benchmark) it is a portal of the caller's own.
 */
export async function sharedBrowserPortal(defaults: ContextDefaults = {}): Promise<BrowserPortal> {
  const shared = await askSharedServices<{ baseUrl: string; fakeDiscord: string }>(
    `/portal/${workerPoolId()}`,
  );
  if (!shared) return startBrowserPortal(defaults);
  return browserPortal(shared.baseUrl, await workerChromium(), async () => {}, defaults, shared.fakeDiscord);
}

/* ------------------------------------------------------------------------------------------------ */
/* Screenshots                                                                                       */
/* ------------------------------------------------------------------------------------------------ */

/** Waits until the app runs the page (the prerendered home page is plain HTML before that, decision 015). */
export async function waitForApp(page: Page): Promise<void> {
  await page.locator('html[data-app="running"]').waitFor({ state: "attached", timeout: 30_000 });
}

/** The API's requests fail as on a dead network, so flipping the browser offline opens no window for a write. */
const cutApi = (route: Route) => route.abort("internetdisconnected");

/** Takes the context offline, the API included; call it once the service worker controls the page. */
export async function goOffline(context: BrowserContext): Promise<void> {
  needsServiceWorker(context, "Going offline");
  await context.route("**/_api/**", cutApi);
  await context.setOffline(true);
}

export async function goOnline(context: BrowserContext): Promise<void> {
  await context.unroute("**/_api/**", cutApi);
  await context.setOffline(false);
}

/**
 * Waits until the service worker controls the page: its precache (every chunk of the build) is complete, so going
 * offline cannot make a lazy chunk fail and the page reload itself mid-test.
 */
export async function waitForController(page: Page): Promise<void> {
  needsServiceWorker(page.context(), "Waiting for the service worker");
  // Installing precaches the whole build: on a loaded two-core machine that alone has taken 15 s.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}

/**
 * Starts counting `page`'s requests in flight, all but the live feed's stream, which stays open for as long as the
 * page does (decision 033) and so keeps Playwright's "networkidle" from ever coming. Call it before navigating;
 * `quiet()` resolves once no other request has been in flight for 500 ms.
 */
export function trackNetwork(page: Page): { quiet(timeoutMs?: number): Promise<void> } {
  const inFlight = new Set<unknown>();
  let changedAt = Date.now();
  const isFeed = (url: string) => new URL(url).pathname === "/_api/live";
  page.on("request", (request) => {
    if (isFeed(request.url())) return;
    inFlight.add(request);
    changedAt = Date.now();
  });
  const settled = (request: unknown) => {
    if (inFlight.delete(request)) changedAt = Date.now();
  };
  page.on("requestfinished", settled);
  page.on("requestfailed", settled);
  return {
    async quiet(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (inFlight.size > 0 || Date.now() - changedAt < 500) {
        if (Date.now() > deadline) throw new Error(`${inFlight.size} requests still in flight`);
        await page.waitForTimeout(50);
      }
    },
  };
}

/**
 * Whether screens are captured: only when asked (SCREENSHOTS=1, `npm run screenshots`). Without it every screen
 * still runs and is asserted; the capture is what is left out.
 */
export const SCREENSHOTS = process.env.SCREENSHOTS === "1";

/**
 * Saves `{name}-390x844.png` and `{name}-1280x900.png` (full page) under test-output/screenshots/, then puts
 * the page back to its own size.
 */
export async function screenshot(page: Page, name: string): Promise<string[]> {
  if (!SCREENSHOTS) return [];
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize();
  const files: string[] = [];
  try {
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      // Let layout and any size-dependent rendering settle before the capture.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      const file = join(SCREENSHOT_DIR, `${name}-${size.width}x${size.height}.png`);
      // With a dialog open the page behind it is scroll-locked: capture the screen as the user sees it
      // (a full-page capture would stitch the dialog and its backdrop into the middle of the page).
      const dialogOpen = (await page.locator("[role=dialog], [role=alertdialog]").count()) > 0;
      await page.screenshot({ path: file, fullPage: !dialogOpen, animations: "disabled" });
      files.push(file);
    }
  } finally {
    if (original) await page.setViewportSize(original);
  }
  return files;
}
