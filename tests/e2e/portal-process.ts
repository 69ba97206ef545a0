import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export interface PortalProcess {
  child: ChildProcess;
  /** The environment it was started with beyond the test's own: startPortal(p.env) starts it again as it was. */
  env: Record<string, string>;
  output: () => string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  /**
   * SIGTERM to the whole group, then waits for it to close the database and exit. Resolves "killed" when it had to
   * end it with SIGKILL after a minute (a close that slow leaves DATA_DIR's lock behind, as a crash would).
   */
  stop(): Promise<"stopped" | "killed">;
  /** kill -9 of every process of the portal at once, as a crash or a power cut would end it. */
  crash(): Promise<void>;
}

function signalGroup(group: number, signal: NodeJS.Signals): void {
  try {
    process.kill(group, signal);
  } catch {
    // already gone
  }
}

/** Whether every process of the group has exited within `ms`. */
async function groupGone(group: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      process.kill(group, 0);
    } catch {
      return true;
    }
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Runs `npm start` exactly as a person would, with extra env. */
export function startPortal(env: Record<string, string>): PortalProcess {
  const child = spawn("npm", ["start", "--silent"], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let out = "";
  child.stdout?.on("data", (d) => {
    out += d;
  });
  child.stderr?.on("data", (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    child,
    env,
    output: () => out,
    exited,
    async stop() {
      const group = -(child.pid as number);
      signalGroup(group, "SIGTERM");
      // npm exits before the server under it has closed the database and let go of DATA_DIR's lock: wait for
      // the whole process group, as a restart on the same DATA_DIR needs. PGlite's closing checkpoint fsyncs
      // the database: seconds on a disk the rest of a full test run keeps busy.
      let ended: "stopped" | "killed" = "stopped";
      if (!(await groupGone(group, 60_000))) {
        ended = "killed";
        signalGroup(group, "SIGKILL");
        await groupGone(group, 5_000);
      }
      await exited;
      return ended;
    },
    async crash() {
      const group = -(child.pid as number);
      signalGroup(group, "SIGKILL");
      await groupGone(group, 10_000);
      await exited;
    },
  };
}

export async function waitForOutput(
  p: PortalProcess,
  pattern: RegExp,
  timeoutMs = 120_000,
): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = p.output().match(pattern);
    if (match) return match;
    if (p.child.exitCode !== null) throw new Error(`npm start exited (${p.child.exitCode}):\n${p.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${pattern}:\n${p.output()}`);
}
