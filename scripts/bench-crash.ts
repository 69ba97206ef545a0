/**
 * `npm run bench:crash`: do acknowledged writes survive a crash of the embedded database? (decision 030)
 *
 * Starts the Node server (worker/node/main.ts, as `npm start` runs it) on a new DATA_DIR, then for each cycle
 * (`--cycles`, default 10): several clients (`--clients`, default 4), logged in as the admin, send mixed writes
 * through the HTTP API one after another (a new member, a loot item, an attendance record, and a new alias on
 * the client's own member), each with an Idempotency-Key as the web app's outbox sends them; at a random moment
 * (`--min-ms` to `--max-ms` after the writes begin, default 500-4000) the server's whole process group is killed
 * with SIGKILL. The server is started again, the writes that were in flight are sent again with their keys, and
 * every write is looked for: an acknowledged one that is missing is lost; one that is there twice is
 * duplicated. The last cycle ends with SIGTERM. `--keep` leaves the DATA_DIR in place.
 *
 * A kill -9 tests the process crash; an OS crash or power cut needs the fsync that PGlite does not do by itself
 * (decision 030 measures it: strace counts the fsync calls per acknowledged write).
 * Exits 1 when a write was lost or duplicated, or when a write was refused.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import superjson from "superjson";
import { freePort, repoRoot } from "./start-server.ts";

const ADMIN = { email: "bench-crash@guild.local", password: `bench-crash-${crypto.randomUUID()}` };

interface Options {
  cycles: number;
  clients: number;
  minMs: number;
  maxMs: number;
  keep: boolean;
}

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      cycles: { type: "string", default: "10" },
      clients: { type: "string", default: "4" },
      "min-ms": { type: "string", default: "500" },
      "max-ms": { type: "string", default: "4000" },
      keep: { type: "boolean", default: false },
    },
  });
  const options = {
    cycles: Number(values.cycles),
    clients: Number(values.clients),
    minMs: Number(values["min-ms"]),
    maxMs: Number(values["max-ms"]),
    keep: values.keep,
  };
  for (const [name, value] of Object.entries(options))
    if (typeof value === "number" && !(Number.isInteger(value) && value > 0))
      throw new Error(`--${name} must be a positive whole number`);
  if (options.maxMs < options.minMs) throw new Error("--max-ms must be at least --min-ms");
  return options;
}

/** The server process: started, killed with SIGKILL (a crash) or stopped with SIGTERM. */
class Server {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  output = "";

  constructor(
    private readonly dataDir: string,
    readonly port: number,
  ) {}

  async start(): Promise<number> {
    const started = performance.now();
    this.output = "";
    const child = spawn(process.execPath, ["--import", "tsx", "worker/node/main.ts"], {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATA_DIR: this.dataDir,
        PORT: String(this.port),
        HOST: "127.0.0.1",
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        AUTH_PEPPER: "",
        DATABASE_URL: "",
        SEED_SAMPLE_DATA: "true",
      },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    this.child = child;
    this.exited = new Promise((resolve) => child.on("exit", () => resolve()));
    for (const stream of [child.stdout, child.stderr]) stream?.on("data", (d) => (this.output += d));
    while (!/is running at/.test(this.output)) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${this.output}`);
      if (performance.now() - started > 180_000) throw new Error(`the server did not start:\n${this.output}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return performance.now() - started;
  }

  async end(signal: "SIGKILL" | "SIGTERM"): Promise<void> {
    try {
      process.kill(-(this.child?.pid as number), signal);
    } catch {
      // already gone
    }
    await this.exited;
  }
}

type Kind = "member" | "loot" | "attendance" | "alias";

/** One write: what it sends, and the mark it leaves (a name, a loot name, a date, an alias). */
interface Write {
  kind: Kind;
  path: string;
  key: string;
  body: string;
  mark: string;
}

let attendanceWrites = 0;

class Client {
  seq = 0;
  memberId = 0;
  /** Acknowledged before a kill, or after it when sent again. */
  readonly done: Write[] = [];
  pending: Write | undefined;

  constructor(readonly id: number) {}

  next(run: string): Write {
    this.seq += 1;
    const tag = `${run} c${this.id} n${this.seq}`;
    const kinds: Kind[] = ["member", "loot", "attendance", "alias"];
    const kind = kinds[this.seq % kinds.length] as Kind;
    const write = (path: string, body: unknown, mark: string): Write => ({
      kind,
      path,
      key: crypto.randomUUID(),
      body: superjson.stringify(body),
      mark,
    });
    if (kind === "member")
      return write(
        "/_api/guild-members",
        { playerName: `Crash ${tag}`, category: "Members" },
        `Crash ${tag}`,
      );
    if (kind === "loot")
      return write(
        "/_api/market-exchange",
        {
          lootName: `Loot ${tag}`,
          bossName: "Gravemaw",
          value: "12.34",
          status: "Pending",
          participatedMembers: ["Ashvale"],
        },
        `Loot ${tag}`,
      );
    if (kind === "attendance") {
      // A date no other write uses: a minute apart, in the order they are made.
      attendanceWrites += 1;
      const when = new Date(Date.UTC(2020, 0, 1) + attendanceWrites * 60_000);
      const body = { bossName: "Gravemaw", dateAttended: when, participatedMembers: ["Ashvale"] };
      return write("/_api/attendance", body, when.toISOString());
    }
    const alias = `Alias ${tag}`;
    return write("/_api/guild-member/update", { id: this.memberId, playerAlias: alias }, alias);
  }
}

class Api {
  cookie = "";
  constructor(private readonly port: number) {}

  async login(): Promise<void> {
    const res = await fetch(`http://127.0.0.1:${this.port}/_api/auth/login_with_password`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    if (!res.ok) throw new Error(`login answered ${res.status}: ${await res.text()}`);
    this.cookie = (res.headers.get("set-cookie") ?? "").split(";")[0] as string;
  }

  /** Throws on a network error (the server is gone); answers the status and body otherwise. */
  async send(w: Write): Promise<{ status: number; text: string }> {
    const res = await fetch(`http://127.0.0.1:${this.port}${w.path}`, {
      method: "POST",
      headers: { cookie: this.cookie, "content-type": "application/json", "idempotency-key": w.key },
      body: w.body,
    });
    return { status: res.status, text: await res.text() };
  }

  async get<T>(path: string): Promise<T> {
    const res = await fetch(`http://127.0.0.1:${this.port}${path}`, { headers: { cookie: this.cookie } });
    if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
    return superjson.parse<T>(await res.text());
  }
}

/** How many times each mark is in the database now; aliases by member id. */
async function snapshot(api: Api) {
  const { guildMembers } = await api.get<{
    guildMembers: { id: number; playerName: string; playerAlias: string | null }[];
  }>("/_api/guild-members?status=all");
  const { marketExchangeItems } = await api.get<{ marketExchangeItems: { lootName: string }[] }>(
    "/_api/market-exchange",
  );
  const { attendanceRecords } = await api.get<{ attendanceRecords: { dateAttended: Date | string }[] }>(
    "/_api/attendance",
  );
  const counts = new Map<string, number>();
  const add = (mark: string) => counts.set(mark, (counts.get(mark) ?? 0) + 1);
  for (const m of guildMembers) add(m.playerName);
  for (const item of marketExchangeItems) add(item.lootName);
  for (const record of attendanceRecords) add(new Date(record.dateAttended).toISOString());
  const aliases = new Map(guildMembers.map((m) => [m.id, m.playerAlias]));
  return { counts, aliases };
}

type Snapshot = Awaited<ReturnType<typeof snapshot>>;

/** Whether a write's change is in the database: its mark once, or (an alias) the member's current alias. */
function presence(w: Write, client: Client, now: Snapshot): number {
  if (w.kind === "alias") return now.aliases.get(client.memberId) === w.mark ? 1 : 0;
  return now.counts.get(w.mark) ?? 0;
}

interface Tally {
  acknowledged: number;
  lost: number;
  duplicated: number;
  inFlight: number;
  inFlightCommitted: number;
}

const isOk = (status: number) => status >= 200 && status < 300;

/** One client's writes, one after another, until the server is gone; the write it was sending stays pending. */
async function writeUntilKilled(api: Api, client: Client, run: string, tally: Tally, refusals: string[]) {
  for (;;) {
    const w = client.next(run);
    client.pending = w;
    let answer: { status: number; text: string };
    try {
      answer = await api.send(w);
    } catch {
      return;
    }
    client.pending = undefined;
    if (isOk(answer.status)) {
      client.done.push(w);
      tally.acknowledged += 1;
    } else {
      refusals.push(`${w.path} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
    }
  }
}

/** The writes in flight at the kill: were they committed? Then sent again with their keys. */
async function resend(api: Api, clients: Client[], tally: Tally, refusals: string[]): Promise<void> {
  const now = await snapshot(api);
  for (const client of clients) {
    const w = client.pending;
    if (!w) continue;
    tally.inFlight += 1;
    if (presence(w, client, now) > 0) tally.inFlightCommitted += 1;
    const answer = await api.send(w);
    if (isOk(answer.status)) client.done.push(w);
    else refusals.push(`${w.path} sent again answered ${answer.status}: ${answer.text.slice(0, 300)}`);
    client.pending = undefined;
  }
}

/** Every write done so far, looked for: lost (missing) and duplicated (there twice) ones. */
async function verify(api: Api, clients: Client[]): Promise<{ lost: string[]; duplicated: string[] }> {
  const now = await snapshot(api);
  const lost: string[] = [];
  const duplicated: string[] = [];
  for (const client of clients) {
    for (const w of client.done) {
      if (w.kind === "alias") continue; // only the last alias is still to be seen
      const seen = presence(w, client, now);
      if (seen === 0) lost.push(`${w.kind} ${w.mark}`);
      if (seen > 1) duplicated.push(`${w.kind} ${w.mark} (${seen} times)`);
    }
    const lastAlias = client.done.filter((w) => w.kind === "alias").at(-1);
    if (lastAlias && presence(lastAlias, client, now) === 0) lost.push(`alias ${lastAlias.mark}`);
  }
  return { lost, duplicated };
}

/** The admin's session, and a member of each client's own for its alias writes (not counted). */
async function setUp(api: Api, clients: Client[]): Promise<void> {
  await api.login();
  for (const client of clients) {
    const answer = await api.send({
      kind: "member",
      path: "/_api/guild-members",
      key: crypto.randomUUID(),
      body: superjson.stringify({ playerName: `Crash client ${client.id}`, category: "Core" }),
      mark: "",
    });
    if (!isOk(answer.status))
      throw new Error(`creating the client's member answered ${answer.status}: ${answer.text}`);
    client.memberId = (superjson.parse(answer.text) as { guildMember: { id: number } }).guildMember.id;
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  const options = readOptions();
  const dataDir = mkdtempSync(join(tmpdir(), "guild-bench-crash-"));
  const server = new Server(dataDir, await freePort());
  const api = new Api(server.port);
  const clients = Array.from({ length: options.clients }, (_, i) => new Client(i + 1));
  const tally: Tally = {
    acknowledged: 0,
    lost: 0,
    duplicated: 0,
    inFlight: 0,
    inFlightCommitted: 0,
  };
  const refusals: string[] = [];
  const restarts: number[] = [];
  console.log(
    `bench:crash: ${options.cycles} cycles of kill -9, ${options.clients} clients, DATA_DIR ${dataDir}`,
  );
  try {
    console.log(`first start (migrations, sample data, admin): ${seconds(await server.start())}`);
    await setUp(api, clients);
    let result = { lost: [] as string[], duplicated: [] as string[] };
    for (let cycle = 1; cycle <= options.cycles; cycle++) {
      const acknowledgedBefore = tally.acknowledged;
      const inFlightBefore = tally.inFlight;
      const committedBefore = tally.inFlightCommitted;
      const killAfter = options.minMs + Math.random() * (options.maxMs - options.minMs);
      const writers = clients.map((c) => writeUntilKilled(api, c, `r${cycle}`, tally, refusals));
      await new Promise((r) => setTimeout(r, killAfter));
      await server.end("SIGKILL");
      await Promise.all(writers);
      const restart = await server.start();
      restarts.push(restart);
      await resend(api, clients, tally, refusals);
      result = await verify(api, clients);
      console.log(
        `cycle ${String(cycle).padStart(2)}: killed ${seconds(killAfter)} into the writes, ` +
          `${tally.acknowledged - acknowledgedBefore} acknowledged, ${tally.inFlight - inFlightBefore} in flight ` +
          `(${tally.inFlightCommitted - committedBefore} had committed); restart ${seconds(restart)}; ` +
          `lost ${result.lost.length}, duplicated ${result.duplicated.length}`,
      );
    }
    // A clean stop and start keep everything too.
    await server.end("SIGTERM");
    await server.start();
    result = await verify(api, clients);
    tally.lost = result.lost.length;
    tally.duplicated = result.duplicated.length;
    await server.end("SIGTERM");
    report(tally, restarts, result, refusals);
    if (tally.lost > 0 || tally.duplicated > 0 || refusals.length > 0) process.exitCode = 1;
  } catch (err) {
    await server.end("SIGKILL");
    throw err;
  } finally {
    if (options.keep) console.log(`DATA_DIR kept: ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(
  tally: Tally,
  restarts: number[],
  result: { lost: string[]; duplicated: string[] },
  refusals: string[],
) {
  const sorted = [...restarts].sort((a, b) => a - b);
  console.log("");
  console.log(`acknowledged: ${tally.acknowledged}`);
  console.log(
    `in flight at a kill, sent again with their keys: ${tally.inFlight} (${tally.inFlightCommitted} had committed before the kill)`,
  );
  console.log(
    `lost:         ${tally.lost}${result.lost.length ? ` (${result.lost.slice(0, 5).join("; ")})` : ""}`,
  );
  console.log(
    `duplicated:   ${tally.duplicated}${result.duplicated.length ? ` (${result.duplicated.slice(0, 5).join("; ")})` : ""}`,
  );
  console.log(`refused:      ${refusals.length}${refusals.length ? ` (${refusals[0]})` : ""}`);
  console.log(
    `restart after kill -9: median ${seconds(sorted[Math.floor(sorted.length / 2)] ?? 0)}, max ${seconds(sorted.at(-1) ?? 0)}`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
