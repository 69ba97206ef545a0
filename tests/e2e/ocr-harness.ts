/**
 * Text recognition in a real Chromium (decision 081), for `npm run bench:ocr` and the browser test: a page built
 * from the app's own modules (web/src/lib/text-recognition, shared/ocr/match-roster.ts) and the app's engine files
 * plugin (tests/e2e/ocr-harness/), served by the app's static-site code with the app's security headers, so the
 * CSP, the worker and the engine's files are exercised as the app serves them.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { extname, join } from "node:path";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { compress } from "hono/compress";
import type { Page } from "playwright-core";
import type { RosterMatch } from "../../shared/ocr/match-roster.ts";
import type { RecognitionSettings } from "../../web/src/lib/text-recognition/recognise-images.ts";
import { staticSite } from "../../worker/node/static-site.ts";
import { newestMtime } from "./browser.ts";
import type { HarnessReading } from "./ocr-harness/harness.ts";
import { repoRoot } from "./portal-process.ts";

const HARNESS_OUT = join(repoRoot, "dist", "ocr-harness");
const HARNESS_CONFIG = join(repoRoot, "tests", "e2e", "ocr-harness", "vite.config.ts");
const BUILD_STARTED_FILE = join(repoRoot, "dist", ".ocr-harness-build-started");
const HARNESS_INPUTS = [
  "tests/e2e/ocr-harness",
  "web/src/lib/text-recognition",
  "web/text-recognition-plugin.ts",
  "shared/ocr",
  "shared/names",
  "package-lock.json",
];

/** Builds the harness page into dist/ocr-harness when a source is newer than its last build. */
export function ensureOcrHarnessBuild(): string {
  const started = existsSync(BUILD_STARTED_FILE) ? Number(readFileSync(BUILD_STARTED_FILE, "utf8")) : 0;
  const source = Math.max(...HARNESS_INPUTS.map((path) => newestMtime(join(repoRoot, path))));
  if (started > source && existsSync(join(HARNESS_OUT, "index.html"))) return HARNESS_OUT;
  mkdirSync(join(repoRoot, "dist"), { recursive: true });
  const startedAt = Date.now();
  const result = spawnSync(
    process.execPath,
    [join(repoRoot, "node_modules", "vite", "bin", "vite.js"), "build", "--config", HARNESS_CONFIG],
    { cwd: repoRoot, encoding: "utf8", env: { ...process.env, NODE_ENV: "production" } },
  );
  if (result.status !== 0) throw new Error(`The harness build failed:\n${result.stdout}\n${result.stderr}`);
  writeFileSync(BUILD_STARTED_FILE, String(startedAt));
  return HARNESS_OUT;
}

export interface ServedHarness {
  url: string;
  /** Every path the page asked for, in order (the test checks that nothing left the origin). */
  close(): Promise<void>;
}

/** Serves `dir` as `npm start` serves the app: static-site.ts, its headers and gzip. */
export async function serveHarness(dir: string): Promise<ServedHarness> {
  const app = new Hono().use(compress()).all("*", staticSite(dir));
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface CorpusImage {
  file: string;
  names: string[];
}

/** A folder of PNG/JPEG images with truth.json (file name -> the names it shows). */
export function readCorpus(dir: string): CorpusImage[] {
  const truth = JSON.parse(readFileSync(join(dir, "truth.json"), "utf8")) as Record<string, string[]>;
  return Object.entries(truth)
    .filter(([file]) => /\.(png|jpe?g)$/i.test(file))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([file, names]) => ({ file: join(dir, file), names }));
}

/** A roster file: one name a line; blank lines ignored. */
export function readRosterFile(file: string): string[] {
  return readFileSync(file, "utf8")
    .split(/\r?\n/)
    .map((name) => name.trim())
    .filter((name) => name !== "");
}

/** One image's reading on the harness page, with its file. */
export type ImageReading = HarnessReading["images"][number] & { file: string };

export interface BatchReading {
  engineMs: number;
  images: ImageReading[];
}

/** Opens the harness page and waits for its modules. */
export async function openHarness(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator("html[data-ready=true]").waitFor({ state: "attached", timeout: 30_000 });
}

/**
 * Reads `files` in one call of recogniseImages (one engine start, as the dialog does for its 1-5 images) and
 * matches each image's lines to `roster` on its own.
 */
export async function readBatch(
  page: Page,
  files: readonly string[],
  roster: readonly string[],
  settings: Partial<RecognitionSettings> = {},
  closer = true,
): Promise<BatchReading> {
  const images = files.map((file) => ({
    file,
    type: extname(file).toLowerCase() === ".png" ? "image/png" : "image/jpeg",
    base64: readFileSync(file).toString("base64"),
  }));
  const reading = await page.evaluate(
    ({ images, roster, settings, closer }) =>
      window.textRecognition.readBatch(
        images.map(
          ({ type, base64 }) => new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type }),
        ),
        roster,
        settings,
        closer,
      ),
    { images, roster, settings, closer },
  );
  return {
    engineMs: reading.engineMs,
    images: reading.images.map((image, index) => ({ file: files[index] as string, ...image })),
  };
}

export interface ImageScore {
  truth: number;
  correct: number;
  wrong: number;
  uncertain: number;
  /** Truth names in an uncertain group's suggestions (one tap away). */
  suggested: number;
  missed: number;
  unknown: number;
}

/** How a match compares with the names an image shows. */
export function scoreImage(truth: readonly string[], match: RosterMatch): ImageScore {
  const shown = new Set(truth);
  const correct = match.matched.filter((m) => shown.has(m.name)).length;
  const matchedNames = new Set(match.matched.map((m) => m.name));
  const suggestedNames = new Set(match.uncertain.flatMap((u) => u.suggestions.map((s) => s.name)));
  const notMatched = truth.filter((name) => !matchedNames.has(name));
  return {
    truth: truth.length,
    correct,
    wrong: match.matched.length - correct,
    uncertain: match.uncertain.length,
    suggested: notMatched.filter((name) => suggestedNames.has(name)).length,
    missed: notMatched.length,
    unknown: match.unknown.length,
  };
}
