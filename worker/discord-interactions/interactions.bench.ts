/**
 * `npm run bench:discord`: how long a slash command takes to get its first answer when 20 arrive at once (issue 29:
 * p95 under 500 ms on `npm start`), on embedded PGlite as `npm start` runs it, in process (no HTTP). A guild with
 * `--bosses=N` bosses (default 40), half of them running. Each round sends 20 signed `/timers` interactions at once,
 * each timed from its sending to its answer; the baseline in the same run is the same 20 asking
 * `GET /_api/boss-timers` with a raider's session at once, the read /timers makes. `--rounds=N` (default 10). A
 * benchmark, not a test: it exits 1 only when something fails to run.
 */
import { parseArgs } from "node:util";
import { ms, percentile } from "../../scripts/bench-stats.ts";
import { createApp } from "../app/create-app.ts";
import { hashPassword } from "../auth/password-hash.ts";
import { setPasswordHash } from "../auth/user-passwords-repo.ts";
import { insertUser } from "../auth/users-repo.ts";
import { migrate } from "../db/migrate.ts";
import { createMemoryPgliteDb } from "../db/pglite.ts";
import { startFakeDiscord } from "../discord/testing/fake-discord.ts";
import { fakeDiscordApplication, slashCommand } from "../discord/testing/fake-discord-interactions.ts";
import { loadMigrations } from "../node/load-sql.ts";
import { TestClient } from "../test/api-client.ts";

const { values } = parseArgs({
  options: {
    bosses: { type: "string", default: "40" },
    rounds: { type: "string", default: "10" },
  },
});
const BOSSES = Number(values.bosses);
const ROUNDS = Number(values.rounds);
const AT_ONCE = 20;
const PEPPER = "bench-pepper-0123456789";
const PASSWORD = "bench discord password";
/** One Discord user per command of a round: each sends one per round, well under the per-minute limit. */
const discordIds = Array.from({ length: AT_ONCE }, (_, n) => String(123456789012345678n + BigInt(n)));

const db = await createMemoryPgliteDb();
await migrate(db, loadMigrations());
const discord = await startFakeDiscord();
try {
  const application = await fakeDiscordApplication(discord.url);
  const app = createApp({
    db,
    config: {
      brand: "Bench",
      timeZone: "UTC",
      pepper: PEPPER,
      discordCommands: { publicKey: application.publicKey },
    },
  });
  await db.query(
    `INSERT INTO boss_names (name, respawn_time_hours) SELECT 'Bench Boss ' || n, 8 + n % 12 FROM generate_series(1, $1) AS n`,
    [BOSSES],
  );
  await db.query(
    `INSERT INTO boss_timers (boss_name, start_time, end_time, duration_hours)
     SELECT name, now() - make_interval(mins => id), now() - make_interval(mins => id)
            + make_interval(secs => respawn_time_hours * 3600), respawn_time_hours
       FROM boss_names WHERE id % 2 = 0`,
  );
  const raider = await insertUser(db, { email: "raider@bench.test", displayName: "Raider", role: "user" });
  await setPasswordHash(db, raider.id, await hashPassword(PASSWORD, PEPPER));
  for (const [n, discordId] of discordIds.entries()) {
    const linked = await insertUser(db, {
      email: `linked${n}@bench.test`,
      displayName: `Linked ${n}`,
      role: "user",
    });
    await db.query("UPDATE users SET discord_id = $2 WHERE id = $1", [linked.id, discordId]);
  }
  const session = new TestClient(app);
  if ((await session.login("raider@bench.test", PASSWORD)).status !== 200) throw new Error("login failed");

  const timed = async (run: () => Promise<void>) => {
    const started = performance.now();
    await run();
    return performance.now() - started;
  };
  const read: number[] = [];
  const command: number[] = [];
  for (let round = 0; round <= ROUNDS; round++) {
    const reads = await Promise.all(
      Array.from({ length: AT_ONCE }, () =>
        timed(async () => {
          const res = await session.get("/_api/boss-timers");
          if (res.status !== 200) throw new Error(`GET /boss-timers answered ${res.status}`);
        }),
      ),
    );
    // Signed beforehand, as Discord would have, so the signing is not timed.
    const signed = await Promise.all(
      discordIds.map((discordId) => application.sign(slashCommand(discordId, "timers"))),
    );
    const commands = await Promise.all(
      signed.map((request) =>
        timed(async () => {
          const res = await app.request("http://localhost/_api/discord/interactions", request);
          const text = await res.text();
          if (res.status !== 200 || !text.includes("Next spawns")) throw new Error(`/timers: ${text}`);
        }),
      ),
    );
    // The first round warms up and is not counted.
    if (round > 0) {
      read.push(...reads);
      command.push(...commands);
    }
  }
  const row = (name: string, values: number[]) =>
    `${name.padEnd(34)} p50 ${ms(percentile(values, 50)).padStart(6)} ms   p95 ${ms(percentile(values, 95)).padStart(6)} ms   max ${ms(Math.max(...values)).padStart(6)} ms`;
  console.log(`${AT_ONCE} at once, ${ROUNDS} rounds, ${BOSSES} bosses (PGlite in process)`);
  console.log(row("baseline: GET /boss-timers", read));
  console.log(row("/timers from Discord", command));
  console.log(
    `ratio of the p95s: ${(percentile(command, 95) / percentile(read, 95)).toFixed(2)}x the read; target p95 500 ms`,
  );
} finally {
  await discord.close();
  await db.close();
}
