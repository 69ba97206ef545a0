import { existsSync, fsyncSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";
import { PRIVATE_DIR_MODE } from "./data-dir-permissions.ts";
import { syncPath, syncTree } from "./durable-files.ts";

/**
 * PGlite on disk with writes that survive an OS crash or a power loss (decision 030).
 *
 * PGlite starts Postgres with `-F` (fsync off), and even with fsync on, Emscripten's Node filesystem answers
 * Postgres's fsync() and fdatasync() without asking the OS: measured, 0 fsync calls either way. So Postgres
 * runs with fsync on and wal_sync_method=fsync (Emscripten's fdatasync cannot be reached, its fsync can), and
 * DurableNodeFS gives the filesystem the fsync it lacks: one fsync(2) of the WAL per commit, plus what
 * checkpoints and the control file need, as on any Postgres server.
 */

type EmscriptenOptions = Parameters<NodeFS["init"]>[1];
type Module = Parameters<NonNullable<EmscriptenOptions["preRun"]>[number]>[0];

/** The part of Emscripten's NODEFS and FS that DurableNodeFS touches. */
interface NodeFsInternals {
  NODEFS?: { stream_ops?: { fsync?: (stream: { nfd?: number }) => number } };
  FS: { ErrnoError: new (errno: number) => Error };
}

const EIO = 29; // Emscripten's (WASI's) errno numbering

export class DurableNodeFS extends NodeFS {
  /** fsync(2) calls made for Postgres, so tests can see that commits reach the disk. */
  syncs = 0;

  override async init(pg: PGlite, opts: EmscriptenOptions) {
    const { emscriptenOpts } = await super.init(pg, opts);
    const preRun = [...(emscriptenOpts.preRun ?? []), (mod: Module) => this.addFsync(mod)];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } };
  }

  private addFsync(mod: Module): void {
    const internals = mod as unknown as NodeFsInternals;
    const streamOps = internals.NODEFS?.stream_ops;
    // Refuse to start rather than run without the durability Postgres believes it has.
    if (!streamOps)
      throw new Error("PGlite's Node filesystem has changed: its writes cannot be made durable.");
    streamOps.fsync = (stream) => {
      if (stream.nfd === undefined) return 0;
      try {
        fsyncSync(stream.nfd);
      } catch {
        // Postgres treats a failed fsync as fatal (PANIC), as it must: the write may not be on disk.
        throw new internals.FS.ErrnoError(EIO);
      }
      this.syncs += 1;
      return 0;
    };
  }
}

/** PGlite's own start parameters without `-F`, with fsync on, and the WAL flushed by fsync(). */
export const DURABLE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams.filter((param) => param !== "-F"),
  "-c",
  "fsync=on",
  "-c",
  "wal_sync_method=fsync",
];

type Parsers = PGliteOptions["parsers"];

async function openDurable(pgdata: string, parsers: Parsers): Promise<{ pg: PGlite; fs: DurableNodeFS }> {
  const fs = new DurableNodeFS(pgdata);
  const pg = await PGlite.create({ fs, parsers, startParams: [...DURABLE_START_PARAMS] });
  return { pg, fs };
}

/**
 * A new database is made in `<pgdata>.new`, made durable, and only then renamed to `pgdata`: a crash while
 * PGlite writes its first ~1,000 files leaves no half-made database, and the next start begins again.
 */
async function createOnce(pgdata: string, parsers: Parsers): Promise<void> {
  if (existsSync(pgdata)) return;
  const fresh = `${pgdata}.new`;
  rmSync(fresh, { recursive: true, force: true });
  mkdirSync(fresh, { mode: PRIVATE_DIR_MODE });
  await (await openDurable(fresh, parsers)).pg.close();
  await syncTree(fresh);
  renameSync(fresh, pgdata);
  syncPath(dirname(pgdata));
}

/**
 * Opens the database in `pgdata` with durable writes, creating it the first time. `fs` counts the fsync calls,
 * for tests.
 */
export async function openDurablePglite(
  pgdata: string,
  parsers: Parsers,
): Promise<{ pg: PGlite; fs: DurableNodeFS }> {
  await createOnce(pgdata, parsers);
  return openDurable(pgdata, parsers);
}
