/**
 * Servers the benchmarks measure, each in a process of its own: `npm start` on a fresh DATA_DIR with the
 * sample data (bench:web, bench:api), or any command that says when it listens.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..");

/** `npm run build` in production mode, warnings only; throws when the build fails. */
/** Builds the web app of the checkout at `root` (this one unless given) into its dist/web. */
export function buildWeb(root = repoRoot): void {
  console.log(`Building the web app (npm run build)${root === repoRoot ? "" : ` in ${root}`}...`);
  const result = spawnSync("npm", ["run", "build", "--silent", "--", "--logLevel", "warn"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error("The web build failed.");
}

export interface RunningServer {
  url: string;
  /** The process group's id (the command runs in a group of its own). */
  pid: number;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

interface ServerCommand {
  command: string;
  args: readonly string[];
  env: Record<string, string>;
  port: number;
  /** Printed once the server accepts requests. */
  ready: RegExp;
}

/**
 * Starts `command` in a process group of its own (npm starts a shell that starts node: stopping the group
 * stops them all) and waits until its output matches `ready`.
 */
export async function startServer(server: ServerCommand): Promise<RunningServer> {
  const child = spawn(server.command, server.args, {
    cwd: repoRoot,
    env: { ...process.env, ...server.env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    try {
      process.kill(-(child.pid as number), "SIGTERM");
    } catch {
      // already gone
    }
    await new Promise((resolve) => {
      child.once("exit", resolve);
      setTimeout(resolve, 10_000);
    });
  };
  const deadline = Date.now() + 120_000;
  while (!server.ready.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`${server.command} ${server.args.join(" ")} did not come up:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url: `http://127.0.0.1:${server.port}`, pid: child.pid as number, stop };
}

/** `npm start` as a visitor meets it: a fresh DATA_DIR with the sample data, on a free port. */
export async function startPortal(): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "portal-bench-"));
  const port = await freePort();
  try {
    const portal = await startServer({
      command: "npm",
      args: ["start", "--silent"],
      env: { DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", SEED_SAMPLE_DATA: "true" },
      port,
      ready: /is running at http/,
    });
    return {
      url: portal.url,
      pid: portal.pid,
      async stop() {
        await portal.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}
