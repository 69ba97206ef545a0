/**
 * The house says where things are (decision 065): every decision record is in the index with the status it gives
 * itself, a record another one amends names it in its status, every docs/product.md section the code cites exists,
 * and nothing cites the specification files that live outside the repository.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const DECISIONS = join(ROOT, "docs", "decisions");
const RECORD_FILE = /^(\d{3})-[a-z0-9-]+\.md$/;
const STATUS = /^Status: (accepted|(?:partly )?superseded by \d{3}(?:(?:, | and )\d{3})*)\b/;

interface DecisionRecord {
  number: string;
  file: string;
  title: string;
  /** The status paragraph: from "Status:" to the first blank line. */
  statusNote: string | null;
  status: string | null;
}

function readRecords(): DecisionRecord[] {
  return readdirSync(DECISIONS)
    .filter((file) => RECORD_FILE.test(file))
    .sort()
    .map((file) => {
      const text = readFileSync(join(DECISIONS, file), "utf8");
      const [heading = "", ...rest] = text.split("\n");
      // The status sits right under the title, before the context.
      const firstParagraph =
        rest
          .join("\n")
          .trim()
          .split(/\n\s*\n/)[0] ?? "";
      const statusNote = firstParagraph.startsWith("Status:")
        ? firstParagraph.replace(/\s*\n\s*/g, " ")
        : null;
      return {
        number: file.slice(0, 3),
        file,
        title: heading.replace(/^#\s*\d{3}:?\s*/, "").trim(),
        statusNote,
        status: statusNote?.match(STATUS)?.[1] ?? null,
      };
    });
}

/**
 * The records a status names with each phrase ("superseded by 024 and 061", "Amends 042", "extends 020"),
 * parenthesised notes left out: a number belongs to the phrase before it.
 */
function namedRecords(note: string): Map<string, string[]> {
  let bare = note;
  for (let previous = ""; previous !== bare; ) {
    previous = bare;
    bare = bare.replace(/\([^()]*\)/g, "");
  }
  const named = new Map<string, string[]>();
  let phrase = "";
  for (const [, words, number] of bare.matchAll(
    /\b((?:\w+ )?by|amends|supersedes|extends)\b|\b(\d{3})\b/gi,
  )) {
    if (words !== undefined) phrase = words.toLowerCase().replace(/^partly /, "");
    else if (phrase !== "") named.set(phrase, [...(named.get(phrase) ?? []), number as string]);
  }
  return named;
}

/** The records a status names as superseding, amending or extending it. */
const laterRecords = (note: string | null): string[] => {
  const named = namedRecords(note ?? "");
  return ["superseded by", "amended by", "extended by"].flatMap((phrase) => named.get(phrase) ?? []);
};

/** The records a status says it amends or supersedes. */
const earlierRecords = (note: string | null): string[] => {
  const named = namedRecords(note ?? "");
  return ["amends", "supersedes"].flatMap((phrase) => named.get(phrase) ?? []);
};

interface IndexRow {
  number: string;
  file: string;
  title: string;
  status: string;
}

function readIndex(): IndexRow[] {
  const text = readFileSync(join(DECISIONS, "README.md"), "utf8");
  return [...text.matchAll(/^\| \[(\d{3})\]\(([^)]+)\) \| (.+?) \| (.+?) \|$/gm)].map((m) => ({
    number: m[1] as string,
    file: m[2] as string,
    title: m[3] as string,
    status: m[4] as string,
  }));
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of markdown.matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = (heading as string)
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

const SKIPPED_DIRS = new Set(["node_modules", "dist", ".git", ".data", "test-output", ".wrangler"]);
const TEXT_FILE = /\.(ts|tsx|mjs|js|sql|md|json|toml|html)$/;

function houseFiles(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : houseFiles(join(dir, entry.name));
    return TEXT_FILE.test(entry.name) && entry.name !== "package-lock.json" ? [join(dir, entry.name)] : [];
  });
}

describe("the decision records' index", () => {
  const records = readRecords();
  const index = readIndex();

  it("lists every record, in order, with its title and the status the record gives itself", () => {
    expect(records.length).toBeGreaterThanOrEqual(58);
    expect(index.map((row) => row.file)).toEqual(records.map((record) => record.file));
    for (const record of records) {
      const row = index.find((r) => r.number === record.number);
      expect({ file: record.file, title: row?.title, status: row?.status }).toEqual({
        file: record.file,
        title: record.title,
        status: record.status,
      });
    }
  });

  it("has a status under every record's title", () => {
    const withoutStatus = records.filter((record) => record.status === null).map((record) => record.file);
    expect(withoutStatus).toEqual([]);
  });

  it("names, in a superseded record, records that exist and come after it", () => {
    const numbers = new Set(records.map((record) => record.number));
    for (const record of records) {
      for (const later of laterRecords(record.statusNote)) {
        expect({
          record: record.file,
          later,
          exists: numbers.has(later),
          after: later > record.number,
        }).toEqual({
          record: record.file,
          later,
          exists: true,
          after: true,
        });
      }
    }
  });

  it("says in every amended record which record amends it", () => {
    const byNumber = new Map(records.map((record) => [record.number, record]));
    for (const record of records) {
      for (const earlier of earlierRecords(record.statusNote)) {
        const amended = byNumber.get(earlier);
        const names = laterRecords(amended?.statusNote ?? null);
        expect({ amends: earlier, by: record.number, named: names.includes(record.number) }).toEqual({
          amends: earlier,
          by: record.number,
          named: true,
        });
      }
    }
  });
});

describe("citations", () => {
  const files = houseFiles();
  const self = relative(ROOT, import.meta.filename);

  it("point at sections of docs/product.md that exist", () => {
    const product = join(ROOT, "docs", "product.md");
    expect(existsSync(product)).toBe(true);
    const anchors = headingAnchors(readFileSync(product, "utf8"));
    const missing: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      const name = relative(ROOT, file);
      const cited = [...text.matchAll(/product\.md#([a-z0-9-]+)/g)].map((m) => m[1] as string);
      if (name === join("docs", "product.md")) {
        cited.push(...[...text.matchAll(/\]\(#([a-z0-9-]+)\)/g)].map((m) => m[1] as string));
      }
      for (const anchor of cited) if (!anchors.has(anchor)) missing.push(`${name}: #${anchor}`);
    }
    expect(missing).toEqual([]);
  });

  it("never name the specification files that live outside the repository", () => {
    const outside = new RegExp(`\\b${"SP"}EC\\b|${"DECISIONS"}\\.md`);
    const citing = files
      .map((file) => relative(ROOT, file))
      .filter((name) => name !== self && outside.test(readFileSync(join(ROOT, name), "utf8")));
    expect(citing).toEqual([]);
  });
});
