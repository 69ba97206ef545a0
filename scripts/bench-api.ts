/**
 * `npm run bench:api`: how fast `npm start` answers its public reads, next to bare Hono routes on
 * @hono/node-server that answer the very same bytes (the most a Node server can do for that body).
 *
 * - Starts `npm start` on a fresh DATA_DIR with the sample data (PGlite), reads the roster
 *   (`public/guild-members`), the market (`public/market-exchange`) and the timers (`boss-timers`) once,
 *   and starts bench-api-bare-server.ts with those bodies; each server runs in a process of its own.
 * - For each read, with autocannon (`--connections`, default 20; `--seconds` each, default 5, after a
 *   1-second warm-up): the portal, the bare route, and the portal again with the answer's ETag in
 *   If-None-Match (the 304 a browser's revalidation gets). Prints req/s and p99 and the portal's share of the
 *   bare route's req/s.
 * - Target: every read at least 50% of its bare route in the same run; the script exits 1 when one is below.
 *   A benchmark, not a test: the numbers move with whatever else the machine is doing.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import type { BareAnswer } from "./bench-api-bare-server.ts";
import { freePort, type RunningServer, repoRoot, startPortal, startServer } from "./start-server.ts";

const READS = [
  { name: "roster", path: "/_api/public/guild-members" },
  { name: "market", path: "/_api/public/market-exchange" },
  { name: "timers", path: "/_api/boss-timers" },
] as const;
const TARGET = 0.5;

interface Load {
  connections: number;
  seconds: number;
}

interface Figures {
  reqPerSec: number;
  p99: number;
  /** Answers by status code. */
  statuses: Record<string, number>;
}

interface Row {
  name: string;
  portal: Figures;
  bare: Figures;
  /** With If-None-Match; null when the portal sent no ETag. */
  revalidated: Figures | null;
}

/** One autocannon run; a connection error or an answer outside `expected` aborts the bench. */
async function measure(url: string, load: Load, expected: readonly number[], headers = {}): Promise<Figures> {
  const result = await autocannon({ url, headers, connections: load.connections, duration: load.seconds });
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat?.count ?? 0]),
  );
  const unexpected = Object.keys(statuses).filter((code) => !expected.includes(Number(code)));
  if (result.errors > 0 || result.timeouts > 0 || unexpected.length > 0) {
    throw new Error(
      `${url}: ${result.errors} errors, ${result.timeouts} timeouts, answers ${JSON.stringify(statuses)}`,
    );
  }
  return { reqPerSec: result.requests.average, p99: result.latency.p99, statuses };
}

/** Each read's answer as the portal sends it now: the bare routes answer these bytes. */
async function answersOf(portal: RunningServer): Promise<(BareAnswer & { etag: string | null })[]> {
  const answers = [];
  for (const read of READS) {
    const res = await fetch(`${portal.url}${read.path}`);
    if (res.status !== 200) throw new Error(`${read.path} answered ${res.status}`);
    const contentType = res.headers.get("content-type") ?? "application/json; charset=utf-8";
    answers.push({ path: read.path, body: await res.text(), contentType, etag: res.headers.get("etag") });
  }
  return answers;
}

async function startBare(answers: readonly BareAnswer[], dir: string): Promise<RunningServer> {
  const file = join(dir, "answers.json");
  writeFileSync(
    file,
    JSON.stringify(answers.map(({ path, body, contentType }) => ({ path, body, contentType }))),
  );
  const port = await freePort();
  return startServer({
    command: join(repoRoot, "node_modules", ".bin", "tsx"),
    args: [join(repoRoot, "scripts", "bench-api-bare-server.ts"), file, String(port)],
    env: {},
    port,
    ready: /bare routes listening/,
  });
}

async function measureAll(portal: RunningServer, load: Load, dir: string): Promise<Row[]> {
  const answers = await answersOf(portal);
  const bare = await startBare(answers, dir);
  try {
    const rows: Row[] = [];
    for (const [i, read] of READS.entries()) {
      const etag = answers[i]?.etag ?? null;
      const warmUp = { ...load, seconds: 1 };
      await measure(`${portal.url}${read.path}`, warmUp, [200]);
      await measure(`${bare.url}${read.path}`, warmUp, [200]);
      rows.push({
        name: `${read.name} (${read.path.replace("/_api/", "")})`,
        portal: await measure(`${portal.url}${read.path}`, load, [200]),
        bare: await measure(`${bare.url}${read.path}`, load, [200]),
        // A timer that ends during the run changes the answer: those requests get the new one (200).
        revalidated: etag
          ? await measure(`${portal.url}${read.path}`, load, [304, 200], { "if-none-match": etag })
          : null,
      });
    }
    return rows;
  } finally {
    await bare.stop();
  }
}

const count = (n: number) => Math.round(n).toLocaleString("en-US");
const percent = (share: number) => `${Math.round(share * 100)}%`;

function report(rows: readonly Row[], load: Load): boolean {
  console.log(
    `\nPublic reads on npm start (PGlite, sample data) against bare Hono routes answering the same bytes;` +
      ` autocannon, ${load.connections} connections, ${load.seconds} s per run.\n`,
  );
  console.log(
    "| read | portal req/s | p99 | bare req/s | p99 | portal / bare | 304 req/s | p99 | 304 / bare |",
  );
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  let met = true;
  for (const row of rows) {
    const share = row.portal.reqPerSec / row.bare.reqPerSec;
    met &&= share >= TARGET;
    const again = row.revalidated;
    const notModified = again
      ? [count(again.reqPerSec), `${again.p99} ms`, percent(again.reqPerSec / row.bare.reqPerSec)]
      : ["no ETag", "", ""];
    const cells = [row.name, count(row.portal.reqPerSec), `${row.portal.p99} ms`, count(row.bare.reqPerSec)];
    cells.push(`${row.bare.p99} ms`, percent(share), ...notModified);
    console.log(`| ${cells.join(" | ")} |`);
    const changed = again?.statuses["200"];
    if (changed)
      console.log(`  (${row.name}: ${count(changed)} revalidations got a new answer: it changed mid-run)`);
  }
  console.log(
    met
      ? `\nEvery read reaches ${percent(TARGET)} of its bare route.`
      : `\nAt least one read is below ${percent(TARGET)} of its bare route.`,
  );
  return met;
}

async function main() {
  const { values } = parseArgs({
    options: { connections: { type: "string", default: "20" }, seconds: { type: "string", default: "5" } },
  });
  const load = { connections: Number(values.connections) || 20, seconds: Number(values.seconds) || 5 };
  const dir = mkdtempSync(join(tmpdir(), "bench-api-"));
  const portal = await startPortal();
  try {
    if (!report(await measureAll(portal, load, dir), load)) process.exitCode = 1;
  } finally {
    await portal.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
