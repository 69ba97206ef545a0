// Node only: the lock is a file naming a process.
import { type ChildProcess, spawn } from "node:child_process";
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir, parseOwner, processStartTicks } from "./data-dir-lock.ts";

let dir: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "guild-lock-"));
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

const lockFile = () => join(dir, "portal.lock");
const owner = () => parseOwner(readFileSync(lockFile(), "utf8").trim());
const hasProc = existsSync("/proc/self/stat");
const bootId = () => readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();

/** A process that is not a Guild Portal and stays alive until the test ends. */
async function unrelatedProcess(): Promise<number> {
  const child = spawn("sleep", ["60"], { stdio: "ignore" });
  children.push(child);
  await new Promise((resolve) => child.on("spawn", resolve));
  return child.pid as number;
}

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.on("exit", resolve));
  return child.pid as number;
}

function lockError(): unknown {
  try {
    lockDataDir(dir)();
  } catch (err) {
    return err;
  }
  return undefined;
}

describe("data directory lock", () => {
  it("names this process (pid, start time, boot), is private, and release removes the file", () => {
    const release = lockDataDir(dir);
    expect(owner()).toMatchObject({ pid: process.pid });
    if (hasProc) expect(owner()).toMatchObject({ started: processStartTicks(process.pid), boot: bootId() });
    expect(statSync(lockFile()).mode & 0o777).toBe(0o600);
    release();
    expect(existsSync(lockFile())).toBe(false);
    expect(readdirSync(dir)).toEqual([]); // no temporary file left behind
  });

  it("refuses a second lock on the same directory from this process", () => {
    const release = lockDataDir(dir);
    try {
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(join(dir, "."))).toThrow(/is in use by another Guild Portal process/);
    } finally {
      release();
    }
    lockDataDir(dir)();
  });

  it.runIf(hasProc)(
    "refuses a lock held by another live process, naming its pid, and leaves its file alone",
    async () => {
      const pid = await unrelatedProcess();
      const text = JSON.stringify({ pid, started: processStartTicks(pid), boot: bootId(), token: "theirs" });
      writeFileSync(lockFile(), `${text}\n`);
      const error = lockError();
      expect(error).toBeInstanceOf(DataDirLockedError);
      expect(error).toMatchObject({ pid, message: expect.stringContaining(`(pid ${pid})`) });
      expect(readFileSync(lockFile(), "utf8").trim()).toBe(text);
    },
  );

  it.runIf(hasProc)("takes over a lock whose pid now belongs to another process (a reused pid)", async () => {
    const pid = await unrelatedProcess();
    const started = String(Number(processStartTicks(pid)) - 1);
    writeFileSync(lockFile(), `${JSON.stringify({ pid, started, boot: bootId(), token: "old" })}\n`);
    const release = lockDataDir(dir);
    expect(owner()).toMatchObject({ pid: process.pid });
    release();
  });

  it.runIf(hasProc)("takes over a lock written in an earlier boot", async () => {
    const pid = await unrelatedProcess();
    const stale = { pid, started: processStartTicks(pid), boot: "00000000-0000-0000-0000-000000000000" };
    writeFileSync(lockFile(), `${JSON.stringify(stale)}\n`);
    lockDataDir(dir)();
  });

  it.runIf(hasProc)("reads a lock holding only a pid: held by a process older than the file", async () => {
    const pid = await unrelatedProcess();
    writeFileSync(lockFile(), `${pid}\n`);
    expect(lockError()).toMatchObject({ pid });
    // The same pid, but the file is older than the process: the process only reused the pid.
    const hourAgo = Date.now() / 1000 - 3600;
    utimesSync(lockFile(), hourAgo, hourAgo);
    lockDataDir(dir)();
  });

  it("takes over a stale lock whose pid is gone", async () => {
    writeFileSync(lockFile(), `${JSON.stringify({ pid: await deadPid(), started: "1", boot: "x" })}\n`);
    const release = lockDataDir(dir);
    expect(owner()).toMatchObject({ pid: process.pid });
    release();
    expect(existsSync(lockFile())).toBe(false);
  });

  it("takes over a lock naming this process's pid from an earlier run (pid 1 in a container)", () => {
    writeFileSync(lockFile(), `${JSON.stringify({ pid: process.pid, started: "1", boot: "x" })}\n`);
    lockDataDir(dir)();
  });

  it("takes over a damaged lock file", () => {
    for (const text of ["", "{", "not a pid", '{"pid":-4}']) {
      writeFileSync(lockFile(), text);
      const release = lockDataDir(dir);
      expect(owner()).toMatchObject({ pid: process.pid });
      release();
    }
  });

  it("release leaves alone a lock another process has taken since", () => {
    const release = lockDataDir(dir);
    const theirs = `${JSON.stringify({ pid: 4_000_000, token: "theirs" })}\n`;
    writeFileSync(lockFile(), theirs);
    release();
    expect(readFileSync(lockFile(), "utf8")).toBe(theirs);
  });
});
