/**
 * Rewrites the table of docs/decisions/README.md from the records: number, title and the status each record
 * gives itself under its title (decision 065). `npm run docs:decisions` after adding or amending a record;
 * tests/docs/house-docs.test.ts fails while the table is behind.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const DECISIONS = join(import.meta.dirname, "..", "docs", "decisions");
const INDEX = join(DECISIONS, "README.md");
const TABLE_HEAD = "| # | Decision | Status |\n| --- | --- | --- |\n";
const STATUS = /^Status: (accepted|(?:partly )?superseded by \d{3}(?:(?:, | and )\d{3})*)\b/m;

const rows = readdirSync(DECISIONS)
  .filter((file) => /^\d{3}-[a-z0-9-]+\.md$/.test(file))
  .sort()
  .map((file) => {
    const text = readFileSync(join(DECISIONS, file), "utf8");
    const title = (text.split("\n", 1)[0] ?? "").replace(/^#\s*\d{3}:?\s*/, "").trim();
    const status = text.match(STATUS)?.[1] ?? "no status: add one under the title";
    return `| [${file.slice(0, 3)}](${file}) | ${title} | ${status} |`;
  });

const index = readFileSync(INDEX, "utf8");
const at = index.indexOf(TABLE_HEAD);
if (at < 0) throw new Error(`${INDEX} has no table starting with "${TABLE_HEAD.split("\n")[0]}"`);
writeFileSync(INDEX, `${index.slice(0, at)}${TABLE_HEAD}${rows.join("\n")}\n`);
console.log(`Listed ${rows.length} decision records in ${INDEX}`);
