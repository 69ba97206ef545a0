/**
 * `npm run dev:worker:check [-- --path=neon|hyperdrive|both] [--interval=N]`: shows that the scheduled jobs run
 * under `npm run dev:worker` (decision 066). On a throwaway PostgreSQL 15 (migrated as `npm run migrate` does) it
 * starts a fake push service and a fake Discord on 127.0.0.1, then, for each development database path, the same
 * script `npm run dev:worker` / `dev:worker:hyperdrive` runs (with SCHEDULE_INTERVAL_SECONDS=N, default 5, and an
 * env file of its own instead of .dev.vars), plants a boss spawning in 9 minutes with a device subscribed to its
 * alert and a Discord webhook, and waits for the encrypted push and the Discord post: each must arrive within two
 * scheduler periods. Last, it checks that `git status` is what it was. Exits 1 when anything is missing.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createNodePostgresDb } from "../worker/db/node-postgres.ts";
import { startFakeDiscord } from "../worker/discord/testing/fake-discord.ts";
import { prepareDatabase } from "../worker/node/prepare-database.ts";
import { startFakePushService } from "../worker/spawn-alerts/testing/fake-push-service.ts";
import { plantSpawnAlert } from "../worker/spawn-alerts/testing/plant-spawn-alert.ts";
import {
  createBrowserSubscription,
  decryptPushMessage,
  fromBase64Url,
} from "../worker/spawn-alerts/testing/push-crypto.ts";
import { generateVapidKeys } from "../worker/spawn-alerts/vapid.ts";
import { startPostgresServer } from "../worker/test/postgres-server.ts";
import { startWsTcpProxy } from "../worker/test/ws-tcp-proxy.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({
  options: { path: { type: "string", default: "both" }, interval: { type: "string", default: "5" } },
});
const paths = values.path === "both" ? (["neon", "hyperdrive"] as const) : [values.path];
if (!paths.every((p) => p === "neon" || p === "hyperdrive"))
  throw new Error("--path is neon, hyperdrive or both");
const intervalSeconds = Number(values.interval);
if (!Number.isInteger(intervalSeconds) || intervalSeconds < 5)
  throw new Error("--interval is 5 seconds or more");

const PEPPER = "dev-worker-check-pepper-0123456789";
const gitStatus = () => execFileSync("git", ["status", "--porcelain"], { cwd: root, encoding: "utf8" });

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function until<T>(what: string, deadline: number, probe: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    const found = await probe().catch(() => undefined);
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not there in time`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const stopTree = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.pid === undefined) return resolve();
    child.once("exit", () => resolve());
    process.kill(-child.pid, "SIGTERM");
    setTimeout(
      () => child.exitCode === null && child.pid && process.kill(-child.pid, "SIGKILL"),
      10_000,
    ).unref();
  });

const before = gitStatus();
const cleanup: (() => Promise<unknown>)[] = [];
const tmp = mkdtempSync(join(tmpdir(), "guild-dev-worker-check-"));
cleanup.push(async () => rmSync(tmp, { recursive: true, force: true }));
let failed = false;
try {
  const server = await startPostgresServer();
  cleanup.push(() => server.stop());
  const admin = createNodePostgresDb(server.url, { max: 1 });
  await admin.query("CREATE DATABASE guild");
  await admin.close();
  const url = server.url.replace("postgres@", "postgres:unused@").replace(/\/postgres$/, "/guild");
  const db = createNodePostgresDb(url, { max: 2 });
  cleanup.push(() => db.close());
  await prepareDatabase(db, {
    seedSampleData: false,
    adminEmail: "admin@guild.test",
    adminPassword: "dev-worker-check-password",
    pepper: PEPPER,
    log: () => {},
  });

  const push = await startFakePushService();
  cleanup.push(() => push.close());
  const discord = await startFakeDiscord();
  cleanup.push(() => discord.close());
  const proxy = await startWsTcpProxy([new URL(url).host]);
  cleanup.push(() => proxy.close());
  const vapid = await generateVapidKeys("mailto:check@guild.test");

  for (const [index, path] of paths.entries()) {
    const port = await freePort();
    const envFile = join(tmp, `${path}.env`);
    const vars: Record<string, string> = {
      AUTH_PEPPER: PEPPER,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: vapid.subject,
      OUTBOUND_TEST_ORIGINS: `${push.url},${discord.url}`,
      ...(path === "neon" ? { DATABASE_URL: url, NEON_WS_PROXY: proxy.address } : {}),
    };
    writeFileSync(
      envFile,
      Object.entries(vars)
        .map(([k, v]) => `${k}=${v}\n`)
        .join(""),
    );
    const output: string[] = [];
    const worker = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        join(root, "scripts", "dev-worker.ts"),
        ...(path === "hyperdrive" ? ["--hyperdrive"] : []),
        "--env-file",
        envFile,
        "--show-interactive-dev-session=false",
      ],
      {
        cwd: root,
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
        env: {
          ...process.env,
          PORT: String(port),
          SCHEDULE_INTERVAL_SECONDS: String(intervalSeconds),
          CLOUDFLARE_HYPERDRIVE_LOCAL_CONNECTION_STRING_HYPERDRIVE: path === "hyperdrive" ? url : "",
        },
      },
    );
    worker.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    worker.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    try {
      await until(`npm run dev:worker (${path}) answering`, Date.now() + 180_000, async () => {
        if (worker.exitCode !== null) throw new Error("exited");
        const res = await fetch(`http://127.0.0.1:${port}/_api/public/guild-settings`);
        await res.body?.cancel();
        return res.ok ? true : undefined;
      });
      console.log(`${path}: ${output.join("").match(/^Database: .*$/m)?.[0] ?? "(no database line)"}`);

      // A boss spawning in 9 minutes, a device asking for its alert 10 minutes ahead, and Discord's spawn alerts.
      const boss = `Check Boss ${index + 1}`;
      const spawnAt = new Date(Date.now() + 9 * 60_000);
      const device = await createBrowserSubscription(push.endpoint("ok", `check-${path}`));
      const webhookId = String(1000 + index);
      await plantSpawnAlert(db, boss, spawnAt, device);
      await db.query(
        "UPDATE discord_settings SET webhook_url = $1, lead_minutes = 10, spawn_alerts = true, timer_starts = false, loot_sales = false",
        [`${discord.url}/api/webhooks/${webhookId}/ok`],
      );
      const planted = Date.now();
      const deadline = planted + 2 * intervalSeconds * 1000;
      const pushed = await until(
        `${path}: the push`,
        deadline,
        async () => push.received(`/push/ok/check-${path}`)[0],
      );
      const pushedAfter = Date.now() - planted;
      const text = await decryptPushMessage(fromBase64Url(pushed.body), device);
      if (!text.includes(boss)) throw new Error(`${path}: the push does not name ${boss}: ${text}`);
      const posted = await until(`${path}: the Discord post`, deadline, async () => {
        const res = await fetch(`${discord.url}/__received/${webhookId}`);
        const posts = (await res.json()) as { content: string }[];
        return posts.find((post) => post.content.includes(boss));
      });
      console.log(
        `${path}: push decrypted ${(pushedAfter / 1000).toFixed(1)} s after planting ("${text.slice(0, 80)}"), ` +
          `Discord posted ${((Date.now() - planted) / 1000).toFixed(1)} s after ("${posted.content.slice(0, 80)}"); ` +
          `the limit is two periods, ${2 * intervalSeconds} s.`,
      );
    } catch (err) {
      failed = true;
      console.error(
        `${path}: FAILED: ${(err as Error).message}\n--- npm run dev:worker's output ---\n${output.join("")}`,
      );
    } finally {
      await stopTree(worker);
    }
  }
} catch (err) {
  failed = true;
  console.error(`FAILED: ${(err as Error).stack ?? err}`);
} finally {
  for (const step of cleanup.reverse()) await step().catch(() => {});
}
const after = gitStatus();
if (after !== before) {
  failed = true;
  console.error(`git status changed while switching database paths:\n${after}`);
} else console.log("git status: as before (no tracked file edited).");
process.exit(failed ? 1 : 0);
