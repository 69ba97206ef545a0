// Node only: file modes on disk.
import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DataDirPermissionError, secureDataDir } from "./data-dir-permissions.ts";

let parent: string;
let dataDir: string;

beforeEach(() => {
  parent = mkdtempSync(join(tmpdir(), "guild-modes-"));
  dataDir = join(parent, "data");
});
afterEach(() => {
  rmSync(parent, { recursive: true, force: true });
});

const mode = (path: string) => statSync(path).mode & 0o777;
const isRoot = process.getuid?.() === 0;

/** A DATA_DIR as a careless copy or an older version leaves it: everything open to everyone. */
function looseDataDir(): void {
  mkdirSync(join(dataDir, "pgdata", "base"), { recursive: true });
  writeFileSync(join(dataDir, "auth-pepper"), "pepper\n");
  writeFileSync(join(dataDir, "pgdata", "base", "1259"), "");
  writeFileSync(join(dataDir, "pgdata", "PG_VERSION"), "17\n");
  for (const dir of [dataDir, join(dataDir, "pgdata"), join(dataDir, "pgdata", "base")])
    chmodSync(dir, 0o777);
  for (const file of ["auth-pepper", "pgdata/base/1259", "pgdata/PG_VERSION"])
    chmodSync(join(dataDir, file), 0o666);
}

describe.skipIf(process.platform === "win32")("DATA_DIR permissions", () => {
  it("creates a missing DATA_DIR 0700, whatever the umask", () => {
    const before = process.umask(0o000);
    try {
      expect(secureDataDir(dataDir)).toBe(0);
    } finally {
      process.umask(before);
    }
    expect(mode(dataDir)).toBe(0o700);
  });

  it("makes every directory 0700 and every file 0600, and says what it repaired", () => {
    looseDataDir();
    const lines: string[] = [];
    expect(secureDataDir(dataDir, (line) => lines.push(line))).toBe(6);
    for (const dir of ["", "pgdata", "pgdata/base"]) expect(mode(join(dataDir, dir)), dir).toBe(0o700);
    for (const file of ["auth-pepper", "pgdata/base/1259", "pgdata/PG_VERSION"])
      expect(mode(join(dataDir, file)), file).toBe(0o600);
    expect(lines).toEqual([
      expect.stringMatching(/^Tightened the permissions of 6 entries in DATA_DIR .*0700.*0600/),
    ]);
    // Nothing left to repair, nothing said.
    expect(secureDataDir(dataDir, (line) => lines.push(line))).toBe(0);
    expect(lines).toHaveLength(1);
  });

  it("gives the owner back what it needs, and leaves what points outside alone", () => {
    looseDataDir();
    secureDataDir(dataDir);
    chmodSync(join(dataDir, "auth-pepper"), 0o400);
    chmodSync(join(dataDir, "pgdata", "base"), 0o500);
    const outside = join(parent, "outside.txt");
    writeFileSync(outside, "");
    chmodSync(outside, 0o644);
    symlinkSync(outside, join(dataDir, "link"));
    expect(secureDataDir(dataDir)).toBe(2);
    expect(mode(join(dataDir, "auth-pepper"))).toBe(0o600);
    expect(mode(join(dataDir, "pgdata", "base"))).toBe(0o700);
    expect(mode(outside)).toBe(0o644);
  });

  it("checks the directory a symbolic DATA_DIR points to", () => {
    const real = join(parent, "real");
    mkdirSync(real, { mode: 0o755 });
    chmodSync(real, 0o755);
    symlinkSync(real, dataDir);
    expect(secureDataDir(dataDir)).toBe(1);
    expect(mode(real)).toBe(0o700);
    expect(secureDataDir(dataDir)).toBe(0);
  });

  it("refuses a DATA_DIR that is not a directory", () => {
    writeFileSync(dataDir, "");
    expect(() => secureDataDir(dataDir)).toThrow(/is not a directory/);
  });

  // Only root can give a file to another user.
  it.runIf(isRoot)("refuses a DATA_DIR, or a file in it, that belongs to another user", () => {
    looseDataDir();
    chownSync(join(dataDir, "pgdata", "PG_VERSION"), 4242, 4242);
    expect(() => secureDataDir(dataDir)).toThrow(DataDirPermissionError);
    expect(() => secureDataDir(dataDir)).toThrow(
      /PG_VERSION in DATA_DIR belongs to another user \(uid 4242\)/,
    );
    chownSync(dataDir, 4242, 4242);
    expect(() => secureDataDir(dataDir)).toThrow(
      /^DATA_DIR .* belongs to another user \(uid 4242\), not to the user running Guild Portal \(uid 0\)/,
    );
  });
});
