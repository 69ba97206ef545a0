/**
 * Text recognition and roster matching in Chromium (issue 27, decision 081): the app's own modules and engine files,
 * served with the app's headers (tests/e2e/ocr-harness.ts), read a CI-sized subset of the screenshot corpus
 * (OCR_CORPUS_IMAGES=all for every image) and meet the accuracy targets on it; nothing is fetched from
 * another origin; progress reaches the end; an abort stops the work.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureOcrCorpus } from "../../scripts/ocr-corpus/corpus.ts";
import { RECOGNITION_UNAVAILABLE } from "../../web/src/lib/text-recognition/recognise-images.ts";
import { workerChromium } from "./browser.ts";
import {
  type CorpusImage,
  ensureOcrHarnessBuild,
  openHarness,
  readBatch,
  readCorpus,
  readRosterFile,
  type ServedHarness,
  scoreImage,
  serveHarness,
} from "./ocr-harness.ts";

/** Six images spread over the corpus's layouts, themes, fonts, sizes, tilts and crops. */
const SUBSET = 6;

let harness: ServedHarness;
let browser: Browser;
let images: CorpusImage[];
let roster: string[];

beforeAll(async () => {
  const corpus = await ensureOcrCorpus();
  const all = readCorpus(corpus.dir);
  const step = Math.max(1, Math.floor(all.length / SUBSET));
  images =
    process.env.OCR_CORPUS_IMAGES === "all"
      ? all
      : all.filter((_, index) => index % step === 0).slice(0, SUBSET);
  roster = readRosterFile(corpus.rosterFile);
  harness = await serveHarness(ensureOcrHarnessBuild());
  browser = await workerChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

async function harnessPage(): Promise<{ page: Page; requests: string[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const requests: string[] = [];
  page.on("request", (request) => requests.push(request.url()));
  await openHarness(page, harness.url);
  return { page, requests };
}

describe("text recognition on the screenshot corpus", () => {
  it("matches at most 1 name in 200 to the wrong member without a flag, and finds nearly every name", async () => {
    const { page, requests } = await harnessPage();
    const scores = [];
    for (let start = 0; start < images.length; start += 5) {
      const batch = images.slice(start, start + 5);
      const reading = await readBatch(
        page,
        batch.map((image) => image.file),
        roster,
      );
      for (const [index, image] of batch.entries()) {
        const match = reading.images[index]?.match;
        if (match === undefined) throw new Error(`no reading for ${image.file}`);
        scores.push({ file: image.file, ...scoreImage(image.names, match) });
      }
    }
    const truth = scores.reduce((sum, score) => sum + score.truth, 0);
    const correct = scores.reduce((sum, score) => sum + score.correct, 0);
    const wrong = scores.reduce((sum, score) => sum + score.wrong, 0);
    const suggested = scores.reduce((sum, score) => sum + score.suggested, 0);
    const report = JSON.stringify(scores, null, 1);
    // The target: at most 1 name in 200 matched to the wrong member without a flag.
    expect((wrong / truth) * 200, report).toBeLessThanOrEqual(1);
    // The 95% after accepting "matched" is not reached (decision 081: lookalikes the recogniser cannot tell
    // apart stay uncertain). With the closer look, the glyph check and the glyphs' heights (decision 097) these
    // six images give 82% (78% without the heights, 60% from the first read alone): the floor keeps that gain,
    // and nearly every name is matched or among an uncertain read's suggestions.
    expect(correct / truth, report).toBeGreaterThanOrEqual(0.78);
    expect((correct + suggested) / truth, report).toBeGreaterThanOrEqual(0.9);
    // The engine came from the page's own origin: its worker, its WebAssembly and its language data.
    expect(requests.filter((url) => !url.startsWith(harness.url))).toEqual([]);
    expect(requests.some((url) => /\/text-recognition-[0-9a-f]+\/eng\.traineddata\.gz$/.test(url))).toBe(
      true,
    );
    await page.context().close();
  }, 600_000);

  it("runs under the app's CSP, which allows WebAssembly but no eval, and reports progress to the end", async () => {
    const { page } = await harnessPage();
    const worker = await page.request.get(`${harness.url}${(await workerPath(page)).slice(1)}`);
    const csp = worker.headers()["content-security-policy"] ?? "";
    expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval'/);
    expect(csp).not.toContain("'unsafe-eval'");
    const file = images[0]?.file as string;
    const fractions = await page.evaluate(
      async (base64) => {
        const image = new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], {
          type: "image/jpeg",
        });
        const seen: number[] = [];
        await window.textRecognition.recogniseImages([image], { onProgress: (p) => seen.push(p.fraction) });
        return seen;
      },
      (await import("node:fs")).readFileSync(file).toString("base64"),
    );
    expect(fractions.at(-1)).toBe(1);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    await page.context().close();
  }, 300_000);

  it("says so when the engine's files cannot be loaded (offline before its first use)", async () => {
    const { page } = await harnessPage();
    await page.route("**/eng.traineddata.gz", (route) => route.abort("internetdisconnected"));
    const outcome = await page.evaluate(async () => {
      const image = await new Promise<Blob>((resolve) => {
        const canvas = document.createElement("canvas");
        canvas.toBlob((blob) => resolve(blob as Blob), "image/png");
      });
      return window.textRecognition.recogniseImages([image]).then(
        () => "finished",
        (error: Error) => error.message,
      );
    });
    expect(outcome).toBe(RECOGNITION_UNAVAILABLE);
    await page.context().close();
  }, 120_000);

  it("stops when the caller aborts, with the abort's reason", async () => {
    const { page } = await harnessPage();
    const outcome = await page.evaluate(async () => {
      const controller = new AbortController();
      const image = await new Promise<Blob>((resolve) => {
        const canvas = document.createElement("canvas");
        canvas.width = 200;
        canvas.height = 100;
        canvas.toBlob((blob) => resolve(blob as Blob), "image/png");
      });
      const work = window.textRecognition.recogniseImages([image], {
        signal: controller.signal,
        onProgress: () => controller.abort(new DOMException("The officer closed the dialog.", "AbortError")),
      });
      try {
        await work;
        return "finished";
      } catch (error) {
        return `${(error as DOMException).name}: ${(error as DOMException).message}`;
      }
    });
    expect(outcome).toBe("AbortError: The officer closed the dialog.");
    await page.context().close();
  }, 120_000);
});

/** The worker script's path, as the built page asks for it. */
async function workerPath(page: Page): Promise<string> {
  const html = await (await page.request.get(harness.url)).text();
  const script = /src="(\/assets\/index-[^"]+\.js)"/.exec(html)?.[1];
  if (!script) throw new Error("the harness page has no script");
  const chunkText = await (await page.request.get(`${harness.url}${script.slice(1)}`)).text();
  const folder = /\/assets\/text-recognition-[0-9a-f]+\//.exec(chunkText)?.[0];
  if (!folder) throw new Error("the harness script names no engine folder");
  return `${folder}worker.min.js`;
}
