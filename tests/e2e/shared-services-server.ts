/**
 * The e2e run's shared services (decision 063), in the global setup's process, on 127.0.0.1. Each starts on the
 * first request for it and ends with the run:
 *
 *   GET /portal/<worker>    that vitest worker's portal (`npm start` on a copy of the template DATA_DIR), put back
 *                           to the sample data for the file that asks: { baseUrl, fakeDiscord }. Its Discord is
 *                           the run's fake Discord (worker/discord/testing/), for sign-in (DISCORD_OAUTH_TEST_ORIGIN)
 *   GET /chromium/<worker>  that worker's Chromium, for chromium.connect(): { wsEndpoint }
 *   GET /postgres           the PostgreSQL 15 server and migrated template the Workers files copy (PostgresTemplate)
 *   GET /worker-bundle      the bundle `wrangler deploy` uploads, built once: { script }
 *
 * A vitest worker runs one file at a time, so a worker's portal and Chromium serve one file at a time.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type FakeDiscord, startFakeDiscord } from "@worker/discord/testing/fake-discord.ts";
import type { PostgresTemplate } from "@worker/test/provided-context.ts";
import { ADMIN, E2E_BRAND, type LaunchedPortal, launchChromiumServer, launchPortal } from "./browser.ts";

interface SharedPortal {
  launched: LaunchedPortal;
  /** Whether the process has ended (a crash): the next file gets a new one. */
  gone: boolean;
  /** The backup (password hashes included) taken as the portal first answered: the data every file starts from. */
  sample: string;
  /** The admin session that restores it; a restore keeps the session that makes it. */
  cookie: string;
}

async function adminCookie(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/_api/auth/login_with_password`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  if (res.status !== 200) throw new Error(`the shared portal's admin login answered ${res.status}`);
  return (res.headers.get("set-cookie") ?? "").split(";")[0] as string;
}

async function startSharedPortal(discord: FakeDiscord): Promise<SharedPortal> {
  // The fake Discord signs slash commands with its application's key (decision 096).
  const { publicKey } = (await (await fetch(`${discord.url}/__interactions/public-key`)).json()) as {
    publicKey: string;
  };
  const launched = await launchPortal({
    DISCORD_OAUTH_TEST_ORIGIN: discord.url,
    DISCORD_PUBLIC_KEY: publicKey,
  });
  try {
    const cookie = await adminCookie(launched.baseUrl);
    const res = await fetch(`${launched.baseUrl}/_api/admin/backup?includePasswords=1`, {
      headers: { cookie },
    });
    if (res.status !== 200) throw new Error(`the shared portal's backup answered ${res.status}`);
    const portal: SharedPortal = { launched, gone: false, sample: await res.text(), cookie };
    void launched.process.exited.then(() => {
      portal.gone = true;
    });
    return portal;
  } catch (error) {
    await launched.remove();
    throw error;
  }
}

/**
 * Puts the portal back to the sample data with its own restore (decision 052): the data, the accounts and their
 * passwords, the audit log, sessions and login attempts are as a fresh portal's, whatever the last file did.
 */
async function restoreSample(portal: SharedPortal): Promise<void> {
  const restore = () =>
    fetch(
      `${portal.launched.baseUrl}/_api/admin/restore?replace=1&confirmGuildName=${encodeURIComponent(E2E_BRAND)}`,
      {
        method: "POST",
        headers: { cookie: portal.cookie, "content-type": "application/json" },
        body: portal.sample,
      },
    );
  let res = await restore();
  // A file's own restore (the backup screen's) ends every other session, this one included.
  if (res.status === 401) {
    portal.cookie = await adminCookie(portal.launched.baseUrl);
    res = await restore();
  }
  if (res.status !== 200)
    throw new Error(`restoring the sample data answered ${res.status}: ${await res.text()}`);
}

/** Values started on first use, one per key; a failed start is tried again on the next use. */
function onFirstUse<T>(start: () => Promise<T>) {
  const values = new Map<string, Promise<T>>();
  return {
    get(key = ""): Promise<T> {
      let value = values.get(key);
      if (!value) {
        value = start();
        values.set(key, value);
        value.catch(() => values.delete(key));
      }
      return value;
    },
    forget(key: string): void {
      values.delete(key);
    },
    /** The values that did start, for closing. */
    async started(): Promise<T[]> {
      return (await Promise.allSettled(values.values())).flatMap((result) =>
        result.status === "fulfilled" ? [result.value] : [],
      );
    },
  };
}

export interface SharedServices {
  url: string;
  close(): Promise<void>;
}

export async function startSharedServices(): Promise<SharedServices> {
  // One fake Discord for the run's portals: each file's Discord application (client id) is its own.
  const discords = onFirstUse(startFakeDiscord);
  const portals = onFirstUse(async () => startSharedPortal(await discords.get()));
  const browsers = onFirstUse(launchChromiumServer);
  // Loaded on first use: a run of browser files needs neither PostgreSQL nor wrangler.
  const postgres = onFirstUse(async () =>
    (await import("@worker/test/postgres-template.ts")).acquirePostgresTemplate(),
  );
  // wrangler's bundling blocks this process for a few seconds, once per run instead of once per file.
  const bundles = onFirstUse(async () => (await import("@worker/test/worker-runtime.ts")).bundleWorker());

  async function portalFor(worker: string): Promise<{ baseUrl: string; fakeDiscord: string }> {
    let portal = await portals.get(worker);
    if (portal.gone) {
      portals.forget(worker);
      await portal.launched.remove();
      portal = await portals.get(worker);
    }
    await restoreSample(portal);
    return { baseUrl: portal.launched.baseUrl, fakeDiscord: (await discords.get()).url };
  }

  async function answer(path: string): Promise<unknown> {
    const [, kind, worker = "1"] = path.split("/");
    if (kind === "portal") return portalFor(worker);
    if (kind === "chromium") return { wsEndpoint: (await browsers.get(worker)).wsEndpoint() };
    if (kind === "postgres") return (await postgres.get()).template satisfies PostgresTemplate;
    if (kind === "worker-bundle") return { script: (await bundles.get()).script };
    return undefined;
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    answer(new URL(req.url ?? "/", "http://localhost").pathname).then(
      (body) => {
        res.writeHead(body === undefined ? 404 : 200, { "content-type": "application/json" });
        res.end(JSON.stringify(body ?? { error: "Not found" }));
      },
      (error: unknown) => {
        res.writeHead(500, { "content-type": "text/plain" });
        res.end(error instanceof Error ? (error.stack ?? error.message) : String(error));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      for (const portal of await portals.started()) await portal.launched.remove();
      for (const browser of await browsers.started()) await browser.close();
      for (const shared of await postgres.started()) await shared.release();
      for (const built of await bundles.started()) built.dispose();
      for (const discord of await discords.started()) await discord.close();
    },
  };
}
