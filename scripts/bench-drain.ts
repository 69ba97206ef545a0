/**
 * `npm run bench:drain`: how fast the outbox empties (decision 034). The real app on PGlite, prepared as
 * `npm start` prepares a database, served over HTTP on 127.0.0.1 behind the data-layer tests' fault
 * injector (web/src/data/testing/api-faults.ts); the real data layer on fake-indexeddb in this process, on
 * the real clock. It prints:
 *   - the drain of 10 and of 50 clean writes queued offline (member creates, loot creates, member and loot
 *     edits), from the moment the app is back online until the queue is empty and the refresh pull is stored;
 *   - the drain of 50 writes while 40% of the write requests fail as a network or proxy fails (connection
 *     dropped, answer lost after the write applied, 503), chosen by a seeded generator;
 *   - the clean drains again with N more Sold items (`--items N`, default 10,000) on the server and in the
 *     local store;
 *   - what queueing one command costs with those items in the local store: p50 and p99 of loot creates, loot
 *     edits and member edits, offline;
 * each batched (the app's outbox) and one write per request (batch size 1, the same outbox otherwise), with
 * the ratio. Every drain is checked: each write the server applied once, none lost, none applied twice.
 * `--runs N` drains of each kind (default 5; the median is shown; in each run both ways meet the same
 * faults), `--seed N` for the faults.
 * A benchmark, not a test: it exits 1 when a write is lost, duplicated or refused.
 */
import "fake-indexeddb/auto";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import { type HttpBindings, serve } from "@hono/node-server";
import Dexie from "dexie";
import { Hono } from "hono";
import { createDataLayer, type DataLayer } from "../web/src/data/create-data-layer.ts";
import type { DataLayerEnv } from "../web/src/data/environment.ts";
import { PortalDb, type WriteOwner } from "../web/src/data/portal-db.ts";
import { ApiFaults, type Fault } from "../web/src/data/testing/api-faults.ts";
import { browserFetch } from "../web/src/data/testing/test-api-server.ts";
import { createWriteTransport } from "../web/src/data/write-transport.ts";
import { createApiClient } from "../web/src/lib/api-client.ts";
import { createApp } from "../worker/app/create-app.ts";
import { createMemoryPgliteDb } from "../worker/db/pglite.ts";
import type { Db } from "../worker/db/types.ts";
import { prepareAsNpmStart } from "./bench-database.ts";
import { seedGuildHistory } from "./bench-scale-seed.ts";
import { ms, percentile } from "./bench-stats.ts";

const ADMIN = { email: "bench@guild.local", password: "bench-drain-password" };
const PEPPER = "bench-drain-pepper-0123456789";
const FAILURE_RATE = 0.4;
const QUEUED_COMMANDS = 60;

const { values } = parseArgs({
  options: {
    items: { type: "string", default: "10000" },
    runs: { type: "string", default: "5" },
    seed: { type: "string", default: "13" },
  },
});
const items = Number(values.items);
const runs = Number(values.runs);
let seed = Number(values.seed);

/** mulberry32: the same faults for the same seed. */
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

const TRANSIENT: readonly Fault[] = [
  { kind: "drop" },
  { kind: "lose-answer" },
  { kind: "status", status: 503, error: "Service unavailable" },
];

function flakyFaults(count: number): Fault[] {
  return Array.from({ length: count }, () =>
    random() < FAILURE_RATE
      ? (TRANSIENT[Math.floor(random() * TRANSIENT.length)] as Fault)
      : { kind: "answer" },
  );
}

/** The browser's environment as a page in Node has it: the real clock, no window, switchable connectivity. */
function nodeEnvironment(): DataLayerEnv & { online: boolean } {
  const env = {
    online: true,
    now: () => Date.now(),
    setTimeout: (callback: () => void, delay: number) => setTimeout(callback, delay),
    clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    events: null,
    isVisible: () => true,
    isOnline: () => env.online,
    locks: null,
    randomId: () => crypto.randomUUID(),
    pause: () => new Promise<void>((resolve) => setImmediate(resolve)),
  };
  return env;
}

interface Server {
  db: Db;
  faults: ApiFaults;
  origin: string;
  close(): void;
}

async function startServer(db: Db): Promise<Server> {
  const app = createApp({ db, config: { brand: "Bench", timeZone: null, pepper: PEPPER } });
  const faults = new ApiFaults();
  const outer = new Hono<{ Bindings: HttpBindings }>();
  outer.use(faults.middleware);
  outer.all("*", (c) => app.fetch(c.req.raw));
  const server = serve({ fetch: outer.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", resolve));
  // Longer than seeding the history takes: a connection the server closes as idle just as the client reuses
  // it would fail the next request (ECONNRESET), which a bench should not count.
  if ("keepAliveTimeout" in server) server.keepAliveTimeout = 10 * 60_000;
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    db,
    faults,
    origin,
    close: () => {
      if ("closeAllConnections" in server) server.closeAllConnections();
      server.close();
    },
  };
}

interface Browser {
  layer: DataLayer;
  env: ReturnType<typeof nodeEnvironment>;
  dispose(): Promise<void>;
}

/** A signed-in page with its own IndexedDB database, its copies pulled. */
async function openBrowser(server: Server, batched: boolean): Promise<Browser> {
  const fetch = browserFetch(server.origin);
  const login = await fetch(`${server.origin}/_api/auth/login_with_password`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  if (!login.ok) throw new Error(`login answered ${login.status}`);
  const api = createApiClient(server.origin, { fetch });
  const { user } = await api.get<{ user: WriteOwner }>("/auth/session");
  const account: WriteOwner = { id: user.id, email: user.email, displayName: user.displayName };
  const name = `bench-drain-${crypto.randomUUID()}`;
  const env = nodeEnvironment();
  const layer = createDataLayer({
    api,
    transport: createWriteTransport(api, { batched }),
    getRole: () => "admin",
    getAccount: () => account,
    db: new PortalDb(name),
    env,
  });
  await layer.sync.pullAll();
  return {
    layer,
    env,
    async dispose() {
      layer.outbox.stop();
      await layer.sync.idle();
      layer.db.close();
      await Dexie.delete(name);
    },
  };
}

interface Targets {
  members: { id: number; playerName: string }[];
  items: { id: number }[];
  boss: string;
}

async function targets(db: Db): Promise<Targets> {
  const members = await db.query<{ id: number; playerName: string }>(
    `SELECT id, player_name AS "playerName" FROM guild_members WHERE status = 'active' ORDER BY id LIMIT 5`,
  );
  const loot = await db.query<{ id: number }>("SELECT id FROM market_exchange ORDER BY id DESC LIMIT 5");
  const [boss] = await db.query<{ name: string }>("SELECT name FROM boss_names ORDER BY id LIMIT 1");
  if (members.length < 3 || loot.length === 0 || !boss) throw new Error("the sample data lacks rows to edit");
  return { members, items: loot, boss: boss.name };
}

let runId = 0;

/** Queues `count` writes of four kinds; answers the names of the rows they create. */
async function queueWrites(layer: DataLayer, on: Targets, count: number): Promise<string[]> {
  runId += 1;
  const created: string[] = [];
  const participants = on.members.slice(0, 3).map((m) => m.playerName);
  for (let i = 0; i < count; i++) {
    const name = `Drain ${runId}-${i}`;
    const member = on.members[i % on.members.length] as Targets["members"][number];
    const item = on.items[i % on.items.length] as Targets["items"][number];
    switch (i % 4) {
      case 0:
        await layer.commands.createMember({ playerName: name, category: "Members" });
        created.push(name);
        break;
      case 1:
        await layer.commands.createMarketItem({
          lootName: name,
          bossName: on.boss,
          value: "120.50",
          participatedMembers: participants,
        });
        created.push(name);
        break;
      case 2:
        await layer.commands.updateMember({ id: member.id, category: i % 8 === 2 ? "Core" : "Members" });
        break;
      default:
        await layer.commands.updateMarketItem({ id: item.id, lootName: `${name} edited` });
    }
  }
  return created;
}

interface Delivery {
  lost: number;
  duplicated: number;
  refused: number;
}

/** Every queued write applied once: its key stored with a 2xx answer, each created row there once. */
async function checkDelivery(db: Db, ids: string[], created: string[], browser: Browser): Promise<Delivery> {
  const applied = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM idempotency_keys WHERE key = ANY($1) AND response_status BETWEEN 200 AND 299`,
    [ids],
  );
  const copies = await db.query<{ name: string; n: number }>(
    `SELECT name, count(*)::int AS n FROM (
       SELECT player_name AS name FROM guild_members WHERE player_name = ANY($1)
       UNION ALL SELECT loot_name FROM market_exchange WHERE loot_name = ANY($1)) AS made GROUP BY name`,
    [created],
  );
  const refused = await browser.layer.db.outbox.where("status").equals("failed").count();
  return {
    lost: ids.length - (applied[0]?.n ?? 0),
    duplicated: copies.filter((row) => row.n > 1).length + created.length - copies.length,
    refused,
  };
}

async function waitUntilEmpty(browser: Browser): Promise<void> {
  for (;;) {
    await browser.layer.outbox.drain();
    const waiting = await browser.layer.db.outbox.where("status").anyOf("pending", "sending").count();
    if (waiting === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await browser.layer.sync.idle();
}

/** Milliseconds from going back online until the queue is empty and the refresh is stored. */
async function drain(server: Server, count: number, batched: boolean, faults: readonly Fault[]) {
  const browser = await openBrowser(server, batched);
  try {
    const on = await targets(server.db);
    browser.env.online = false;
    const before = await browser.layer.db.outbox.toArray();
    const created = await queueWrites(browser.layer, on, count);
    const known = new Set(before.map((row) => row.id));
    const ids = (await browser.layer.db.outbox.toArray()).map((row) => row.id).filter((id) => !known.has(id));
    server.faults.clear();
    server.faults.failWrites(...faults);
    const start = performance.now();
    browser.env.online = true;
    await browser.layer.outbox.retryWaitingNow();
    await waitUntilEmpty(browser);
    const took = performance.now() - start;
    const posts = server.faults.postRequests();
    server.faults.clear();
    return { took, posts, ...(await checkDelivery(server.db, ids, created, browser)) };
  } finally {
    await browser.dispose();
  }
}

const median = (values: number[]) => percentile(values, 50);
const ratio = (one: number, batched: number) => `${(one / batched).toFixed(1)}x`;
let failedDelivery = false;

async function compareDrains(server: Server, label: string, count: number, flaky: boolean) {
  const figures = { batched: [] as number[], single: [] as number[], posts: { batched: 0, single: 0 } };
  for (let run = 0; run < runs; run++) {
    // Both ways meet the same run of failures.
    const faults = flaky ? flakyFaults(2_000) : [];
    for (const batched of [true, false]) {
      const result = await drain(server, count, batched, faults);
      (batched ? figures.batched : figures.single).push(result.took);
      figures.posts[batched ? "batched" : "single"] += result.posts;
      if (result.lost + result.duplicated + result.refused > 0) {
        failedDelivery = true;
        console.error(`${label}, ${batched ? "batched" : "one per request"}: ${JSON.stringify(result)}`);
      }
    }
  }
  const b = median(figures.batched);
  const s = median(figures.single);
  console.log(
    `| ${label} | ${ms(b)} | ${ms(s)} | ${ratio(s, b)} | ${(figures.posts.batched / runs).toFixed(1)} / ${(
      figures.posts.single / runs
    ).toFixed(1)} |`,
  );
}

/** p50 / p99 of queueing each kind of command offline with the whole history in the local store. */
async function queueingCost(server: Server, batched: boolean) {
  const browser = await openBrowser(server, batched);
  try {
    const on = await targets(server.db);
    const loaded = await browser.layer.db.marketItems.count();
    browser.env.online = false;
    const kinds: Record<string, (i: number) => Promise<unknown>> = {
      "loot create": (i) =>
        browser.layer.commands.createMarketItem({
          lootName: `Queued ${i}`,
          bossName: on.boss,
          value: "99.00",
          participatedMembers: on.members.slice(0, 3).map((m) => m.playerName),
        }),
      "loot edit": (i) =>
        browser.layer.commands.updateMarketItem({
          id: (on.items[i % on.items.length] as { id: number }).id,
          lootName: `Queued edit ${i}`,
        }),
      "member edit": (i) =>
        browser.layer.commands.updateMember({
          id: (on.members[i % on.members.length] as { id: number }).id,
          category: i % 2 ? "Core" : "Members",
        }),
    };
    const rows: string[] = [];
    for (const [kind, command] of Object.entries(kinds)) {
      const times: number[] = [];
      for (let i = 0; i < QUEUED_COMMANDS; i++) {
        const start = performance.now();
        await command(i);
        times.push(performance.now() - start);
      }
      rows.push(`| ${kind} | ${ms(percentile(times, 50))} | ${ms(percentile(times, 99))} |`);
    }
    // Each command stored its row and its local change.
    const queued = await browser.layer.db.outbox.count();
    const edited = await browser.layer.db.marketItems
      .where("id")
      .anyOf(on.items.map((item) => item.id))
      .toArray();
    if (queued !== QUEUED_COMMANDS * 3 || !edited.every((item) => item.lootName.startsWith("Queued edit"))) {
      throw new Error(`the commands did not store what they queued (${queued} rows)`);
    }
    return { loaded, rows };
  } finally {
    await browser.dispose();
  }
}

const db = await createMemoryPgliteDb();
const server = await startServer(db);
try {
  await prepareAsNpmStart(db, ADMIN, PEPPER);
  console.log(`bench:drain: PGlite on 127.0.0.1, the data layer on fake-indexeddb, median of ${runs} runs`);
  console.log(
    "\nSample data. Drain after reconnecting, ms (until the queue is empty and the refresh is stored):",
  );
  console.log("\n| queue | batched | one per request | ratio | POSTs batched / one per request |");
  console.log("| --- | ---: | ---: | ---: | ---: |");
  await compareDrains(server, "10 clean writes", 10, false);
  await compareDrains(server, "50 clean writes", 50, false);
  await compareDrains(server, "50 writes, 40% of requests fail (drop, lost answer, 503)", 50, true);

  await seedGuildHistory(db, items);
  console.log(
    `\nThe sample data and ${items.toLocaleString("en-US")} more Sold items, in the local store too:`,
  );
  console.log("\n| queue | batched | one per request | ratio | POSTs batched / one per request |");
  console.log("| --- | ---: | ---: | ---: | ---: |");
  await compareDrains(server, "10 clean writes", 10, false);
  await compareDrains(server, "50 clean writes", 50, false);
  const cost = await queueingCost(server, true);
  console.log(
    `\nQueueing one command offline, ${cost.loaded.toLocaleString("en-US")} loot items in the local store, ms:`,
  );
  console.log("\n| command | p50 | p99 |\n| --- | ---: | ---: |");
  for (const row of cost.rows) console.log(row);
} finally {
  server.close();
  await db.close();
}
if (failedDelivery) {
  console.error("\nA write was lost, applied twice or refused.");
  process.exitCode = 1;
}
