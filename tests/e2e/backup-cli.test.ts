import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCHEMA_MIGRATIONS } from "@worker/admin/schema-migrations.generated.ts";
import { freePort, type PortalProcess, repoRoot, startPortal, waitForOutput } from "./portal-process.ts";

// The schema a backup is made at: the newest migration.
const SCHEMA = Number(SCHEMA_MIGRATIONS.at(-1)?.version);

// `npm run backup` and `npm run restore` as an operator runs them (docs/decisions/052): refused while `npm start`
// holds DATA_DIR, a backup restored into a new DATA_DIR gives the same file back, and `npm start` makes its daily
// backup into DATA_DIR/backups, private.
const GUILD = "Ærin's Guild";
let parent: string;
let first: string;
let second: string;
let portal: PortalProcess | undefined;

beforeAll(() => {
  parent = mkdtempSync(join(tmpdir(), "portal-backup-"));
  first = join(parent, "first");
  second = join(parent, "second");
});
afterAll(async () => {
  await portal?.stop();
  rmSync(parent, { recursive: true, force: true });
});

const env = (dataDir: string) => ({
  DATA_DIR: dataDir,
  GUILD_BRAND: GUILD,
  ADMIN_EMAIL: "keeper@guild.test",
  ADMIN_PASSWORD: "correct horse battery",
  AUTH_PEPPER: "backup-cli-test-pepper-0123",
  DATABASE_URL: "",
});

/** Runs `npm run <script> -- args`; answers its exit code and what it printed. */
function npmRun(
  script: string,
  args: string[],
  dataDir: string,
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script, "--", ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...env(dataDir) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.stderr.on("data", (d) => {
      out += d;
    });
    child.on("exit", (code) => resolve({ code, out }));
  });
}

const mode = (path: string) => statSync(path).mode & 0o777;
/** The file without its createdAt, which is the only line two backups of the same data differ in. */
const withoutCreatedAt = (text: string) => text.replace(/"createdAt":"[^"]*"/, '"createdAt":""');

describe("npm run backup / npm run restore", () => {
  it("refuses while `npm start` holds DATA_DIR; `npm start` makes the daily backup, private", async () => {
    const port = await freePort();
    portal = startPortal({ ...env(first), PORT: String(port), HOST: "127.0.0.1" });
    await waitForOutput(portal, /Guild Portal is running at/);
    const refused = await npmRun("backup", ["--out", join(parent, "refused.json")], first);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain("is in use by another Guild Portal process");
    expect(refused.out).toContain("stop `npm start` first");
    expect(existsSync(join(parent, "refused.json"))).toBe(false);

    // The scheduled jobs run 5 s after the start: today's backup appears.
    const backups = join(first, "backups");
    const today = `guild-portal-backup-${new Date().toISOString().slice(0, 10)}.json`;
    const deadline = Date.now() + 90_000;
    while (!existsSync(join(backups, today)) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 250));
    expect(readdirSync(backups)).toEqual([today]);
    expect(mode(backups)).toBe(0o700);
    expect(mode(join(backups, today))).toBe(0o600);
    const daily = JSON.parse(readFileSync(join(backups, today), "utf8"));
    expect(daily).toMatchObject({ format: "guild-portal-backup", guild: GUILD, schema: SCHEMA });
    expect(daily.tables.market_exchange.rows.length).toBeGreaterThan(0); // the sample data
    expect(await portal.stop()).toBe("stopped");
    portal = undefined;
  });

  it("backs up to a file, restores it into a new DATA_DIR, and the new one backs up to the same file", async () => {
    const file1 = join(parent, "one.json");
    const made = await npmRun("backup", ["--out", file1, "--include-passwords"], first);
    expect(made.out).toMatch(
      new RegExp(
        `Backed up [\\d,]+ records of 12 tables \\(schema ${SCHEMA}\\) to .*one\\.json, password hashes included\\.`,
      ),
    );
    expect(made.code).toBe(0);
    expect(mode(file1)).toBe(0o600);

    const restored = await npmRun("restore", [file1], second);
    // Records, as the Backup page counts them; never table rows (decisions 086, 089).
    expect(restored.out).toMatch(/Restored [\d,]+ records from .*one\.json\./);
    expect(restored.out).not.toMatch(/\brows\b/);
    expect(restored.code).toBe(0);
    const file2 = join(parent, "two.json");
    expect((await npmRun("backup", ["--out", file2, "--include-passwords"], second)).code).toBe(0);
    expect(withoutCreatedAt(readFileSync(file2, "utf8"))).toBe(withoutCreatedAt(readFileSync(file1, "utf8")));

    // Without password hashes, into a new DATA_DIR: ADMIN_EMAIL's account gets ADMIN_PASSWORD, so an admin can sign in.
    const plain = join(parent, "plain.json");
    expect((await npmRun("backup", ["--out", plain], first)).out).toContain("without password hashes");
    const third = await npmRun("restore", [plain], join(parent, "third"));
    expect(third.code).toBe(0);
    expect(third.out).toContain("Set the password of keeper@guild.test from ADMIN_PASSWORD.");
    // Five CLI runs, each starting Node and opening a database: minutes on a loaded two-core machine.
  }, 300_000);

  it("refuses a damaged file with every reason, exits 1 and changes nothing (decision 054)", async () => {
    const file1 = join(parent, "one.json");
    const backup = JSON.parse(readFileSync(file1, "utf8"));
    const members = backup.tables.guild_members;
    const at = (name: string) => members.columns.indexOf(name);
    const row = (name: string) => members.rows.find((r: string[]) => r[at("player_name")] === name);
    const [main, alt] = [row("Ironveil"), row("Veilshade")];
    // The sample's player with two characters, linked round in a circle; and an amount of three decimals.
    main[at("main_member_id")] = alt[at("id")];
    const items = backup.tables.market_exchange;
    items.rows[0][items.columns.indexOf("value")] = "1.005";
    const damaged = join(parent, "damaged.json");
    writeFileSync(damaged, JSON.stringify(backup));

    const refused = await npmRun("restore", [damaged, "--replace", "--confirm", GUILD], second);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain("This backup is damaged: 4 problems, so nothing was restored.");
    for (const line of [
      `  - table guild_members, id ${main[0]}: main_member_id "${alt[0]}": main and alt characters link in a circle (${main[0]} → ${alt[0]} → ${main[0]}).`,
      `  - table guild_members, id ${alt[0]}: main_member_id "${main[0]}": main and alt characters link in a circle (${alt[0]} → ${main[0]} → ${alt[0]}).`,
      `  - table guild_members, id ${main[0]}: player_alias "Veil": Only a main character (not linked to another) can have a player alias.`,
      `  - table market_exchange, id ${items.rows[0][0]}: value "1.005": Value cannot have more than 2 decimals.`,
      "Nothing was changed.",
    ])
      expect(refused.out).toContain(line);
    const after = join(parent, "after-refusal.json");
    expect((await npmRun("backup", ["--out", after, "--include-passwords"], second)).code).toBe(0);
    expect(withoutCreatedAt(readFileSync(after, "utf8"))).toBe(withoutCreatedAt(readFileSync(file1, "utf8")));
  });

  it("replaces a database with data only with --replace and the guild's name, after an automatic backup", async () => {
    const file1 = join(parent, "one.json");
    const plain = await npmRun("restore", [file1], second);
    expect(plain.code).toBe(1);
    expect(plain.out).toContain(`add --replace --confirm "${GUILD}"`);
    const wrong = await npmRun("restore", [file1, "--replace", "--confirm", "aerin's guild"], second);
    expect(wrong.code).toBe(1);
    expect(wrong.out).toContain(`type “${GUILD}” to replace everything`);
    expect(existsSync(join(second, "backups"))).toBe(false);

    const replaced = await npmRun("restore", [file1, "--replace", "--confirm", GUILD], second);
    expect(replaced.code).toBe(0);
    expect(replaced.out).toMatch(/What was there before is in .*backups\/before-restore-.*\.json\./);
    const [automatic] = readdirSync(join(second, "backups"));
    expect(automatic).toMatch(/^before-restore-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.json$/);
    expect(mode(join(second, "backups", automatic as string))).toBe(0o600);

    const missing = await npmRun("restore", [join(parent, "nope.json")], second);
    expect(missing.code).toBe(1);
    expect(missing.out).toContain("No such file");
  });
});
