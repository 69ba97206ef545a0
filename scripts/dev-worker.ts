/**
 * `npm run dev:worker` (the Neon driver, DATABASE_URL in .dev.vars) and `npm run dev:worker:hyperdrive` (the
 * HYPERDRIVE binding, CLOUDFLARE_HYPERDRIVE_LOCAL_CONNECTION_STRING_HYPERDRIVE): `wrangler dev` on a configuration
 * written from wrangler.toml for that path (no tracked file is edited), with `--test-scheduled`, and a scheduler
 * beside it that calls the Worker's /__scheduled every SCHEDULE_INTERVAL_SECONDS (default 60), as the Cron Trigger
 * does deployed and the timer does in `npm start`: spawn alerts, Discord posts and retries, the purge (decision 066).
 * Arguments after `--` go to `wrangler dev`; PORT (default 8787) is where it listens.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  DEV_CONFIG_FILE,
  databasePathLine,
  devWorkerConfig,
  parseDevVars,
} from "../worker/cloudflare/dev-worker-config.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const path = args[0] === "--hyperdrive" ? "hyperdrive" : "neon";
const wranglerArgs = args.filter((arg) => arg !== "--hyperdrive");

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const port = Number(process.env.PORT ?? 8787);
if (!Number.isInteger(port) || port < 1 || port > 65_535) fail("PORT must be a port number (1-65535).");
const intervalSeconds = Number(process.env.SCHEDULE_INTERVAL_SECONDS ?? 60);
if (!Number.isInteger(intervalSeconds) || intervalSeconds < 5 || intervalSeconds > 3600)
  fail("SCHEDULE_INTERVAL_SECONDS must be a whole number of seconds from 5 to 3600.");

// What the Worker will read: the files given with --env-file, else .dev.vars (as wrangler does).
const envFiles = wranglerArgs.flatMap((arg, i) =>
  arg === "--env-file" && wranglerArgs[i + 1] ? [resolve(root, wranglerArgs[i + 1] as string)] : [],
);
const varFiles = envFiles.length > 0 ? envFiles : [join(root, ".dev.vars")];
const vars = Object.assign(
  {},
  ...varFiles.filter((file) => existsSync(file)).map((file) => parseDevVars(readFileSync(file, "utf8"))),
) as Record<string, string>;

const database = databasePathLine(path, vars, process.env);
if (!database.ok) fail(database.error);
if (!vars.AUTH_PEPPER)
  fail(
    "AUTH_PEPPER is missing from .dev.vars: put there the AUTH_PEPPER that npm run migrate used on this database.",
  );
console.log(database.line);
console.log(
  `Scheduled jobs: every ${intervalSeconds} s through http://127.0.0.1:${port}/__scheduled (SCHEDULE_INTERVAL_SECONDS).`,
);

writeFileSync(
  join(root, DEV_CONFIG_FILE),
  devWorkerConfig(readFileSync(join(root, "wrangler.toml"), "utf8"), path),
);
const wrangler = spawn(
  process.execPath,
  [
    join(root, "node_modules", "wrangler", "bin", "wrangler.js"),
    "dev",
    "--config",
    DEV_CONFIG_FILE,
    "--test-scheduled",
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    ...wranglerArgs,
  ],
  { cwd: root, stdio: "inherit", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } },
);

// The Cron Trigger's stand-in. Before wrangler listens a call fails quietly; afterwards each failure is logged.
let answered = false;
async function runScheduled(): Promise<void> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/__scheduled?cron=*+*+*+*+*`, {
      signal: AbortSignal.timeout(intervalSeconds * 1000),
    });
    await res.body?.cancel();
    if (!res.ok)
      console.error(`Scheduled jobs: /__scheduled answered ${res.status} (the Worker's log says why).`);
    answered = true;
  } catch (err) {
    if (answered) console.error(`Scheduled jobs: /__scheduled did not answer: ${(err as Error).message}`);
  }
}
const timer = setInterval(() => void runScheduled(), intervalSeconds * 1000);

wrangler.on("exit", (code, signal) => {
  clearInterval(timer);
  process.exit(code ?? (signal ? 1 : 0));
});
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    wrangler.kill(signal);
  });
