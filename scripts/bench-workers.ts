/**
 * `npm run bench:workers`: what a request of the real Worker costs against PostgreSQL 15 through each database
 * path of worker/cloudflare/entry.ts (decision 025). The bundle `wrangler deploy` uploads runs in workerd
 * (Miniflare, worker/test/worker-runtime.ts), one instance per path, all against the same fresh database
 * (migrations, the sample data, an admin) on a throwaway PostgreSQL 15 server:
 *   1. neon → postgres: the Neon driver over a WebSocket-to-TCP proxy straight to Postgres, a new Postgres
 *      session per request (the path before Hyperdrive);
 *   2. neon → pgbouncer: the same to a PgBouncer in transaction pooling mode (the shape of Neon's -pooler
 *      endpoint, which is PgBouncer);
 *   3. hyperdrive → postgres: a Hyperdrive binding straight to Postgres (what `wrangler dev` does: Miniflare's
 *      local Hyperdrive connects straight to the URL, unpooled);
 *   4. hyperdrive → pgbouncer: a Hyperdrive binding to the PgBouncer, a local stand-in for production
 *      Hyperdrive, which keeps the Postgres sessions pooled in transaction mode.
 * Per path, after logging in once through the API (slow by design: PBKDF2) and `--warmups` (default 10) of
 * each call, `--runs` (default 200) sequential anonymous reads of GET /_api/public/guild-members, then as many
 * admin writes (POST /_api/boss-names with a new name: one transaction with its audit entry and idempotency
 * record), each timed from the request to the last byte of the answer, Miniflare's hop from Node into workerd
 * included. Postgres sessions per request: pg_stat_database.sessions of the benchmark database (a counter of
 * sessions established, PostgreSQL 14+) before and after the timed requests, over their number.
 * PgBouncer is Debian's /usr/sbin/pgbouncer (`apt-get install pgbouncer`); without it only paths 1 and 3 run.
 * `--no-nodelay` leaves out the TCP_NODELAY patch (setNoDelayOnAllSockets), to show the local artefact it
 * removes. Prints a markdown table: p50 and p99 (nearest rank) in ms. A benchmark, not a test: it exits 1
 * only when something fails.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import superjson from "superjson";
import { createNodePostgresDb } from "../worker/db/node-postgres.ts";
import type { Db } from "../worker/db/types.ts";
import { databaseUrl } from "../worker/test/database-names.ts";
import { startPostgresServer } from "../worker/test/postgres-server.ts";
import {
  bundleWorker,
  type RunningWorker,
  startWorker,
  type WorkerBindings,
  type WorkerBundle,
} from "../worker/test/worker-runtime.ts";
import { startWsTcpProxy } from "../worker/test/ws-tcp-proxy.ts";
import { prepareAsNpmStart } from "./bench-database.ts";
import { ms, percentile } from "./bench-stats.ts";
import { freePort } from "./start-server.ts";

const PGBOUNCER = "/usr/sbin/pgbouncer";
const DATABASE = "bench";
const PEPPER = "bench-workers-pepper-0123456789";
const ADMIN = { email: "bench@guild.local", password: "bench-workers-password" };
const READ_PATH = "/_api/public/guild-members";
const WRITE_PATH = "/_api/boss-names";

interface Options {
  runs: number;
  warmups: number;
  nodelay: boolean;
}

interface PathSpec {
  /** Its number in the list above, also when paths 2 and 4 do not run. */
  number: number;
  name: string;
  bindings: WorkerBindings;
}

interface PathResult {
  number: number;
  name: string;
  reads: number[];
  writes: number[];
  sessionsPerRequest: number;
}

const log = (line: string) => process.stderr.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isRoot = () => process.getuid?.() === 0;

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      runs: { type: "string", default: "200" },
      warmups: { type: "string", default: "10" },
      "no-nodelay": { type: "boolean", default: false },
    },
  });
  const count = (name: string, text: string, min: number) => {
    const n = Number(text.replaceAll("_", "").replaceAll(",", ""));
    if (!Number.isInteger(n) || n < min)
      throw new Error(`--${name} must be a whole number of at least ${min}`);
    return n;
  };
  return {
    runs: count("runs", values.runs, 1),
    warmups: count("warmups", values.warmups, 0),
    nodelay: !values["no-nodelay"],
  };
}

/**
 * Miniflare's local Hyperdrive proxy runs in this process and pipes workerd's socket to the database's without
 * TCP_NODELAY, so Nagle's algorithm waits on the peer's delayed ACK: about 40 ms stalled per request, which
 * production Hyperdrive does not have (45 ms vs 9.7 ms a roster read). So every socket this process connects
 * or accepts gets TCP_NODELAY (the WebSocket proxy, undici and Node's HTTP servers already set it).
 */
function setNoDelayOnAllSockets(): void {
  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    this.setNoDelay(true); // Before connecting, Node keeps it and applies it once connected.
    return Reflect.apply(connect, this, args);
  } as typeof connect;
  const emit = net.Server.prototype.emit;
  net.Server.prototype.emit = function (this: net.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "connection") (args[0] as net.Socket).setNoDelay(true);
    return Reflect.apply(emit, this, [event, ...args]);
  } as typeof emit;
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

interface PgBouncer {
  /** host:port it listens on. */
  address: string;
  version: string;
  stop(): Promise<void>;
}

function pgBouncerIni(dir: string, port: number, pgPort: number): string {
  return [
    "[databases]",
    `* = host=127.0.0.1 port=${pgPort}`,
    "",
    "[pgbouncer]",
    "listen_addr = 127.0.0.1",
    `listen_port = ${port}`,
    `unix_socket_dir = ${dir}`,
    "auth_type = trust",
    `auth_file = ${join(dir, "userlist.txt")}`,
    "pool_mode = transaction",
    "max_client_conn = 200",
    "default_pool_size = 10",
    "ignore_startup_parameters = extra_float_digits,options",
    `logfile = ${join(dir, "pgbouncer.log")}`,
    "log_connections = 0",
    "log_disconnections = 0",
    "",
  ].join("\n");
}

/** Waits for the child to exit, SIGKILL after 5 s. */
async function endProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
  await exited;
  clearTimeout(timer);
}

/**
 * PgBouncer in transaction pooling mode in front of the server at pgPort, in a temp dir, or undefined when it
 * is not installed. It refuses to run as root, so as root it runs as the `postgres` user (as initdb does in
 * postgres-server.ts), spawned with that uid so the process to stop is PgBouncer itself.
 */
async function startPgBouncer(pgPort: number): Promise<PgBouncer | undefined> {
  if (!existsSync(PGBOUNCER)) return undefined;
  const version = execFileSync(PGBOUNCER, ["--version"], { encoding: "utf8" }).split("\n")[0] ?? "PgBouncer";
  const dir = mkdtempSync(join(tmpdir(), "guild-pgbouncer-"));
  const owner = isRoot() ? postgresUser() : undefined;
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const port = await freePort();
  const ini = join(dir, "pgbouncer.ini");
  writeFileSync(join(dir, "userlist.txt"), '"postgres" ""\n');
  writeFileSync(ini, pgBouncerIni(dir, port, pgPort));
  const child = spawn(PGBOUNCER, [ini], { stdio: "ignore", ...(owner ?? {}) });
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  // A run that ends without its teardown (an uncaught error, Ctrl-C) still stops PgBouncer.
  const onExit = () => {
    child.kill("SIGKILL");
    removeDir();
  };
  process.on("exit", onExit);
  const stop = async () => {
    process.off("exit", onExit);
    await endProcess(child);
    removeDir();
  };
  for (let waited = 0; !(await canConnect(port)); waited += 50) {
    if (child.exitCode !== null || waited > 10_000) {
      const logText = existsSync(join(dir, "pgbouncer.log"))
        ? readFileSync(join(dir, "pgbouncer.log"), "utf8")
        : "";
      await stop();
      throw new Error(`PgBouncer did not start:\n${logText}`);
    }
    await sleep(50);
  }
  return { address: `127.0.0.1:${port}`, version, stop };
}

function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}

/** pg_stat_database.sessions of the benchmark database: sessions established on it so far. */
async function sessionCount(stats: Db): Promise<number> {
  const [row] = await stats.query<{ sessions: string }>(
    "SELECT sessions::text AS sessions FROM pg_stat_database WHERE datname = $1",
    [DATABASE],
  );
  return Number(row?.sessions);
}

/**
 * The counter once it has stopped moving. A backend adds its session when it flushes its statistics, which a
 * per-request session does as it exits, just after the answer has been sent.
 */
async function settledSessionCount(stats: Db): Promise<number> {
  let last = await sessionCount(stats);
  for (let i = 0; i < 40; i++) {
    await sleep(100);
    const now = await sessionCount(stats);
    if (now === last) return now;
    last = now;
  }
  return last;
}

async function timed(worker: RunningWorker, path: string, init: RequestInit, status: number) {
  const start = performance.now();
  const res = await worker.fetch(path, init);
  const text = await res.text();
  const ms = performance.now() - start;
  if (res.status !== status) {
    throw new Error(`${init.method} ${path} answered ${res.status}: ${text.slice(0, 1000)}`);
  }
  return ms;
}

async function logIn(worker: RunningWorker): Promise<string> {
  const res = await worker.fetch("/_api/auth/login_with_password", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  const text = await res.text();
  const cookie = res.headers.get("set-cookie")?.split(";")[0];
  if (!res.ok || !cookie) throw new Error(`login answered ${res.status}: ${text.slice(0, 500)}`);
  return cookie;
}

/**
 * One path: its own Miniflare instance of the bundle, a login, the warm-ups, then the timed reads and writes.
 * `stats` reads the session counter over a connection to another database (`postgres`), so neither it nor a
 * reconnect of it ever counts.
 */
async function measurePath(
  bundle: WorkerBundle,
  spec: PathSpec,
  stats: Db,
  options: Options,
): Promise<PathResult> {
  const started = performance.now();
  const worker = await startWorker(bundle, spec.bindings);
  try {
    const cookie = await logIn(worker);
    const read = () => timed(worker, READ_PATH, { method: "GET" }, 200);
    let n = 0;
    const write = () => {
      n += 1;
      const headers = { cookie, "content-type": "application/json", "idempotency-key": crypto.randomUUID() };
      const body = superjson.stringify({ name: `Bench boss ${spec.number}-${n}`, respawn_time_hours: 12 });
      return timed(worker, WRITE_PATH, { method: "POST", headers, body }, 201);
    };
    for (let i = 0; i < options.warmups; i++) {
      await read();
      await write();
    }
    const before = await settledSessionCount(stats);
    const reads: number[] = [];
    for (let i = 0; i < options.runs; i++) reads.push(await read());
    const writes: number[] = [];
    for (let i = 0; i < options.runs; i++) writes.push(await write());
    const after = await settledSessionCount(stats);
    log(`  ${spec.name}: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return {
      number: spec.number,
      name: spec.name,
      reads,
      writes,
      sessionsPerRequest: (after - before) / (2 * options.runs),
    };
  } finally {
    await worker.dispose();
  }
}

function printTable(results: PathResult[]): void {
  const base = percentile(results[0]?.reads ?? [], 50);
  console.log(
    "\n| path | read p50 | read p99 | write p50 | write p99 | sessions/request | read p50 / path 1 |",
  );
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const r of results) {
    const readP50 = percentile(r.reads, 50);
    const cells = [readP50, percentile(r.reads, 99), percentile(r.writes, 50), percentile(r.writes, 99)];
    console.log(
      `| ${r.number}. ${r.name} | ${cells.map(ms).join(" | ")} | ${r.sessionsPerRequest.toFixed(2)} | ` +
        `${(readP50 / base).toFixed(2)}x |`,
    );
  }
}

function pathSpecs(pgUrl: string, bouncer: PgBouncer | undefined, wsProxy: string): PathSpec[] {
  const vars = { AUTH_PEPPER: PEPPER };
  const bouncerUrl = bouncer ? `postgres://postgres@${bouncer.address}/${DATABASE}` : undefined;
  // Miniflare's Hyperdrive wants a password in the URL; both servers trust local connections and ignore it.
  const withPassword = (url: string) => url.replace("postgres@", "postgres:bench@");
  const neon = (url: string) => ({ vars: { ...vars, DATABASE_URL: url, NEON_WS_PROXY: wsProxy } });
  const specs: (PathSpec | undefined)[] = [
    { number: 1, name: "neon → postgres", bindings: neon(pgUrl) },
    bouncerUrl ? { number: 2, name: "neon → pgbouncer", bindings: neon(bouncerUrl) } : undefined,
    { number: 3, name: "hyperdrive → postgres", bindings: { vars, hyperdrive: withPassword(pgUrl) } },
    bouncerUrl
      ? {
          number: 4,
          name: "hyperdrive → pgbouncer",
          bindings: { vars, hyperdrive: withPassword(bouncerUrl) },
        }
      : undefined,
  ];
  return specs.filter((spec): spec is PathSpec => spec !== undefined);
}

/** The server, the benchmark database, PgBouncer, the WebSocket proxy and the bundle; each undone by cleanup. */
async function setUp(cleanup: (() => unknown)[]) {
  log("Starting PostgreSQL 15, PgBouncer and the WebSocket proxy, bundling the Worker...");
  const server = await startPostgresServer();
  cleanup.push(() => server.stop());
  const stats = createNodePostgresDb(server.url, { max: 1 });
  cleanup.push(() => stats.close());
  const [row] = await stats.query<{ server_version: string }>("SHOW server_version");
  await stats.query(`CREATE DATABASE ${DATABASE}`);
  const pgUrl = databaseUrl(server.url, DATABASE);
  const db = createNodePostgresDb(pgUrl, { max: 1 });
  try {
    await prepareAsNpmStart(db, ADMIN, PEPPER);
  } finally {
    await db.close();
  }
  const bouncer = await startPgBouncer(Number(new URL(pgUrl).port));
  if (bouncer) cleanup.push(() => bouncer.stop());
  else log(`${PGBOUNCER} is missing: paths 2 and 4 need \`apt-get install pgbouncer\`; running 1 and 3.`);
  const wsProxy = await startWsTcpProxy([new URL(pgUrl).host, ...(bouncer ? [bouncer.address] : [])]);
  cleanup.push(() => wsProxy.close());
  const bundle = bundleWorker();
  cleanup.push(() => bundle.dispose());
  const pgVersion = (row?.server_version ?? "?").split(" ")[0] as string;
  return { stats, bundle, pgVersion, bouncer, specs: pathSpecs(pgUrl, bouncer, wsProxy.address) };
}

async function main(): Promise<void> {
  const options = readOptions();
  // Ctrl-C still runs the exit hooks that stop the throwaway PostgreSQL server and PgBouncer.
  process.on("SIGINT", () => process.exit(130));
  if (options.nodelay) setNoDelayOnAllSockets();
  const cleanup: (() => unknown)[] = [];
  try {
    const { stats, bundle, pgVersion, bouncer, specs } = await setUp(cleanup);
    const results: PathResult[] = [];
    for (const spec of specs) results.push(await measurePath(bundle, spec, stats, options));
    console.log("\nbench:workers: the Worker bundle in workerd (Miniflare), sequential requests; ms");
    console.log(`Node ${process.version}`);
    console.log(`PostgreSQL ${pgVersion}`);
    console.log(bouncer ? `${bouncer.version}, transaction pooling` : "PgBouncer: not installed");
    console.log(`${options.runs} runs of each call after ${options.warmups} warm-ups`);
    console.log(
      options.nodelay
        ? "TCP_NODELAY applied to this process's sockets (Miniflare's local Hyperdrive proxy lacks it)"
        : "TCP_NODELAY not applied (--no-nodelay): Hyperdrive paths carry Miniflare's delayed-ACK stall",
    );
    printTable(results);
  } finally {
    for (const step of cleanup.reverse()) {
      try {
        await step();
      } catch (err) {
        log(`cleanup failed: ${(err as Error)?.message ?? err}`);
      }
    }
  }
}

await main();
