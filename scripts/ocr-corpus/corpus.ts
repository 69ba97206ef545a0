/**
 * The screenshot corpus of issue 27 (decision 082): `ensureOcrCorpus()` gives the folder of JPEG game lists, its
 * truth.json (file name -> the names it shows, in screen order) and roster.txt, generating it when it is missing or
 * was made with other arguments or an older generator; `renderListImage()` draws one list of given names.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { Browser } from "playwright-core";
import { type Random, seededRandom } from "./random.ts";
import { openScreenRenderer, type ScreenSpec, SIZES, type Size } from "./render.ts";
import { findLookalikes, LOOKALIKES_FILE, ROSTER_FILE, readRoster } from "./roster.ts";
import { FONTS, type FontName, LAYOUTS, type Layout, THEMES, type Theme } from "./scene.ts";

/** Raise it whenever a change would draw other images from the same seed: a stale corpus is then made anew. */
export const GENERATOR_VERSION = 2;
export const DEFAULT_CORPUS_DIR = resolve(import.meta.dirname, "..", "..", "test-output", "ocr-corpus");
export const DEFAULT_COUNT = 60;
/** Enough for any benchmark; the file names number images with three digits. */
export const MAX_COUNT = 999;
export const DEFAULT_SEED = "guild-portal";
export const MIN_NAMES = 8;
export const MAX_NAMES = 30;

const STAMP_FILE = "corpus-stamp.json";
const TRUTH_FILE = "truth.json";

export interface CorpusOptions {
  out?: string;
  count?: number;
  seed?: string;
  /** A browser to render in (left open); otherwise one is launched and closed. */
  browser?: Browser;
}

export interface ImagePlan extends ScreenSpec {
  file: string;
}

export interface Corpus {
  dir: string;
  /** File name -> the names fully visible in it, in screen order. */
  truth: Record<string, string[]>;
  plans: ImagePlan[];
  rosterFile: string;
  /** Whether this call rendered the images (false: an up-to-date corpus was already there). */
  generated: boolean;
  /** How long rendering took, in ms (0 when nothing was rendered). */
  renderMs: number;
}

/** The names of one list: often a whole lookalike group (the hard case) among names drawn from the roster. */
function drawNames(random: Random, roster: readonly string[], count: number): string[] {
  const lookalikes = findLookalikes(roster);
  const grouped = Object.keys(lookalikes);
  const names = new Set<string>();
  const groups = random.int(0, 2);
  for (let i = 0; i < groups; i++) {
    const name = random.pick(grouped);
    for (const member of [name, ...(lookalikes[name] ?? [])]) if (names.size < count) names.add(member);
  }
  for (const name of random.shuffle(roster)) {
    if (names.size >= count) break;
    names.add(name);
  }
  return random.shuffle([...names]);
}

/**
 * Image i's look: layouts, themes, sizes and fonts cycle (2x2x2x3, so every 24 images show every combination),
 * every fifth image is tilted and three in seven of the rest cropped (5 and 7 share no factor with the cycle, so each
 * layout, theme, size and font has both); the names, colours and shapes are the seed's.
 */
export function planCorpus(seed: string, count: number, roster: readonly string[]): ImagePlan[] {
  return Array.from({ length: count }, (_, i) => {
    const random = seededRandom(seed).fork(`image ${i}`);
    const tilted = i % 5 === 3;
    const crop = !tilted && [1, 4, 6].includes(i % 7);
    const layout = LAYOUTS[i % 2] as Layout;
    const theme = THEMES[Math.floor(i / 2) % 2] as Theme;
    const size = SIZES[Math.floor(i / 4) % 2] as Size;
    const font = FONTS[i % 3] as FontName;
    const names = drawNames(random, roster, random.int(crop ? 14 : MIN_NAMES, MAX_NAMES));
    const tilt = tilted ? (random.pick([-1, 1]) * Math.round(random.between(1, 3) * 10)) / 10 : 0;
    const file = `${String(i + 1).padStart(3, "0")}-${layout}-${theme}-${font}-${size}${tilted ? "-tilted" : ""}${crop ? "-cropped" : ""}.jpg`;
    return { file, names, layout, theme, font, size, tilt, crop, quality: random.int(55, 85) };
  });
}

interface Stamp {
  generator: number;
  seed: string;
  count: number;
}

function readStamp(dir: string): Stamp | null {
  try {
    return JSON.parse(readFileSync(join(dir, STAMP_FILE), "utf8")) as Stamp;
  } catch {
    return null;
  }
}

/** The corpus in `dir` when it was made from these arguments by this generator, and is all there. */
function upToDate(dir: string, seed: string, count: number, plans: ImagePlan[]): Corpus | null {
  const stamp = readStamp(dir);
  const truthPath = join(dir, TRUTH_FILE);
  const fresh =
    stamp?.generator === GENERATOR_VERSION &&
    stamp.seed === seed &&
    stamp.count === count &&
    existsSync(truthPath) &&
    plans.every((plan) => existsSync(join(dir, plan.file)));
  if (!fresh) return null;
  const truth = JSON.parse(readFileSync(truthPath, "utf8")) as Record<string, string[]>;
  return { dir, truth, plans, rosterFile: join(dir, "roster.txt"), generated: false, renderMs: 0 };
}

/** A lock older than this was left by a run that died: generating 60 images takes well under a minute. */
const LOCK_STALE_MS = 5 * 60 * 1000;

/**
 * One generator at a time in a folder: test files and benchmarks that ask for the corpus at once wait for the
 * first, then find it up to date.
 */
async function withFolderLock<T>(dir: string, work: () => Promise<T>): Promise<T> {
  const lock = join(dir, ".generating");
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
      if (since !== undefined && Date.now() - since > LOCK_STALE_MS)
        rmSync(lock, { recursive: true, force: true });
      else await new Promise((done) => setTimeout(done, 250));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** The corpus in `out` (default test-output/ocr-corpus), rendered only when missing or stale. */
export async function ensureOcrCorpus(options: CorpusOptions = {}): Promise<Corpus> {
  const dir = resolve(options.out ?? DEFAULT_CORPUS_DIR);
  const count = options.count ?? DEFAULT_COUNT;
  const seed = options.seed ?? DEFAULT_SEED;
  if (!Number.isInteger(count) || count < 1 || count > MAX_COUNT) {
    throw new Error(`The count is a whole number of images from 1 to ${MAX_COUNT}, not ${count}`);
  }
  const plans = planCorpus(seed, count, readRoster());
  const existing = upToDate(dir, seed, count, plans);
  if (existing) return existing;
  mkdirSync(dir, { recursive: true });
  return withFolderLock(dir, async () => {
    const madeMeanwhile = upToDate(dir, seed, count, plans);
    if (madeMeanwhile) return madeMeanwhile;
    // Only what an earlier run wrote goes: a guild's own files in the folder stay.
    rmSync(join(dir, STAMP_FILE), { force: true });
    for (const file of readdirSync(dir))
      if (/^\d{3}-(party|guild)-.*\.jpg$/.test(file)) rmSync(join(dir, file));
    const started = performance.now();
    const renderer = await openScreenRenderer(options.browser);
    const truth: Record<string, string[]> = {};
    try {
      for (const [index, plan] of plans.entries()) {
        const random = seededRandom(seed).fork(`image ${index}`).fork("render");
        truth[plan.file] = await renderer.render(plan, random, join(dir, plan.file));
      }
    } finally {
      await renderer.close();
    }
    const renderMs = performance.now() - started;
    const rosterFile = join(dir, "roster.txt");
    writeFileSync(join(dir, TRUTH_FILE), `${JSON.stringify(truth, null, 2)}\n`);
    copyFileSync(ROSTER_FILE, rosterFile);
    copyFileSync(LOOKALIKES_FILE, join(dir, "lookalikes.json"));
    const stamp: Stamp = { generator: GENERATOR_VERSION, seed, count };
    writeFileSync(join(dir, STAMP_FILE), `${JSON.stringify(stamp)}\n`);
    return { dir, truth, plans, rosterFile, generated: true, renderMs };
  });
}

export interface ListImageOptions {
  names: readonly string[];
  /** Where to write the JPEG. */
  file: string;
  layout?: Layout;
  theme?: Theme;
  font?: FontName;
  size?: Size;
  tilt?: number;
  quality?: number;
  /** Colours, shapes and the rows' numbers. */
  seed?: string;
  browser?: Browser;
}

/**
 * One list of the given names as a game screen (uncropped, so every name shows): for a test that needs a screenshot
 * of known names, e.g. two of ten raiders each. Answers the names visible, in screen order.
 */
export async function renderListImage(options: ListImageOptions): Promise<string[]> {
  if (options.names.length === 0 || options.names.length > MAX_NAMES) {
    throw new Error(`A list shows 1 to ${MAX_NAMES} names, not ${options.names.length}`);
  }
  const spec: ScreenSpec = {
    names: options.names,
    layout: options.layout ?? "party",
    theme: options.theme ?? "dark",
    font: options.font ?? "noto-sans",
    size: options.size ?? "1080x2400",
    tilt: options.tilt ?? 0,
    quality: options.quality ?? 80,
    crop: false,
  };
  mkdirSync(dirname(resolve(options.file)), { recursive: true });
  const renderer = await openScreenRenderer(options.browser);
  try {
    return await renderer.render(spec, seededRandom(options.seed ?? options.names.join(",")), options.file);
  } finally {
    await renderer.close();
  }
}
