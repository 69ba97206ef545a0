/**
 * `npm run bench:scale`: how the API's writes and public reads hold up as a guild's history grows.
 *
 * For each driver (`--driver pglite|postgres|both`, default both) it prepares two databases the way `npm start`
 * does (migrations, sample data, bootstrap admin): the sample data alone, and the sample data plus N Sold
 * items (`--items N`, default 10,000) with a roster of about 200 and raid attendance (bench-scale-seed.ts).
 * The seeded figures are brought up to date through the API (Recalculate All Salaries: "rebuild"), then the
 * real app (createApp, called in-process as an admin and as an anonymous visitor) is timed in rounds
 * (`--runs`, default 30, after `--warmups`, default 3), each doing every call once:
 *   attendance create (20 participants), loot create (a Sold item, 20 participants), loot edit (the value of
 *   an existing Sold item, alternating), member category change (a member toggled Members <-> Core),
 *   GET /_api/public/salary-calculation and GET /_api/public/market-exchange.
 * The created loot item and attendance record are deleted (untimed) after each round, so every round sees
 * the same data. Before the rounds, a split rule set (decision 075) is previewed and saved from the median day of
 * the Sold items, so half the history moves to it and the timed writes run with rules in force; its times are
 * printed with the items it moved, against the full rebuild of the same database.
 * Prints a markdown table: p50 and p99 (nearest rank) in ms, and the ratio of the p50s.
 * PostgreSQL: `--database-url` or TEST_DATABASE_URL (databases are created and dropped on it), else a
 * throwaway PostgreSQL 15 server from /usr/lib/postgresql/15/bin, removed at the end.
 * A benchmark, not a test: it exits 1 only when a call fails.
 */
import { parseArgs } from "node:util";
import superjson from "superjson";
import { moneyText, parseMoney } from "../shared/money/money.ts";
import { createApp } from "../worker/app/create-app.ts";
import { createNodePostgresDb } from "../worker/db/node-postgres.ts";
import { createMemoryPgliteDb } from "../worker/db/pglite.ts";
import type { Db } from "../worker/db/types.ts";
import { databaseUrl, newDatabaseName } from "../worker/test/database-names.ts";
import { startPostgresServer } from "../worker/test/postgres-server.ts";
import { prepareAsNpmStart } from "./bench-database.ts";
import { BenchApi, idOf } from "./bench-scale-api.ts";
import { countHistory, PARTICIPANTS, type SeededHistory, seedGuildHistory } from "./bench-scale-seed.ts";
import { ms, percentile } from "./bench-stats.ts";

const ADMIN = { email: "bench@guild.local", password: "bench-scale-password" };
const PEPPER = "bench-scale-pepper-0123456789";

const WRITES = ["attendance create", "loot create", "loot edit", "member category"] as const;
/**
 * "receipt" is what the receipt page reads (the summary, decision 024); the whole receipt and one
 * member's receipt are timed beside it.
 */
const READS = [
  "receipt (anonymous)",
  "one member's receipt",
  "full receipt (whole answer)",
  "market list (anonymous)",
] as const;
const CALLS = [...WRITES, ...READS] as const;
type Call = (typeof CALLS)[number];

interface Options {
  items: number;
  runs: number;
  warmups: number;
  drivers: ("pglite" | "postgres")[];
  databaseUrl: string | undefined;
}

interface Phase {
  history: SeededHistory;
  rebuildMs: number;
  ruleChange: RuleChange;
  samples: Record<Call, number[]>;
}

interface RuleChange {
  day: string;
  previewMs: number;
  saveMs: number;
  itemsMoved: number;
}

/** 90% base pool, 10% guild fund from the median day of the Sold items: half of them move (decision 075). */
async function changeSplitRules(api: BenchApi, db: Db): Promise<RuleChange> {
  const [median] = await db.query<{ day: string }>(
    `SELECT to_char(percentile_disc(0.5) WITHIN GROUP (ORDER BY date_acquired), 'YYYY-MM-DD') AS day
       FROM market_exchange WHERE status = 'Sold' AND date_acquired IS NOT NULL`,
  );
  const day = median?.day as string;
  const rules = {
    effectiveFrom: day,
    guildFund: "10",
    adminFund: "0",
    elitePool: "0",
    basePool: "90",
    eliteCategories: ["Guild Master", "Core"],
    emptyElitePool: "guild-fund",
  };
  const preview = await api.write("/_api/admin/split-rules/preview", rules);
  const save = await api.write("/_api/admin/split-rules", rules, "PUT");
  const { itemsMoved } = superjson.parse<{ itemsMoved: number }>(save.text);
  return { day, previewMs: preview.ms, saveMs: save.ms, itemsMoved };
}

interface DriverResult {
  driver: string;
  sample: Phase;
  scaled: Phase;
}

/** A source of fresh, empty databases on one driver. */
interface Target {
  name: string;
  open(): Promise<Db>;
  dispose(): Promise<void>;
}

const log = (line: string) => process.stderr.write(`${line}\n`);

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      items: { type: "string", default: "10000" },
      runs: { type: "string", default: "30" },
      warmups: { type: "string", default: "3" },
      driver: { type: "string", default: "both" },
      "database-url": { type: "string" },
    },
  });
  const count = (name: string, text: string, min: number) => {
    const n = Number(text.replaceAll("_", "").replaceAll(",", ""));
    if (!Number.isInteger(n) || n < min)
      throw new Error(`--${name} must be a whole number of at least ${min}`);
    return n;
  };
  const driver = values.driver;
  if (driver !== "pglite" && driver !== "postgres" && driver !== "both") {
    throw new Error("--driver must be pglite, postgres or both");
  }
  return {
    items: count("items", values.items, 1),
    runs: count("runs", values.runs, 1),
    warmups: count("warmups", values.warmups, 0),
    drivers: driver === "both" ? ["pglite", "postgres"] : [driver],
    databaseUrl: values["database-url"] ?? process.env.TEST_DATABASE_URL,
  };
}

async function serverVersion(db: Db): Promise<string> {
  const [row] = await db.query<{ server_version: string }>("SHOW server_version");
  return (row?.server_version ?? "?").split(" ")[0] as string;
}

function pgliteTarget(): Target {
  return { name: "PGlite", open: () => createMemoryPgliteDb(), dispose: async () => {} };
}

/** Databases on the given server, or on a throwaway PostgreSQL 15 server; each dropped when closed. */
async function postgresTarget(url: string | undefined): Promise<Target> {
  const server = url ? undefined : await startPostgresServer();
  const adminUrl = url ?? (server?.url as string);
  const admin = createNodePostgresDb(adminUrl, { max: 1 });
  const version = await serverVersion(admin);
  return {
    name: `PostgreSQL ${version}`,
    async open() {
      const name = newDatabaseName("bench_scale_");
      await admin.query(`CREATE DATABASE ${name}`);
      const db = createNodePostgresDb(databaseUrl(adminUrl, name));
      return {
        ...db,
        async close() {
          await db.close();
          await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        },
      };
    },
    async dispose() {
      await admin.close();
      await server?.stop();
    },
  };
}

interface Fixtures {
  bossName: string;
  participants: string[];
  editItem: { id: number; values: [string, string] };
  member: { id: number; name: string; categories: [string, string] };
}

/** What the timed calls act on, read with plain SQL: the same sample rows in both databases. */
async function loadFixtures(db: Db): Promise<Fixtures> {
  const participants = await db.query<{ name: string }>(
    `SELECT player_name AS name FROM guild_members WHERE status = 'active' AND main_member_id IS NULL
      ORDER BY id LIMIT ${PARTICIPANTS}`,
  );
  const [item] = await db.query<{ id: number; value: string }>(
    "SELECT id, value FROM market_exchange WHERE status = 'Sold' ORDER BY id LIMIT 1",
  );
  const [member] = await db.query<{ id: number; name: string }>(
    `SELECT id, player_name AS name FROM guild_members WHERE status = 'active' AND category = 'Members' AND main_member_id IS NULL
      ORDER BY id LIMIT 1`,
  );
  const [boss] = await db.query<{ name: string }>("SELECT name FROM boss_names ORDER BY id LIMIT 1");
  if (participants.length < PARTICIPANTS || !item || !member || !boss) {
    throw new Error("the sample data lacks the members, Sold item or boss the bench acts on");
  }
  return {
    bossName: boss.name,
    participants: participants.map((p) => p.name),
    editItem: { id: item.id, values: [moneyText(parseMoney(item.value) + 10_000), item.value] },
    member: { id: member.id, name: member.name, categories: ["Core", "Members"] },
  };
}

/** One round: every call once, timed; then the round's additions deleted, untimed. */
async function round(api: BenchApi, f: Fixtures, n: number): Promise<Record<Call, number>> {
  const today = new Date().toISOString().slice(0, 10);
  const attendance = await api.write("/_api/attendance", {
    bossName: f.bossName,
    dateAttended: new Date(),
    participatedMembers: f.participants,
  });
  const loot = await api.write("/_api/market-exchange", {
    lootName: `Bench loot ${n}`,
    bossName: f.bossName,
    value: "1234.56",
    status: "Sold",
    participatedMembers: f.participants,
    totalFunds: "1234.56",
    dateAcquired: today,
  });
  const edit = await api.write("/_api/market-exchange/update", {
    id: f.editItem.id,
    value: f.editItem.values[n % 2],
  });
  const category = await api.write("/_api/guild-member/update", {
    id: f.member.id,
    category: f.member.categories[n % 2],
  });
  const receipt = await api.readAnonymously("/_api/public/salary-calculation/summary");
  const member = await api.readAnonymously(
    `/_api/public/salary-calculation/member?name=${encodeURIComponent(f.member.name)}`,
  );
  const fullReceipt = await api.readAnonymously("/_api/public/salary-calculation");
  const market = await api.readAnonymously("/_api/public/market-exchange");
  await api.write("/_api/market-exchange/delete", { id: idOf(loot, "marketExchangeItem") });
  await api.write("/_api/attendance/delete", { id: idOf(attendance, "attendanceRecord") });
  return {
    "attendance create": attendance.ms,
    "loot create": loot.ms,
    "loot edit": edit.ms,
    "member category": category.ms,
    "receipt (anonymous)": receipt.ms,
    "one member's receipt": member.ms,
    "full receipt (whole answer)": fullReceipt.ms,
    "market list (anonymous)": market.ms,
  };
}

/** A fresh database with the sample data (and `items` more Sold items), rebuilt through the API, then timed. */
async function runPhase(target: Target, items: number, options: Options): Promise<Phase> {
  const db = await target.open();
  try {
    const started = performance.now();
    // What `npm start` does on a brand-new database: migrations, the sample data, the bootstrap admin.
    await prepareAsNpmStart(db, ADMIN, PEPPER);
    const history = items > 0 ? await seedGuildHistory(db, items) : await countHistory(db);
    const app = createApp({ db, config: { brand: "Bench", timeZone: null, pepper: PEPPER } });
    const api = await BenchApi.signIn(app, ADMIN.email, ADMIN.password);
    const rebuild = await api.write("/_api/admin/fix-corrupted-participants", {
      dryRun: false,
      fixAction: "recalculate_all_salaries",
    });
    const { message } = superjson.parse<{ message: string }>(rebuild.text);
    log(
      `  ${items > 0 ? `${items} items` : "sample data"}: ready in ${seconds(performance.now() - started)}; ` +
        `rebuild ${Math.round(rebuild.ms)} ms (${message})`,
    );
    const ruleChange = await changeSplitRules(api, db);
    log(
      `  split rules from ${ruleChange.day}: preview ${Math.round(ruleChange.previewMs)} ms, ` +
        `save ${Math.round(ruleChange.saveMs)} ms, ${ruleChange.itemsMoved} items moved`,
    );
    const fixtures = await loadFixtures(db);
    const samples = Object.fromEntries(CALLS.map((call) => [call, [] as number[]])) as Record<Call, number[]>;
    for (let n = 0; n < options.warmups + options.runs; n += 1) {
      const times = await round(api, fixtures, n);
      if (n < options.warmups) continue;
      for (const call of CALLS) samples[call].push(times[call]);
    }
    return { history, rebuildMs: rebuild.ms, ruleChange, samples };
  } finally {
    await db.close();
  }
}

async function runDriver(driver: Options["drivers"][number], options: Options): Promise<DriverResult> {
  const target = driver === "pglite" ? pgliteTarget() : await postgresTarget(options.databaseUrl);
  try {
    log(`${target.name}:`);
    const started = performance.now();
    const sample = await runPhase(target, 0, options);
    const scaled = await runPhase(target, options.items, options);
    log(`  done in ${seconds(performance.now() - started)}`);
    return { driver: target.name, sample, scaled };
  } finally {
    await target.dispose();
  }
}

const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;
const thousands = (n: number) => n.toLocaleString("en-US");

/** The acceptance limit on the ratio of p50s: writes 2x at up to 10,000 items and 3x beyond, the receipt 3x. */
function targetRatio(call: Call | "rebuild", items: number): number | undefined {
  if ((WRITES as readonly string[]).includes(call)) return items <= 10_000 ? 2 : 3;
  return call === "receipt (anonymous)" ? 3 : undefined;
}

function tableRows(result: DriverResult, items: number): string[] {
  const rows = CALLS.map((call) => {
    const sample = result.sample.samples[call];
    const scaled = result.scaled.samples[call];
    return {
      call,
      cells: [percentile(sample, 50), percentile(sample, 99), percentile(scaled, 50), percentile(scaled, 99)],
    };
  });
  const rebuild = {
    call: "rebuild" as const,
    cells: [result.sample.rebuildMs, Number.NaN, result.scaled.rebuildMs, Number.NaN],
  };
  return [...rows, rebuild].map(({ call, cells }) => {
    const [sampleP50 = 0, sampleP99, scaledP50 = 0, scaledP99] = cells;
    const ratio = scaledP50 / sampleP50;
    const limit = targetRatio(call, items);
    const verdict = limit === undefined ? "" : `<= ${limit}x ${ratio <= limit ? "met" : "MISSED"}`;
    const cell = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? "" : ms(v));
    return `| ${result.driver} | ${call} | ${cell(sampleP50)} | ${cell(sampleP99)} | ${cell(scaledP50)} | ${cell(scaledP99)} | ${ratio.toFixed(2)}x | ${verdict} |`;
  });
}

const plural = (n: number, word: string) => `${thousands(n)} ${word}${n === 1 ? "" : "s"}`;

function printTable(results: DriverResult[], options: Options): void {
  const scaled = results[0]?.scaled.history;
  const sample = results[0]?.sample.history;
  if (!scaled || !sample) return;
  const n = thousands(options.items);
  console.log(
    `\nbench:scale: the sample data (${plural(sample.members, "member")}, ${plural(sample.soldItems, "Sold item")}) ` +
      `vs ${n} more Sold items (${plural(scaled.soldItems, "Sold item")}, ${plural(scaled.members, "member")}, ` +
      `${plural(scaled.attendanceRecords, "attendance record")}, ${PARTICIPANTS} participants each); ` +
      `${plural(options.runs, "run")} after ${plural(options.warmups, "warm-up")}; ms; ratio = ${n} p50 / sample p50\n`,
  );
  console.log(`| driver | call | sample p50 | sample p99 | ${n} p50 | ${n} p99 | ratio | target |`);
  console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |");
  for (const result of results) for (const row of tableRows(result, options.items)) console.log(row);
  console.log(
    "\nSplit rule change from the median day (decision 075): the Sold items it moved, its preview and save, and the" +
      " save against the full rebuild of the same database\n",
  );
  console.log("| driver | data | items moved | of Sold items | preview | save | rebuild | save / rebuild |");
  console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const result of results) {
    for (const [label, phase] of [
      ["sample", result.sample],
      [`+${n}`, result.scaled],
    ] as const) {
      const { ruleChange: r, history, rebuildMs } = phase;
      console.log(
        `| ${result.driver} | ${label} | ${thousands(r.itemsMoved)} | ${thousands(history.soldItems)} | ` +
          `${ms(r.previewMs)} | ${ms(r.saveMs)} | ${ms(rebuildMs)} | ${(r.saveMs / rebuildMs).toFixed(2)}x |`,
      );
    }
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const options = readOptions();
  // Ctrl-C still runs the exit hook that stops a throwaway PostgreSQL server.
  process.on("SIGINT", () => process.exit(130));
  const results: DriverResult[] = [];
  for (const driver of options.drivers) results.push(await runDriver(driver, options));
  printTable(results, options);
  console.log(`\nRun took ${seconds(performance.now() - started)}.`);
}

await main();
