import { type ChildProcess, spawn } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, type PortalProcess, startPortal, waitForOutput } from "./portal-process.ts";

// DATA_DIR as an operator meets it: `npm start` killed at the worst moments of its first start, the modes of
// what it writes, a directory left open to everyone, a lock file naming a pid that now belongs to another process.
let parent: string;
let dataDir: string;
let port: number;
let portal: PortalProcess | undefined;
/** Every portal started, in order: the admin password may have been printed by any of them. */
const started: PortalProcess[] = [];
const sleeper: ChildProcess[] = [];
const base = () => `http://127.0.0.1:${port}`;

beforeAll(async () => {
  parent = mkdtempSync(join(tmpdir(), "portal-data-dir-"));
  dataDir = join(parent, "data"); // made by the portal itself
  port = await freePort();
});

afterAll(async () => {
  await portal?.stop();
  for (const child of sleeper) child.kill("SIGKILL");
  rmSync(parent, { recursive: true, force: true });
});

function start(): PortalProcess {
  portal = startPortal({
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    ADMIN_EMAIL: "",
    ADMIN_PASSWORD: "",
    AUTH_PEPPER: "",
  });
  started.push(portal);
  return portal;
}

/** Ends the portal with kill -9. */
async function crash(p: PortalProcess): Promise<void> {
  await p.crash();
}

async function until(check: () => boolean, what: string, p: PortalProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (!check()) {
    if (p.child.exitCode !== null) throw new Error(`npm start exited before ${what}:\n${p.output()}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${p.output()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The admin password the portal printed last: earlier ones may belong to an account a crash never committed. A
 * later start that found the account prints none, so every start's output counts, also one stopped since. */
function lastPrintedPassword(): string {
  const all = started.map((p) => p.output()).join("\n");
  return [...all.matchAll(/password: (\S+)/g)].at(-1)?.[1] ?? "";
}

async function loginAsAdmin(): Promise<Response> {
  return fetch(`${base()}/_api/auth/login_with_password`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@guild.local", password: lastPrintedPassword() }),
  });
}

/** Every entry of DATA_DIR (itself included) that is not a 0700 directory or a 0600 file, with its mode. */
function notPrivate(): string[] {
  const found: string[] = [];
  const check = (path: string, isDir: boolean) => {
    const mode = statSync(path).mode & 0o777;
    if (mode !== (isDir ? 0o700 : 0o600)) found.push(`${path} ${mode.toString(8)}`);
  };
  check(dataDir, true);
  for (const entry of readdirSync(dataDir, { recursive: true, withFileTypes: true }))
    check(join(entry.parentPath, entry.name), entry.isDirectory());
  return found;
}

// Linux: the lock of a dead portal names its boot from /proc.
describe.runIf(process.platform === "linux")("npm start and its DATA_DIR", () => {
  it("a first start killed at its worst moments is finished by the next start", async () => {
    // 1. While PGlite writes the new database's first files.
    let p = start();
    await until(() => existsSync(join(dataDir, "pgdata.new", "base")), "the new database's files", p);
    await crash(p);
    expect(existsSync(join(dataDir, "pgdata"))).toBe(false);
    // 2. Right after the migrations (before this change: committed without the sample data, never loaded).
    p = start();
    await waitForOutput(p, /Applied \d+ migration\(s\)/);
    await crash(p);
    // 3. While the bootstrap admin is made: its password is printed before the account is committed. (The
    // previous start may have made it before its kill landed: then this one just runs.)
    p = start();
    const madeAdmin = (await waitForOutput(p, /password: \S+|is running at/))[0].startsWith("password");
    // The migrations committed with the sample data, in one transaction: nothing of them is left to do.
    expect(p.output()).not.toMatch(/Applied|Loaded the sample data/);
    if (madeAdmin) {
      await crash(p);
      // 4. The start that gets to run.
      p = start();
    }
    await waitForOutput(p, /is running at/);
    const login = await loginAsAdmin();
    expect(login.status, p.output()).toBe(200);
    const roster = await fetch(`${base()}/_api/public/guild-members`);
    const { guildMembers } = superjson.parse<{ guildMembers: { playerName: string }[] }>(await roster.text());
    expect(guildMembers.map((m) => m.playerName)).toContain("Ashvale");
    expect(guildMembers).toHaveLength(46);
  }, 300_000);

  it("keeps every directory 0700 and every file 0600, while running and after a stop", async () => {
    expect(notPrivate()).toEqual([]);
    const stopAsked = Date.now();
    const ended = await portal?.stop();
    expect(ended, `SIGTERM not done after ${Date.now() - stopAsked} ms:\n${portal?.output()}`).toBe(
      "stopped",
    );
    expect(notPrivate()).toEqual([]);
    expect(existsSync(join(dataDir, "portal.lock"))).toBe(false);
  });

  it("repairs a DATA_DIR left open to everyone, and starts past a lock whose pid now belongs to another process", async () => {
    for (const entry of readdirSync(dataDir, { recursive: true, withFileTypes: true }))
      chmodSync(join(entry.parentPath, entry.name), entry.isDirectory() ? 0o777 : 0o666);
    chmodSync(dataDir, 0o777);
    // What a portal killed with -9 leaves, naming a pid that a process started since has been given.
    const sleep = spawn("sleep", ["120"], { stdio: "ignore" });
    sleeper.push(sleep);
    await new Promise((resolve) => sleep.on("spawn", resolve));
    const deadPortal = {
      pid: sleep.pid,
      started: "1",
      boot: readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim(),
    };
    writeFileSync(join(dataDir, "portal.lock"), `${JSON.stringify(deadPortal)}\n`, { mode: 0o666 });

    const p = start();
    await waitForOutput(p, /is running at/);
    expect(p.output()).toMatch(
      /Tightened the permissions of \d+ entries in DATA_DIR .*\(now directories 0700, files 0600\)/,
    );
    expect(notPrivate()).toEqual([]);
    expect((await loginAsAdmin()).status).toBe(200);
    expect(sleep.exitCode).toBeNull();

    // A real second portal on the same DATA_DIR is still refused.
    const second = startPortal({ DATA_DIR: dataDir, PORT: String(await freePort()), HOST: "127.0.0.1" });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/is in use by another Guild Portal process \(pid \d+\)/);
  }, 180_000);
});
