import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { databasePathLine, devWorkerConfig, parseDevVars } from "./dev-worker-config.ts";

// The two development database paths (issue 31 point 2, decision 066): each gets its configuration from
// wrangler.toml, and neither edits it.
const tracked = readFileSync(new URL("../../wrangler.toml", import.meta.url), "utf8");
const uncommented = tracked.replace(
  /# \[\[hyperdrive\]\]\n# binding = "HYPERDRIVE"\n# id = "<hyperdrive id>"/,
  '[[hyperdrive]]\nbinding = "HYPERDRIVE"\nid = "0123456789abcdef0123456789abcdef"',
);
const bindings = (toml: string) => toml.match(/^\[\[hyperdrive\]\]$/gm)?.length ?? 0;

describe("the development configurations", () => {
  it("has no Hyperdrive binding on the Neon path, even when wrangler.toml has one, and one on the Hyperdrive path", () => {
    expect(bindings(uncommented)).toBe(1);
    for (const source of [tracked, uncommented]) {
      const neon = devWorkerConfig(source, "neon");
      const hyperdrive = devWorkerConfig(source, "hyperdrive");
      expect(bindings(neon)).toBe(0);
      expect(bindings(hyperdrive)).toBe(1);
      // Everything else comes along: the Durable Object, the vars, the Cron Trigger, the assets.
      for (const config of [neon, hyperdrive])
        for (const line of ['class_name = "GuildFeed"', "[vars]", 'crons = ["* * * * *"]', "[assets]"])
          expect(config).toContain(line);
    }
  });

  it("says which database the Worker will use, or what is missing and where it goes", () => {
    const vars = parseDevVars(
      '# local\nAUTH_PEPPER="a pepper of sixteen+"\nDATABASE_URL=postgres://guild:secret@127.0.0.1:5432/guild\nNEON_WS_PROXY=127.0.0.1:8788 # proxy\n',
    );
    expect(vars).toEqual({
      AUTH_PEPPER: "a pepper of sixteen+",
      DATABASE_URL: "postgres://guild:secret@127.0.0.1:5432/guild",
      NEON_WS_PROXY: "127.0.0.1:8788",
    });
    expect(databasePathLine("neon", vars, {})).toEqual({
      ok: true,
      line: "Database: the Neon driver, DATABASE_URL postgres://guild:***@127.0.0.1:5432/guild through the WebSocket proxy at 127.0.0.1:8788.",
    });
    expect(
      databasePathLine("hyperdrive", vars, {
        CLOUDFLARE_HYPERDRIVE_LOCAL_CONNECTION_STRING_HYPERDRIVE:
          "postgres://guild:secret@127.0.0.1:5432/guild",
      }),
    ).toEqual({
      ok: true,
      line: "Database: the HYPERDRIVE binding, straight to postgres://guild:***@127.0.0.1:5432/guild (DATABASE_URL in .dev.vars is not read on this path).",
    });
    const neonMissing = databasePathLine("neon", {}, {});
    expect(neonMissing.ok ? "" : neonMissing.error).toMatch(/DATABASE_URL and NEON_WS_PROXY in \.dev\.vars/);
    const hyperdriveMissing = databasePathLine("hyperdrive", vars, {});
    expect(hyperdriveMissing.ok ? "" : hyperdriveMissing.error).toMatch(
      /CLOUDFLARE_HYPERDRIVE_LOCAL_CONNECTION_STRING_HYPERDRIVE=/,
    );
  });
});
