/**
 * `npm run bench:body-limit`: what an oversized or refused request body costs `npm start` (decision 028).
 *
 * Starts `npm start` on a fresh DATA_DIR (PGlite, sample data) and sends, one scenario at a time, a body of
 * `--mb` MB (default 300) with and without Content-Length: to the public login, four of them at once, and
 * anonymously with an Idempotency-Key to an admin write; a small anonymous body with an Idempotency-Key is the
 * reference. For each: the answer's status, the time until the whole answer arrived, and the server's peak RSS
 * during the scenario (Linux: /proc, peak reset through clear_refs before each scenario).
 * A benchmark, not a test: the numbers move with whatever else the machine is doing.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { parseArgs } from "node:util";
import { type RunningServer, startPortal } from "./start-server.ts";

const MB = 1024 * 1024;

interface Scenario {
  name: string;
  path: string;
  /** The JSON body is `${prefix}aaa…"}`, `mb` MB in all. */
  prefix: string;
  chunked: boolean;
  parallel: number;
  idempotencyKey: boolean;
  /** Overrides --mb (the small reference). */
  bytes?: number;
}

const LOGIN = "/_api/auth/login_with_password";
const ADMIN_WRITE = "/_api/guild-members";
const loginBody = '{"email":"nobody@guild.test","password":"';
const memberBody = '{"playerName":"';

const SCENARIOS: readonly Scenario[] = [
  {
    name: "login, Content-Length",
    path: LOGIN,
    prefix: loginBody,
    chunked: false,
    parallel: 1,
    idempotencyKey: false,
  },
  {
    name: "login, chunked",
    path: LOGIN,
    prefix: loginBody,
    chunked: true,
    parallel: 1,
    idempotencyKey: false,
  },
  {
    name: "login ×4 at once, Content-Length",
    path: LOGIN,
    prefix: loginBody,
    chunked: false,
    parallel: 4,
    idempotencyKey: false,
  },
  {
    name: "login ×4 at once, chunked",
    path: LOGIN,
    prefix: loginBody,
    chunked: true,
    parallel: 4,
    idempotencyKey: false,
  },
  {
    name: "anonymous admin write + Idempotency-Key, Content-Length",
    path: ADMIN_WRITE,
    prefix: memberBody,
    chunked: false,
    parallel: 1,
    idempotencyKey: true,
  },
  {
    name: "anonymous admin write + Idempotency-Key, chunked",
    path: ADMIN_WRITE,
    prefix: memberBody,
    chunked: true,
    parallel: 1,
    idempotencyKey: true,
  },
  {
    name: "anonymous admin write + Idempotency-Key, 40 bytes",
    path: ADMIN_WRITE,
    prefix: memberBody,
    chunked: false,
    parallel: 1,
    idempotencyKey: true,
    bytes: 40,
  },
];

interface Answer {
  status: number | string;
}

/** One request; the body is written in 1 MB pieces until it is all sent or the server has answered. */
function send(base: string, scenario: Scenario, bytes: number, n: number): Promise<Answer> {
  const url = new URL(scenario.path, base);
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (!scenario.chunked) headers["content-length"] = String(bytes);
  if (scenario.idempotencyKey) headers["idempotency-key"] = `bench-${Date.now()}-${n}`;
  const piece = Buffer.alloc(Math.min(MB, bytes), "a");
  return new Promise((resolve) => {
    let answered = false;
    const done = (status: number | string) => {
      if (answered) return;
      answered = true;
      resolve({ status });
    };
    const req = request(url, { method: "POST", headers, agent: false }, (res) => {
      res.resume();
      res.on("end", () => done(res.statusCode ?? "none"));
      res.on("error", () => done(res.statusCode ?? "none"));
    });
    // Writes stop failing quietly once the server has answered and closed: the answer is what counts.
    req.on("error", (err: NodeJS.ErrnoException) => setTimeout(() => done(err.code ?? err.message), 2_000));
    const tail = '"}';
    let left = bytes - scenario.prefix.length - tail.length;
    const pump = () => {
      while (left > 0 && !answered && !req.destroyed) {
        const size = Math.min(piece.length, left);
        left -= size;
        if (!req.write(size === piece.length ? piece : piece.subarray(0, size))) {
          req.once("drain", pump);
          return;
        }
      }
      if (!answered && !req.destroyed) req.end(tail);
    };
    req.write(scenario.prefix);
    pump();
  });
}

/** The processes of the server's process group (npm, its shell, the server itself and its esbuild service). */
function groupPids(pgid: number): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        return Number(fields[2]) === pgid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

function statusKb(pid: number, field: "VmHWM" | "VmRSS"): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(match?.[1] ?? 0);
}

/** The largest process of the group: the server (PGlite alone keeps it far above npm and esbuild). */
function serverPid(pgid: number): number {
  const pids = groupPids(pgid);
  const largest = pids.sort((a, b) => statusKb(b, "VmRSS") - statusKb(a, "VmRSS"))[0];
  if (largest === undefined) throw new Error("no server process found under /proc");
  return largest;
}

async function run(portal: RunningServer, scenario: Scenario, mb: number) {
  const pid = serverPid(portal.pid);
  // 5: reset the peak resident set size (VmHWM) to the current one.
  writeFileSync(`/proc/${pid}/clear_refs`, "5");
  const rssBefore = statusKb(pid, "VmRSS");
  const bytes = scenario.bytes ?? mb * MB;
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: scenario.parallel }, (_, n) => send(portal.url, scenario, bytes, n)),
  );
  const wall = performance.now() - started;
  // Let a refused body's drain finish before the peak is read.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const health = await fetch(`${portal.url}/_api/health`);
  return {
    scenario: scenario.name,
    body: scenario.bytes === undefined ? `${mb} MB` : `${bytes} B`,
    statuses: answers.map((a) => a.status).join(" "),
    seconds: (wall / 1000).toFixed(3),
    rssBeforeMb: Math.round(rssBefore / 1024),
    peakRssMb: Math.round(statusKb(pid, "VmHWM") / 1024),
    healthAfter: health.status,
  };
}

async function main() {
  const { values } = parseArgs({ options: { mb: { type: "string", default: "300" } } });
  const mb = Number(values.mb);
  console.log(`\nOversized and refused bodies against npm start (PGlite, sample data), ${mb} MB each;`);
  console.log("a fresh server for each scenario.\n");
  console.log("| scenario | body | status | time (s) | server RSS before (MB) | server peak RSS (MB) |");
  console.log("| --- | ---: | --- | ---: | ---: | ---: |");
  for (const scenario of SCENARIOS) {
    // A server keeps the memory it once took: each scenario gets its own, so peaks do not carry over.
    const portal = await startPortal();
    try {
      const row = await run(portal, scenario, mb);
      console.log(
        `| ${row.scenario} | ${row.body} | ${row.statuses} | ${row.seconds} | ${row.rssBeforeMb} | ${row.peakRssMb} |`,
      );
      if (row.healthAfter !== 200) console.log(`  (health answered ${row.healthAfter} afterwards)`);
    } finally {
      await portal.stop();
    }
  }
}

await main();
