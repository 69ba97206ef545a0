// Node only: the lock is a file and a pid.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock.ts";

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

/** A process that stays alive until the test ends. */
function liveProcess(): number {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
  children.push(child);
  return child.pid as number;
}

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.on("exit", resolve));
  return child.pid as number;
}

describe("data directory lock", () => {
  it("writes this process's pid, and release removes the file", () => {
    const release = lockDataDir(dir);
    expect(readFileSync(lockFile(), "utf8").trim()).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile())).toBe(false);
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

  it("refuses a lock held by another live process, naming its pid, and leaves its file alone", () => {
    const pid = liveProcess();
    writeFileSync(lockFile(), `${pid}\n`);
    let error: unknown;
    try {
      lockDataDir(dir);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect(error).toMatchObject({ pid, message: expect.stringContaining(`(pid ${pid})`) });
    expect(readFileSync(lockFile(), "utf8").trim()).toBe(String(pid));
  });

  it("takes over a stale lock whose pid is gone", async () => {
    writeFileSync(lockFile(), `${await deadPid()}\n`);
    const release = lockDataDir(dir);
    expect(readFileSync(lockFile(), "utf8").trim()).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile())).toBe(false);
  });

  it("takes over a half-written lock file", () => {
    writeFileSync(lockFile(), "");
    const release = lockDataDir(dir);
    expect(readFileSync(lockFile(), "utf8").trim()).toBe(String(process.pid));
    release();
  });
});
