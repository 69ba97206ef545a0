/**
 * A throwaway PostgreSQL 15 server for the tests (Node only): initdb in a temp dir, listening on
 * 127.0.0.1 with a free port and its unix socket inside that dir, stopped and removed at teardown.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const PG_BIN = "/usr/lib/postgresql/15/bin";
const INSTALL_HINT =
  "The tests need PostgreSQL 15 in /usr/lib/postgresql/15/bin: run `sudo apt-get install -y postgresql-15` " +
  "(Debian/Ubuntu), or set TEST_DATABASE_URL to a PostgreSQL 15+ server the tests may create databases on.";

export interface PostgresServer {
  /** Connection string to the maintenance database `postgres`, as a superuser. */
  url: string;
  stop(): Promise<void>;
}

const isRoot = () => process.getuid?.() === 0;

function ensureBinaries(): void {
  if (existsSync(join(PG_BIN, "initdb"))) return;
  if (!isRoot()) throw new Error(INSTALL_HINT);
  console.log("Installing postgresql-15 for the tests (apt-get)...");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const install = () =>
    spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "postgresql-15"], {
      stdio: "inherit",
      env,
    });
  if (install().status !== 0) {
    spawnSync("apt-get", ["update"], { stdio: "inherit", env });
    if (install().status !== 0 || !existsSync(join(PG_BIN, "initdb"))) throw new Error(INSTALL_HINT);
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** initdb and postgres refuse to run as root, so as root they run as the `postgres` user. */
function runPg(tool: string, args: string[]): void {
  const [cmd, argv] = isRoot()
    ? ["runuser", ["-u", "postgres", "--", join(PG_BIN, tool), ...args]]
    : [join(PG_BIN, tool), args];
  execFileSync(cmd as string, argv as string[], { stdio: "pipe" });
}

function postgresUid(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}

export async function startPostgresServer(): Promise<PostgresServer> {
  ensureBinaries();
  const dir = mkdtempSync(join(tmpdir(), "guild-pg-"));
  if (isRoot()) {
    const { uid, gid } = postgresUid();
    chownSync(dir, uid, gid);
  }
  const data = join(dir, "data");
  const log = join(dir, "server.log");
  const port = await freePort();
  try {
    runPg("initdb", [
      "-D",
      data,
      "-U",
      "postgres",
      "--auth=trust",
      "--encoding=UTF8",
      "--locale=C",
      "--no-sync",
    ]);
    // Durability is pointless for a throwaway server; these make CREATE DATABASE and commits fast.
    const options = [
      `-p ${port}`,
      "-c listen_addresses=127.0.0.1",
      `-c unix_socket_directories=${dir}`,
      "-c fsync=off",
      "-c synchronous_commit=off",
      "-c full_page_writes=off",
      "-c max_connections=200",
    ].join(" ");
    runPg("pg_ctl", ["-D", data, "-l", log, "-o", options, "-w", "-t", "60", "start"]);
  } catch (err) {
    const serverLog = existsSync(log) ? readFileSync(log, "utf8") : "";
    rmSync(dir, { recursive: true, force: true });
    const detail = (err as { stderr?: Buffer }).stderr?.toString() ?? (err as Error).message;
    throw new Error(`Could not start the test PostgreSQL server: ${detail}\n${serverLog}`);
  }
  let stopped = false;
  const stopNow = () => {
    if (stopped) return;
    stopped = true;
    process.off("exit", stopNow);
    try {
      runPg("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  // A run that ends without its teardown (an uncaught error, process.exit) still stops the server.
  process.on("exit", stopNow);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      stopNow();
    },
  };
}
