/**
 * The screenshot corpus (issue 27, point 3; decision 082): what `npm run ocr:corpus` makes is what the text
 * recognition tests and bench:ocr read, so its promises are checked on the corpus itself.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  type Corpus,
  DEFAULT_COUNT,
  ensureOcrCorpus,
  MAX_NAMES,
  MIN_NAMES,
  renderListImage,
} from "../../scripts/ocr-corpus/corpus.ts";
import {
  findLookalikes,
  MAX_NAME_LENGTH,
  readLookalikes,
  readRoster,
  skeleton,
} from "../../scripts/ocr-corpus/roster.ts";

/** A JPEG's size from its start-of-frame marker. */
function jpegSize(file: string): { width: number; height: number } {
  const data = readFileSync(file);
  expect(data.readUInt16BE(0)).toBe(0xffd8);
  let at = 2;
  while (at < data.length) {
    const marker = data.readUInt16BE(at);
    const length = data.readUInt16BE(at + 2);
    if (marker >= 0xffc0 && marker <= 0xffc2) {
      return { height: data.readUInt16BE(at + 5), width: data.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  throw new Error(`${file} has no frame`);
}

const roster = readRoster();
const temp = mkdtempSync(join(tmpdir(), "ocr-corpus-"));
let corpus: Corpus;

beforeAll(async () => {
  corpus = await ensureOcrCorpus();
}, 180_000);

afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe("the roster", () => {
  test("200 names as a game allows them: digits, accents, mixed case, lookalikes, at most 16 characters", () => {
    expect(roster).toHaveLength(200);
    expect(new Set(roster).size).toBe(200);
    for (const name of roster) expect(name.length).toBeLessThanOrEqual(MAX_NAME_LENGTH);
    expect(roster.filter((name) => /\d/.test(name)).length).toBeGreaterThan(30);
    expect(roster.filter((name) => /[^\p{ASCII}]/u.test(name)).length).toBeGreaterThan(20);
    expect(roster.filter((name) => /[a-z][A-Z]/.test(name)).length).toBeGreaterThan(10);
    for (const [a, b] of [
      ["Ashvale", "Ashva1e"],
      ["Rnyth", "Myth"],
      ["S0rin", "Sorin"],
      ["Ka5ia", "KaSia"],
      ["Iloria", "lloria"],
    ]) {
      expect(readLookalikes()[a as string]).toContain(b);
    }
  });

  test("lookalikes.json lists every pair that reads the same with 0/O, 1/l/I, rn/m, 5/S, case and accents", () => {
    expect(readLookalikes()).toEqual(findLookalikes(roster));
    expect(Object.keys(readLookalikes()).length).toBeGreaterThanOrEqual(40);
    for (const [name, others] of Object.entries(readLookalikes())) {
      for (const other of others) expect(skeleton(other)).toBe(skeleton(name));
    }
  });
});

describe("the corpus", () => {
  test("at least 60 images at both sizes, in three fonts, two themes and two layouts, some tilted, some cropped", () => {
    const files = Object.keys(corpus.truth);
    expect(files.length).toBeGreaterThanOrEqual(DEFAULT_COUNT);
    expect(new Set(corpus.plans.map((plan) => plan.font)).size).toBe(3);
    expect(new Set(corpus.plans.map((plan) => plan.theme)).size).toBe(2);
    expect(new Set(corpus.plans.map((plan) => plan.layout)).size).toBe(2);
    const tilted = corpus.plans.filter((plan) => plan.tilt !== 0);
    expect(tilted.length).toBeGreaterThanOrEqual(10);
    for (const plan of tilted) expect(Math.abs(plan.tilt)).toBeGreaterThanOrEqual(1);
    for (const plan of tilted) expect(Math.abs(plan.tilt)).toBeLessThanOrEqual(3);
    expect(corpus.plans.filter((plan) => plan.crop).length).toBeGreaterThanOrEqual(10);
    for (const plan of corpus.plans) {
      expect(plan.quality).toBeGreaterThanOrEqual(55);
      expect(plan.quality).toBeLessThanOrEqual(85);
      const { width, height } = jpegSize(join(corpus.dir, plan.file));
      const [fullWidth, fullHeight] = plan.size.split("x").map(Number) as [number, number];
      if (plan.crop) {
        expect(width).toBeLessThanOrEqual(fullWidth);
        expect(height).toBeLessThan(fullHeight);
      } else {
        expect({ width, height }).toEqual({ width: fullWidth, height: fullHeight });
      }
    }
    expect(new Set(corpus.plans.filter((plan) => !plan.crop).map((plan) => plan.size))).toEqual(
      new Set(["1080x2400", "720x1600"]),
    );
    expect(readFileSync(join(corpus.dir, "roster.txt"), "utf8").trim().split("\n")).toEqual(roster);
  });

  test("each image shows 8 to 30 roster names; uncropped ones all of their list, cropped ones a run of it", () => {
    for (const plan of corpus.plans) {
      const shown = corpus.truth[plan.file] ?? [];
      expect(shown.length, plan.file).toBeGreaterThanOrEqual(MIN_NAMES);
      expect(shown.length, plan.file).toBeLessThanOrEqual(MAX_NAMES);
      expect(new Set(shown).size).toBe(shown.length);
      for (const name of shown) expect(roster).toContain(name);
      if (plan.crop) {
        expect(shown.length, plan.file).toBeLessThan(plan.names.length);
        const start = plan.names.indexOf(shown[0] as string);
        expect(plan.names.slice(start, start + shown.length)).toEqual(shown);
      } else {
        expect(shown).toEqual(plan.names);
      }
    }
    const truthOnDisk = JSON.parse(readFileSync(join(corpus.dir, "truth.json"), "utf8"));
    expect(truthOnDisk).toEqual(corpus.truth);
  });

  test("lookalikes appear side by side: many images show two names of one lookalike group", () => {
    const lookalikes = readLookalikes();
    const withPair = Object.values(corpus.truth).filter((shown) =>
      shown.some((name) => (lookalikes[name] ?? []).some((other) => shown.includes(other))),
    );
    expect(withPair.length).toBeGreaterThanOrEqual(20);
    const shownAnywhere = new Set(Object.values(corpus.truth).flat());
    expect(Object.keys(lookalikes).filter((name) => shownAnywhere.has(name)).length).toBeGreaterThan(30);
  });

  test("the same seed draws the same images; a second run returns at once; another seed draws others", async () => {
    const first = await ensureOcrCorpus({ out: join(temp, "a"), count: 3, seed: "same" });
    const second = await ensureOcrCorpus({ out: join(temp, "b"), count: 3, seed: "same" });
    expect(first.generated && second.generated).toBe(true);
    expect(second.truth).toEqual(first.truth);
    for (const file of Object.keys(first.truth)) {
      expect(readFileSync(join(second.dir, file)).equals(readFileSync(join(first.dir, file))), file).toBe(
        true,
      );
    }
    const written = statSync(join(first.dir, Object.keys(first.truth)[0] as string)).mtimeMs;
    const again = await ensureOcrCorpus({ out: join(temp, "a"), count: 3, seed: "same" });
    expect(again.generated).toBe(false);
    expect(again.truth).toEqual(first.truth);
    expect(statSync(join(first.dir, Object.keys(first.truth)[0] as string)).mtimeMs).toBe(written);
    const other = await ensureOcrCorpus({ out: join(temp, "a"), count: 3, seed: "other" });
    expect(other.generated).toBe(true);
    expect(other.truth).not.toEqual(first.truth);
  });

  test("two asking for a corpus at once: one draws it, the other waits and reads it", async () => {
    const out = join(temp, "together");
    const [a, b] = await Promise.all([
      ensureOcrCorpus({ out, count: 2, seed: "together" }),
      ensureOcrCorpus({ out, count: 2, seed: "together" }),
    ]);
    expect([a.generated, b.generated].sort()).toEqual([false, true]);
    expect(b.truth).toEqual(a.truth);
    expect(Object.keys(a.truth)).toHaveLength(2);
  });

  test("one list of given names renders as a phone screenshot that shows them all", async () => {
    const names = roster.slice(0, 10);
    const file = join(temp, "ten.jpg");
    expect(
      await renderListImage({ names, file, layout: "party", theme: "parchment", size: "720x1600" }),
    ).toEqual(names);
    expect(jpegSize(file)).toEqual({ width: 720, height: 1600 });
  });
});
