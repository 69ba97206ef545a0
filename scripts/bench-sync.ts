/**
 * `npm run bench:sync`: what an open app downloads to stay in sync as the history grows (decision 031). On
 * PGlite, prepared as `npm start` prepares a database (migrations, sample data, an admin), with N more Sold
 * items (`--items N`, default 10,000; bench-scale-seed.ts), it prints the bytes of each answer:
 *   - the whole collections as the collections' own reads send them (what every open app pulled every minute
 *     before delta pulls), for an admin and for a visitor;
 *   - GET /_api/changes without a cursor (a first visit), with nothing changed, and after one write of each
 *     kind: a loot create (a Sold item, 20 participants), a loot edit, an attendance create and a member's
 *     category change, each pulled from the cursor of the pull before it.
 * A benchmark, not a test: it exits 1 only when a call fails.
 */
import { parseArgs } from "node:util";
import superjson from "superjson";
import { createApp } from "../worker/app/create-app.ts";
import { createMemoryPgliteDb } from "../worker/db/pglite.ts";
import { prepareAsNpmStart } from "./bench-database.ts";
import { BenchApi, idOf } from "./bench-scale-api.ts";
import { PARTICIPANTS, seedGuildHistory } from "./bench-scale-seed.ts";

const ADMIN = { email: "bench@guild.local", password: "bench-sync-password" };
const PEPPER = "bench-sync-pepper-0123456789";
const ADMIN_READS = ["/guild-members?status=all", "/market-exchange", "/public/boss-names", "/boss-timers"];
const ADMIN_ONLY_READS = ["/guild-funds", "/attendance"];
const VISITOR_READS = [
  "/public/guild-members",
  "/public/market-exchange",
  "/public/boss-names",
  "/boss-timers",
];

const { values } = parseArgs({ options: { items: { type: "string", default: "10000" } } });
const items = Number(values.items);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const rows: [string, number][] = [];

const db = await createMemoryPgliteDb();
try {
  await prepareAsNpmStart(db, ADMIN, PEPPER);
  await seedGuildHistory(db, items);
  const app = createApp({ db, config: { brand: "Bench", timeZone: null, pepper: PEPPER } });
  const api = await BenchApi.signIn(app, ADMIN.email, ADMIN.password);
  await api.write("/_api/admin/fix-corrupted-participants", {
    dryRun: false,
    fixAction: "recalculate_all_salaries",
  });

  let adminWhole = 0;
  for (const path of [...ADMIN_READS, ...ADMIN_ONLY_READS])
    adminWhole += (await api.read(`/_api${path}`)).text.length;
  let visitorWhole = 0;
  for (const path of VISITOR_READS) visitorWhole += (await api.readAnonymously(`/_api${path}`)).text.length;
  rows.push(["whole collections by their own reads, admin", adminWhole]);
  rows.push(["whole collections by their own reads, visitor", visitorWhole]);

  let cursor = "";
  const pull = async (label: string) => {
    const answer = await api.read(`/_api/changes${cursor ? `?since=${encodeURIComponent(cursor)}` : ""}`);
    cursor = superjson.parse<{ cursor: string }>(answer.text).cursor;
    rows.push([label, answer.text.length]);
  };
  await pull("GET /changes without a cursor (first visit), admin");
  rows.push([
    "GET /changes without a cursor (first visit), visitor",
    (await api.readAnonymously("/_api/changes")).text.length,
  ]);
  await pull("GET /changes, nothing changed");

  const [names, [member], [boss], [sold]] = await Promise.all([
    db.query<{ name: string }>(
      `SELECT player_name AS name FROM guild_members WHERE status = 'active' AND main_member_id IS NULL
        ORDER BY id LIMIT ${PARTICIPANTS}`,
    ),
    db.query<{ id: number }>(
      "SELECT id FROM guild_members WHERE status = 'active' AND category = 'Members' ORDER BY id DESC LIMIT 1",
    ),
    db.query<{ name: string }>("SELECT name FROM boss_names ORDER BY id LIMIT 1"),
    db.query<{ id: number }>("SELECT id FROM market_exchange WHERE status = 'Sold' ORDER BY id LIMIT 1"),
  ]);
  if (!member || !boss || !sold) throw new Error("the seeded data lacks a member, a boss or a Sold item");
  const participants = names.map((n) => n.name);
  const loot = await api.write("/_api/market-exchange", {
    lootName: "Bench loot",
    bossName: boss.name,
    value: "1234.56",
    status: "Sold",
    participatedMembers: participants,
    totalFunds: "1234.56",
    dateAcquired: new Date().toISOString().slice(0, 10),
  });
  await pull(`GET /changes after a loot create (Sold, ${PARTICIPANTS} participants)`);
  await api.write("/_api/market-exchange/update", {
    id: idOf(loot, "marketExchangeItem"),
    lootName: "Bench loot 2",
  });
  await pull("GET /changes after a loot name edit");
  await api.write("/_api/attendance", {
    bossName: boss.name,
    dateAttended: new Date(),
    participatedMembers: participants,
  });
  await pull(`GET /changes after an attendance create (${PARTICIPANTS} participants)`);
  await api.write("/_api/guild-member/update", { id: member.id, category: "Core" });
  await pull("GET /changes after a member's category change");
  await pull("GET /changes, nothing changed again");

  console.log(`bench:sync: PGlite, the sample data and ${items.toLocaleString("en-US")} more Sold items`);
  console.log("\n| answer | bytes | size |\n| --- | ---: | ---: |");
  for (const [label, bytes] of rows)
    console.log(`| ${label} | ${bytes.toLocaleString("en-US")} | ${kb(bytes)} |`);
} finally {
  await db.close();
}
