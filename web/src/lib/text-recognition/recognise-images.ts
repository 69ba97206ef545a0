/**
 * Text recognition on the device (issue 27, decision 081): tesseract.js in its own Web Worker, with its files
 * served by the app (web/text-recognition-plugin.ts) and cached by the service worker on first use, never fetched
 * from anywhere else. The engine's code is imported only when a call starts, so no page's first download grows.
 * Each image gives its recognised lines (read-passes.ts); shared/ocr/match-roster.ts matches them to the roster.
 */
import type { RecognisedLine } from "@shared/ocr/match-roster.ts";
import { type PreparationSettings, type PreparedImage, prepareImage } from "./prepare-image.ts";
import { type Pass, type PassPage, type PassStep, readScreenshot } from "./read-passes.ts";

export interface RecognitionProgress {
  /** The image being read, from 1 (1 while the engine loads). */
  image: number;
  images: number;
  /** The share of the whole call done, 0-1: loading the engine counts as one image more. */
  fraction: number;
}

/** What decision 081 chose by measurement; the benchmark (npm run bench:ocr) tries others. */
export interface RecognitionSettings extends PreparationSettings {
  /** Tesseract's page segmentation mode. */
  pageSegmentation: "3" | "4" | "6" | "11";
  /** Page segmentation of the closer look's and the glyph check's stacked crops. */
  closerPageSegmentation: "4" | "6" | "11";
  /** More Tesseract parameters, set before the first image. */
  parameters: Record<string, string>;
}

export const RECOGNITION_SETTINGS: RecognitionSettings = {
  width: 400,
  invertDark: true,
  pageSegmentation: "11",
  closerHeight: 48,
  closerPageSegmentation: "6",
  // Tesseract reads every line it is unsure of a second time, inverted (invert_threshold 0.7): the images are
  // already dark text on light (prepare-image.ts), and the retries took a third of the first read's time (097).
  parameters: { invert_threshold: "0" },
};

export interface RecogniseOptions {
  onProgress?(progress: RecognitionProgress): void;
  signal?: AbortSignal;
  /** For the benchmark: settings other than RECOGNITION_SETTINGS. */
  settings?: Partial<RecognitionSettings>;
  /**
   * The roster the lines will be matched to: with it, the words close to two of its names are read again closer,
   * and the glyphs where lookalikes differ on their own (read-passes.ts).
   */
  roster?: readonly string[];
  /** For the benchmark: how long each step took, in ms (the engine's start once, then the steps of each image). */
  onTiming?(timing: { step: "engine" | PassStep; image: number; ms: number }): void;
}

/**
 * The error's message when the engine cannot start: its files did not arrive (offline before its first use, when
 * the service worker has not kept them yet) or the browser cannot run it.
 */
export const RECOGNITION_UNAVAILABLE =
  "Text recognition could not start: its files could not be loaded. Connect once to use it, then it works offline.";

/** The engine's folder on this origin, written by the build (web/text-recognition-plugin.ts). */
const ENGINE_DIR: string = import.meta.env.VITE_TEXT_RECOGNITION_DIR ?? "/assets/text-recognition/";

/** The order tesseract.js reports its loading steps in: each is a quarter of loading. */
const LOADING_STEPS = [
  "loading tesseract core",
  "initializing tesseract",
  "loading language traineddata",
  "initializing api",
];

/** Resolves with `work`, or rejects with the signal's reason as soon as it aborts. */
function unlessAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return work;
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) return abort();
    signal.addEventListener("abort", abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

/** The share of an image's progress its first read takes; the closer look and the glyph check take the rest. */
const FIRST_READ_SHARE = 0.8;

/** Each read's engine parameters: the glyph choices and boxes come with the hOCR page only, and slow a read. */
function passParameters(pass: Pass, settings: RecognitionSettings): Record<string, string> {
  if (pass.kind === "first") {
    return {
      tessedit_pageseg_mode: settings.pageSegmentation,
      lstm_choice_mode: "0",
      hocr_char_boxes: "0",
      tessedit_char_whitelist: "",
    };
  }
  return {
    tessedit_pageseg_mode: settings.closerPageSegmentation,
    lstm_choice_mode: "2",
    hocr_char_boxes: "1",
    tessedit_char_whitelist: pass.kind === "glyphs" ? pass.whitelist : "",
  };
}

/**
 * The engine's worker, started from this origin's files; rejects with RECOGNITION_UNAVAILABLE when they cannot be
 * loaded, or with the signal's reason when it aborts first (a worker that starts after that is ended).
 */
async function startEngine(
  signal: AbortSignal | undefined,
  logger: (message: { status: string; progress: number }) => void,
) {
  // tesseract.js reports a failed start (a file that did not arrive) to its error handler only; its promise stays open.
  let startFailed: (error: unknown) => void = () => {};
  const failure = new Promise<never>((_, reject) => {
    startFailed = reject;
  });
  // The library's ES module build (tesseract-esm.d.ts): its CommonJS entry would add interop to the shared runtime.
  const starting = import("tesseract.js/dist/tesseract.esm.min.js").then(({ default: tesseract }) => {
    return tesseract.createWorker("eng", tesseract.OEM.LSTM_ONLY, {
      workerPath: `${ENGINE_DIR}worker.min.js`,
      corePath: ENGINE_DIR,
      langPath: ENGINE_DIR.replace(/\/$/, ""),
      // The worker is started from its own file (the CSP's worker-src 'self'), not from a blob: URL.
      workerBlobURL: false,
      gzip: true,
      // The service worker keeps the files; a second copy in IndexedDB would only take the space twice.
      cacheMethod: "none",
      errorHandler: (error: unknown) => startFailed(error),
      logger,
    });
  });
  // An abort during the start leaves no worker running once it has started.
  starting.then(
    (started) => signal?.aborted && void started.terminate().catch(() => {}),
    () => {},
  );
  return unlessAborted(
    Promise.race([starting, failure]).catch((error: unknown) => {
      throw new Error(RECOGNITION_UNAVAILABLE, { cause: error });
    }),
    signal,
  );
}

/**
 * The lines each of `images` shows (one array per image, top to bottom), read in a Web Worker. The worker is
 * started for the call and ended after it, or as soon as `signal` aborts (the promise then rejects with the
 * signal's reason).
 */
export async function recogniseImages(
  images: readonly Blob[],
  { onProgress, signal, settings: override, onTiming, roster }: RecogniseOptions = {},
): Promise<RecognisedLine[][]> {
  signal?.throwIfAborted();
  if (images.length === 0) return [];
  const settings = { ...RECOGNITION_SETTINGS, ...override };
  const units = images.length + 1;
  let current = -1; // the image being read; -1 while loading
  let later = false; // whether a later read of the image (closer look, glyph check) is under way
  const report = (step: number, progress: number) => {
    const fraction = Math.min(1, Math.max(0, (step + progress) / units));
    onProgress?.({ image: Math.max(1, current + 1), images: images.length, fraction });
  };
  report(0, 0);

  let started = performance.now();
  const timed = (step: "engine" | PassStep, image: number) => {
    const now = performance.now();
    onTiming?.({ step, image, ms: now - started });
    started = now;
  };
  const worker = await startEngine(signal, ({ status, progress }) => {
    const step = LOADING_STEPS.indexOf(status);
    if (current < 0 && step >= 0) report(0, (step + progress) / LOADING_STEPS.length);
    // The first read of an image is most of its share, the closer look and the glyph check the rest.
    else if (current >= 0 && status === "recognizing text")
      report(
        current + 1,
        later ? FIRST_READ_SHARE + (1 - FIRST_READ_SHARE) * progress : FIRST_READ_SHARE * progress,
      );
  });
  const stop = () => void worker.terminate().catch(() => {});
  signal?.addEventListener("abort", stop, { once: true });
  try {
    await unlessAborted(worker.setParameters(settings.parameters), signal);
    timed("engine", 0);
    let parameters: Record<string, string> = {};
    const read = async (image: PreparedImage, pass: Pass): Promise<PassPage> => {
      const wanted = passParameters(pass, settings);
      const changed = Object.entries(wanted).filter(([name, value]) => parameters[name] !== value);
      if (changed.length > 0) await unlessAborted(worker.setParameters(Object.fromEntries(changed)), signal);
      parameters = wanted;
      const first = pass.kind === "first";
      later = !first;
      const { data } = await unlessAborted(
        worker.recognize(
          new Blob([image.pgm], { type: "image/x-portable-graymap" }),
          {},
          { text: false, blocks: first, hocr: !first },
        ),
        signal,
      );
      return {
        lines: (data.blocks ?? []).flatMap((block) =>
          block.paragraphs.flatMap((paragraph) => paragraph.lines),
        ),
        hocr: data.hocr ?? "",
      };
    };
    const results: RecognisedLine[][] = [];
    for (const [index, image] of images.entries()) {
      current = index;
      report(index + 1, 0);
      const decoded = await unlessAborted(prepareImage(image, settings), signal);
      try {
        timed("prepare", index + 1);
        results.push(await readScreenshot(read, decoded, settings, roster, (step) => timed(step, index + 1)));
      } finally {
        decoded.close();
      }
      report(index + 1, 1);
    }
    return results;
  } finally {
    signal?.removeEventListener("abort", stop);
    stop();
  }
}
