/**
 * CPU time of Chromium and Node processes from /proc (Linux), for benchmarks that must compare runs on a busy,
 * shared machine: a process's CPU seconds do not grow when other work slows it, its wall time does.
 */
import { readdirSync, readFileSync } from "node:fs";

export const CLOCK_TICKS = 100;

export interface ProcessTicks {
  /** chromium's --type (renderer, gpu, utility...), "network", "browser", or the kind `classify` gave a Node process. */
  kind: string;
  parent: string;
  ticks: number;
}

/**
 * CPU ticks so far of every Chromium and Node process, by pid. A Node process is kept with the kind `classify`
 * gives it (null: left out).
 */
export function processTicks(
  classify: (pid: string, command: string) => string | null,
): Map<string, ProcessTicks> {
  const out = new Map<string, ProcessTicks>();
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      if (!/chrom|node/.test(name)) continue;
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const command = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      let kind: string | null;
      if (name.startsWith("chrom")) {
        const type = /--type=([a-z-]+)/.exec(command)?.[1] ?? "browser";
        kind = /NetworkService/.test(command) ? "network" : type === "gpu-process" ? "gpu" : type;
      } else kind = classify(pid, command);
      if (kind === null) continue;
      out.set(pid, { kind, parent: fields[1] as string, ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // The process ended while it was read.
    }
  }
  return out;
}

/** Whether `pid` descends from `ancestor` among `processes` (this script's own browser, not another's). */
export function descendsFrom(
  processes: ReadonlyMap<string, ProcessTicks>,
  pid: string,
  ancestor: string,
): boolean {
  for (let at = processes.get(pid)?.parent; at !== undefined; at = processes.get(at)?.parent) {
    if (at === ancestor) return true;
  }
  return false;
}
