/**
 * `npm run dev:worker` and `npm run dev:worker:hyperdrive` (decision 066): each development database path gets its
 * own wrangler configuration, written from wrangler.toml into an untracked file, so switching paths edits no
 * tracked file and the Neon path never carries a Hyperdrive binding that would shadow DATABASE_URL.
 */

export type DevDatabasePath = "neon" | "hyperdrive";

/** The untracked configuration `wrangler dev` is given, beside wrangler.toml so its relative paths hold. */
export const DEV_CONFIG_FILE = ".wrangler.dev.toml";

/** Locally wrangler connects the binding to CLOUDFLARE_HYPERDRIVE_LOCAL_CONNECTION_STRING_HYPERDRIVE: any id does. */
const LOCAL_HYPERDRIVE = '[[hyperdrive]]\nbinding = "HYPERDRIVE"\nid = "00000000000000000000000000000000"\n';

/**
 * wrangler.toml for one path: every `[[hyperdrive]]` table taken out (a deployer may have uncommented it for
 * production), then, for the Hyperdrive path, one local binding added at the end.
 */
export function devWorkerConfig(wranglerToml: string, path: DevDatabasePath): string {
  const kept: string[] = [];
  let inHyperdrive = false;
  for (const line of wranglerToml.split("\n")) {
    const header = /^\s*\[/.test(line);
    if (header) inHyperdrive = /^\s*\[\[\s*hyperdrive\s*\]\]/.test(line);
    if (!inHyperdrive) kept.push(line);
  }
  const body = `# Written by npm run dev:worker from wrangler.toml (${path} path); not tracked, rewritten at every start.\n${kept.join("\n")}`;
  return path === "hyperdrive" ? `${body.replace(/\n*$/, "\n")}\n${LOCAL_HYPERDRIVE}` : body;
}

/** KEY=VALUE lines of a .dev.vars or .env file (comments, blank lines and quotes as dotenv reads them). */
export function parseDevVars(text: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!m?.[1]) continue;
    let value = m[2] ?? "";
    const quoted = /^(['"`])(.*)\1$/.exec(value);
    if (quoted) value = quoted[2] ?? "";
    else value = value.replace(/\s+#.*$/, "");
    vars[m[1]] = value;
  }
  return vars;
}

/** A connection string without its password, to name the database at start. */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(not a URL)";
  }
}

/**
 * The line `npm run dev:worker` starts with: which database the Worker will use, or why it cannot start (a missing
 * setting named with where it goes).
 */
export function databasePathLine(
  path: DevDatabasePath,
  vars: Readonly<Record<string, string>>,
  env: Readonly<Record<string, string | undefined>>,
): { ok: true; line: string } | { ok: false; error: string } {
  if (path === "hyperdrive") {
    const url = env.CLOUDFLARE_HYPERDRIVE_LOCAL_CONNECTION_STRING_HYPERDRIVE;
    if (!url)
      return {
        ok: false,
        error:
          "npm run dev:worker:hyperdrive needs CLOUDFLARE_HYPERDRIVE_LOCAL_CONNECTION_STRING_HYPERDRIVE=postgres://user:password@127.0.0.1:5432/guild in the environment: the database the HYPERDRIVE binding connects to.",
      };
    const ignored = vars.DATABASE_URL ? " (DATABASE_URL in .dev.vars is not read on this path)" : "";
    return {
      ok: true,
      line: `Database: the HYPERDRIVE binding, straight to ${withoutPassword(url)}${ignored}.`,
    };
  }
  if (!vars.DATABASE_URL)
    return {
      ok: false,
      error:
        "npm run dev:worker (the Neon driver) needs DATABASE_URL and NEON_WS_PROXY in .dev.vars (npm run dev:ws-proxy prints both); or use npm run dev:worker:hyperdrive.",
    };
  const proxy = vars.NEON_WS_PROXY ? ` through the WebSocket proxy at ${vars.NEON_WS_PROXY}` : "";
  return {
    ok: true,
    line: `Database: the Neon driver, DATABASE_URL ${withoutPassword(vars.DATABASE_URL)}${proxy}.`,
  };
}
