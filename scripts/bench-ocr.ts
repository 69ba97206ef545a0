/**
 * `npm run bench:ocr`: text recognition and roster matching on a screenshot corpus (issue 27, decision 081), in
 * Debian's Chromium at 4x CPU throttling (DevTools' Emulation.setCPUThrottlingRate), through the app's own modules
 * (tests/e2e/ocr-harness.ts), with the closer look and the glyph check the dialog does. Per image: the time, the
 * names shown, found (matched or suggested), correct and wrong matches (a wrong one is matched to another name
 * without being flagged uncertain), uncertain reads and misses; then the totals against the issue's targets, the
 * renderer's CPU seconds per image (decision 097: steadier than wall time on a busy machine) and the mean time of
 * each of the three reads.
 *
 * Chromium refuses CPU throttling on a worker target ("only supported for pages") and the page's throttling does
 * not slow its dedicated workers: a yardstick loop, timed in a worker and on the page with and without throttling,
 * says so in the output, and the recogniser's time in the worker is scaled by the rate the worker was not slowed by.
 *
 * Options: --corpus DIR (PNG/JPEG images and truth.json: file name -> names; default: the generated corpus,
 * made when missing), --roster FILE (one name a line; default: the corpus's roster.txt), --throttle N (4),
 * --batch N (images per recognition call, as the dialog's 1-5; 5), --limit N (the first N images),
 * and to compare engines: --psm 3|4|6|11, --width PX|none, --data best_int|standard, --closer off (the first read
 * only), --closer-height PX, --closer-psm 4|6|11, --param NAME=VALUE (a Tesseract parameter, repeatable; it
 * replaces the app's own: --param invert_threshold=0.7 is Tesseract's default), --save FILE (the lines read, as
 * JSON). A benchmark, not a test: it exits 1 only when something fails to run.
 */
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { basename, join } from "node:path";
import { parseArgs } from "node:util";
import type { Page } from "playwright-core";
import { launchChromium } from "../tests/e2e/browser.ts";
import {
  type CorpusImage,
  ensureOcrHarnessBuild,
  type ImageReading,
  type ImageScore,
  openHarness,
  readBatch,
  readCorpus,
  readRosterFile,
  scoreImage,
  serveHarness,
} from "../tests/e2e/ocr-harness.ts";
import { repoRoot } from "../tests/e2e/portal-process.ts";
import type { RecognitionSettings } from "../web/src/lib/text-recognition/recognise-images.ts";
import { percentile } from "./bench-stats.ts";
import { ensureOcrCorpus } from "./ocr-corpus/corpus.ts";
import { CLOCK_TICKS, descendsFrom, processTicks } from "./process-cpu.ts";

const { values } = parseArgs({
  options: {
    corpus: { type: "string" },
    roster: { type: "string" },
    throttle: { type: "string", default: "4" },
    batch: { type: "string", default: "5" },
    limit: { type: "string" },
    psm: { type: "string" },
    width: { type: "string" },
    data: { type: "string" },
    save: { type: "string" },
    closer: { type: "string", default: "on" },
    "closer-height": { type: "string" },
    "closer-psm": { type: "string" },
    param: { type: "string", multiple: true },
  },
});
const throttle = Number(values.throttle);
const batchSize = Math.max(1, Number(values.batch));
const settings: Partial<RecognitionSettings> = {
  ...(values.psm ? { pageSegmentation: values.psm as RecognitionSettings["pageSegmentation"] } : {}),
  ...(values.width ? { width: values.width === "none" ? null : Number(values.width) } : {}),
  ...(values["closer-height"] ? { closerHeight: Number(values["closer-height"]) } : {}),
  ...(values["closer-psm"]
    ? { closerPageSegmentation: values["closer-psm"] as RecognitionSettings["closerPageSegmentation"] }
    : {}),
  ...(values.param
    ? {
        parameters: Object.fromEntries(
          values.param.map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
        ),
      }
    : {}),
};
const closer = values.closer !== "off";
const STANDARD_DATA = join(
  repoRoot,
  "node_modules",
  "@tesseract.js-data",
  "eng",
  "4.0.0",
  "eng.traineddata.gz",
);

let dir = values.corpus;
let rosterFile = values.roster;
if (dir === undefined) {
  const corpus = await ensureOcrCorpus();
  dir = corpus.dir;
  rosterFile ??= corpus.rosterFile;
}
rosterFile ??= join(dir, "roster.txt");
let images: CorpusImage[] = readCorpus(dir);
if (values.limit) images = images.slice(0, Number(values.limit));
const roster = readRosterFile(rosterFile);

/** The yardstick loop's time on the page and in a worker, in ms. */
async function yardstick(page: Page): Promise<{ page: number; worker: number }> {
  return page.evaluate(async () => {
    const start = performance.now();
    let x = 0;
    for (let i = 0; i < 2e8; i++) x += i % 7;
    const onPage = performance.now() - start + (x < 0 ? 1 : 0);
    const worker = new Worker("/calibrate-worker.js");
    const inWorker = await new Promise<number>((resolve) => {
      worker.onmessage = (event: MessageEvent<{ ms: number }>) => resolve(event.data.ms);
      worker.postMessage(null);
    });
    worker.terminate();
    return { page: onPage, worker: inWorker };
  });
}

const median = (runs: number[]) => percentile(runs, 50);

/**
 * CPU seconds so far of this script's Chromium renderers (the page and its Web Worker): on a shared machine the
 * worker's wall time grows with the load, its CPU time hardly.
 */
function rendererCpu(): number {
  const processes = processTicks(() => null);
  let ticks = 0;
  for (const [pid, { kind, ticks: used }] of processes) {
    if (kind === "renderer" && descendsFrom(processes, pid, String(process.pid))) ticks += used;
  }
  return ticks / CLOCK_TICKS;
}

/** The renderer's CPU seconds for a call that starts the engine and reads one small blank image. */
async function engineStartCpu(page: Page, settings: Partial<RecognitionSettings>): Promise<number> {
  const before = rendererCpu();
  await page.evaluate(
    async ({ roster, settings }) => {
      const canvas = new OffscreenCanvas(64, 64);
      const context = canvas.getContext("2d") as OffscreenCanvasRenderingContext2D;
      context.fillStyle = "#fff";
      context.fillRect(0, 0, 64, 64);
      await window.textRecognition.readBatch([await canvas.convertToBlob()], roster, settings, true);
    },
    { roster, settings },
  );
  return rendererCpu() - before;
}

const harness = await serveHarness(ensureOcrHarnessBuild());
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  if (values.data === "standard") {
    await page.route("**/eng.traineddata.gz", (route) => route.fulfill({ path: STANDARD_DATA }));
  }
  await openHarness(page, harness.url);
  const plain = [await yardstick(page), await yardstick(page)];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttle });
  const slowed = [await yardstick(page), await yardstick(page)];
  const pageRate = median(slowed.map((r) => r.page)) / median(plain.map((r) => r.page));
  const workerRate = median(slowed.map((r) => r.worker)) / median(plain.map((r) => r.worker));
  // Chromium throttles the page's main thread only: the worker's time is multiplied by the rate it was not slowed
  // by. The yardstick on a busy machine is too noisy to scale by its own ratio.
  const workerThrottled = workerRate > throttle * 0.75;
  const workerScale = workerThrottled ? 1 : throttle;

  console.log(
    `bench:ocr: ${images.length} images, ${images.reduce((n, i) => n + i.names.length, 0)} names, roster ${roster.length} (${basename(rosterFile)}), corpus ${dir}`,
  );
  console.log(
    `settings: ${JSON.stringify(settings)}${values.data ? `, data ${values.data}` : ""}; batches of ${batchSize}; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  console.log(
    `CPU throttling ${throttle}x: the page measured ${pageRate.toFixed(1)}x slower, the Web Worker ${workerRate.toFixed(1)}x ` +
      `(${workerThrottled ? "throttled too" : "NOT throttled by Chromium"}); the worker's times below are ` +
      `multiplied by ${workerScale.toFixed(2)}`,
  );
  console.log("");
  console.log("| image | s at 4x | names | found | correct | wrong | uncertain | missed | unknown |");
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");

  const rows: { image: CorpusImage; reading: ImageReading; score: ImageScore; seconds: number }[] = [];
  const engineSeconds: number[] = [];
  const engineCpu = Math.min(await engineStartCpu(page, settings), await engineStartCpu(page, settings));
  /** Each batch's renderer CPU seconds per image, the engine's start taken off. */
  const cpuPerImage: number[] = [];
  for (let start = 0; start < images.length; start += batchSize) {
    const batch = images.slice(start, start + batchSize);
    const cpuBefore = rendererCpu();
    const reading = await readBatch(
      page,
      batch.map((image) => image.file),
      roster,
      settings,
      closer,
    );
    const cpu = rendererCpu() - cpuBefore - engineCpu;
    for (const _ of batch) cpuPerImage.push(cpu / batch.length);
    engineSeconds.push((reading.engineMs * workerScale) / 1000);
    for (const [index, image] of batch.entries()) {
      const read = reading.images[index] as ImageReading;
      const score = scoreImage(image.names, read.match);
      const onPage = read.prepareMs + read.closerPrepareMs + read.glyphPrepareMs;
      const inWorker = read.recogniseMs + read.closerRecogniseMs + read.glyphRecogniseMs;
      const seconds = (onPage + inWorker * workerScale) / 1000;
      rows.push({ image, reading: read, score, seconds });
      console.log(
        `| ${basename(image.file)} | ${seconds.toFixed(2)} | ${score.truth} | ${score.correct + score.suggested} | ${score.correct} | ${score.wrong} | ${score.uncertain} | ${score.missed} | ${score.unknown} |`,
      );
    }
  }

  const sum = (pick: (score: ImageScore) => number) =>
    rows.reduce((total, row) => total + pick(row.score), 0);
  const truth = sum((s) => s.truth);
  const seconds = rows.map((row) => row.seconds);
  const correctShare = (100 * sum((s) => s.correct)) / truth;
  const wrongPer200 = (200 * sum((s) => s.wrong)) / truth;
  const mean = seconds.reduce((a, b) => a + b, 0) / seconds.length;
  console.log("");
  console.log(
    `selected correctly after accepting "matched": ${sum((s) => s.correct)} of ${truth} = ${correctShare.toFixed(1)}% (target >= 95%)`,
  );
  console.log(
    `wrong without being flagged uncertain: ${sum((s) => s.wrong)} = ${wrongPer200.toFixed(2)} per 200 names (target <= 1)`,
  );
  console.log(
    `found (matched or among an uncertain read's suggestions): ${sum((s) => s.correct + s.suggested)} of ${truth}; ` +
      `uncertain reads ${sum((s) => s.uncertain)}, missed ${sum((s) => s.missed)}, unknown ${sum((s) => s.unknown)}`,
  );
  console.log(
    `seconds per image at ${throttle}x: mean ${mean.toFixed(2)}, p95 ${percentile(seconds, 95).toFixed(2)}, max ${Math.max(...seconds).toFixed(2)} (target <= 4); ` +
      `engine start per call: mean ${(engineSeconds.reduce((a, b) => a + b, 0) / engineSeconds.length).toFixed(2)} s`,
  );
  const cpuMean = cpuPerImage.reduce((a, b) => a + b, 0) / cpuPerImage.length;
  console.log(
    `CPU seconds per image at ${throttle}x (the renderer's CPU time, page and worker, times ${throttle}; the engine's start of ${engineCpu.toFixed(2)} CPU s per call taken off; steadier than wall time on a busy machine): ` +
      `mean ${(cpuMean * throttle).toFixed(2)}, batch max ${(Math.max(...cpuPerImage) * throttle).toFixed(2)} (target <= 4)`,
  );
  const stepMean = (pick: (reading: ImageReading) => number, scale: number) =>
    (rows.reduce((total, row) => total + pick(row.reading), 0) * scale) / rows.length / 1000;
  console.log(
    `of which, per image at ${throttle}x: first read ${(stepMean((r) => r.prepareMs, 1) + stepMean((r) => r.recogniseMs, workerScale)).toFixed(2)} s, ` +
      `closer look ${(stepMean((r) => r.closerPrepareMs, 1) + stepMean((r) => r.closerRecogniseMs, workerScale)).toFixed(2)} s, ` +
      `glyph check ${(stepMean((r) => r.glyphPrepareMs, 1) + stepMean((r) => r.glyphRecogniseMs, workerScale)).toFixed(2)} s`,
  );
  console.log(
    `load average at the end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  if (values.save) {
    const saved = rows.map(({ image, reading }) => ({
      file: basename(image.file),
      truth: image.names,
      lines: reading.lines,
    }));
    writeFileSync(values.save, JSON.stringify({ roster, images: saved }, null, 1));
    console.log(`lines read: ${values.save}`);
  }
} finally {
  await browser.close();
  await harness.close();
}
