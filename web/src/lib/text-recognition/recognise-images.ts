/**
 * Text recognition on the device (issue 27, decision 081): tesseract.js in its own Web Worker, with its files
 * served by the app (web/text-recognition-plugin.ts) and cached by the service worker on first use, never fetched
 * from anywhere else. The engine's code is imported only when a call starts, so no page's first download grows.
 * Each image gives its recognised lines; shared/ocr/match-roster.ts matches them to the roster.
 */
import type { RecognisedLine, RecognisedWord, WordAt, WordBox } from "@shared/ocr/match-roster.ts";
import { type HocrWord, hocrWords } from "./hocr-words.ts";
import {
  type CloserSlot,
  type PreparationSettings,
  type PreparedImage,
  prepareCloserLook,
  prepareImage,
} from "./prepare-image.ts";

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
  /** Page segmentation of the closer look's stacked crops. */
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
  parameters: {},
};

export interface RecogniseOptions {
  onProgress?(progress: RecognitionProgress): void;
  signal?: AbortSignal;
  /** For the benchmark: settings other than RECOGNITION_SETTINGS. */
  settings?: Partial<RecognitionSettings>;
  /**
   * The words of an image's lines to read again closer (shared/ocr/match-roster.ts wordsToReadCloser with the
   * roster): their crops are enlarged and read in one more call, and their reads replace the first ones.
   */
  closerLook?(lines: readonly RecognisedLine[]): WordAt[];
  /** For the benchmark: how long each step took, in ms (the engine's start once, then the steps of each image). */
  onTiming?(timing: {
    step: "engine" | "prepare" | "recognise" | "closerPrepare" | "closerRecognise";
    image: number;
    ms: number;
  }): void;
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

/** The share of an image's progress its first read takes; the closer look takes the rest. */
const FIRST_READ_SHARE = 0.8;

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const scaledBox = (box: Box, by: number): WordBox => ({
  x0: box.x0 * by,
  y0: box.y0 * by,
  x1: box.x1 * by,
  y1: box.y1 * by,
});

/**
 * The closer look's read of each slot: the words whose middle falls in the slot's word (the margin may show a
 * neighbour's glyphs), joined, with the least confidence and their glyph choices; nothing for a slot where nothing
 * was read.
 */
function closerReads(
  words: readonly HocrWord[],
  slots: readonly CloserSlot[],
): (Pick<RecognisedWord, "text" | "confidence" | "choices"> | undefined)[] {
  const found = slots.map(() => [] as (HocrWord & { x: number })[]);
  for (const word of words) {
    const x = (word.box.x0 + word.box.x1) / 2;
    const y = (word.box.y0 + word.box.y1) / 2;
    const slot = slots.findIndex((s) => y >= s.top && y < s.bottom && x >= s.left && x <= s.right);
    if (slot >= 0 && word.text !== "") found[slot]?.push({ ...word, x });
  }
  return found.map((parts) => {
    if (parts.length === 0) return undefined;
    parts.sort((a, b) => a.x - b.x);
    return {
      text: parts.map((part) => part.text).join(""),
      confidence: Math.min(...parts.map((part) => part.confidence)),
      choices: parts.flatMap((part) => part.choices),
    };
  });
}

/**
 * The lines each of `images` shows (one array per image, top to bottom), read in a Web Worker. The worker is
 * started for the call and ended after it, or as soon as `signal` aborts (the promise then rejects with the
 * signal's reason).
 */
export async function recogniseImages(
  images: readonly Blob[],
  { onProgress, signal, settings: override, onTiming, closerLook }: RecogniseOptions = {},
): Promise<RecognisedLine[][]> {
  signal?.throwIfAborted();
  if (images.length === 0) return [];
  const settings = { ...RECOGNITION_SETTINGS, ...override };
  const units = images.length + 1;
  let current = -1; // the image being read; -1 while loading
  let closing = false; // whether the closer look is being read
  const report = (step: number, progress: number) => {
    const fraction = Math.min(1, Math.max(0, (step + progress) / units));
    onProgress?.({ image: Math.max(1, current + 1), images: images.length, fraction });
  };
  report(0, 0);

  let started = performance.now();
  const timed = (
    step: "engine" | "prepare" | "recognise" | "closerPrepare" | "closerRecognise",
    image: number,
  ) => {
    const now = performance.now();
    onTiming?.({ step, image, ms: now - started });
    started = now;
  };
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
      logger: ({ status, progress }) => {
        const step = LOADING_STEPS.indexOf(status);
        if (current < 0 && step >= 0) report(0, (step + progress) / LOADING_STEPS.length);
        // The first read of an image is most of its share, the closer look the rest.
        else if (current >= 0 && status === "recognizing text")
          report(
            current + 1,
            closing ? FIRST_READ_SHARE + (1 - FIRST_READ_SHARE) * progress : FIRST_READ_SHARE * progress,
          );
      },
    });
  });
  // An abort during the start leaves no worker running once it has started.
  starting.then(
    (started) => signal?.aborted && void started.terminate().catch(() => {}),
    () => {},
  );
  const worker = await unlessAborted(
    Promise.race([starting, failure]).catch((error: unknown) => {
      throw new Error(RECOGNITION_UNAVAILABLE, { cause: error });
    }),
    signal,
  );
  const stop = () => void worker.terminate().catch(() => {});
  signal?.addEventListener("abort", stop, { once: true });
  try {
    await unlessAborted(
      worker.setParameters({
        ...settings.parameters,
        tessedit_pageseg_mode: settings.pageSegmentation as never,
      }),
      signal,
    );
    timed("engine", 0);
    const results: RecognisedLine[][] = [];
    const read = async (image: PreparedImage, output: { blocks: boolean; hocr: boolean }) => {
      const { data } = await unlessAborted(
        worker.recognize(
          new Blob([image.pgm], { type: "image/x-portable-graymap" }),
          {},
          { text: false, ...output },
        ),
        signal,
      );
      return data;
    };
    for (const [index, image] of images.entries()) {
      current = index;
      closing = false;
      report(index + 1, 0);
      const decoded = await unlessAborted(prepareImage(image, settings), signal);
      try {
        timed("prepare", index + 1);
        const lines: RecognisedLine[] = [];
        const page = await read(decoded, { blocks: true, hocr: false });
        for (const line of (page.blocks ?? []).flatMap((block) => block.paragraphs.flatMap((p) => p.lines))) {
          const words = line.words.map((word) => ({
            text: word.text,
            confidence: word.confidence,
            box: scaledBox(word.bbox, 1 / decoded.scale),
          }));
          const text = line.text.trim();
          if (text !== "") lines.push({ text, confidence: line.confidence, words });
        }
        timed("recognise", index + 1);
        const wanted = closerLook?.(lines) ?? [];
        const boxes = wanted.flatMap(({ line, word }) => lines[line]?.words?.[word]?.box ?? []);
        if (boxes.length === wanted.length && boxes.length > 0) {
          closing = true;
          const closer = prepareCloserLook(decoded, boxes, settings);
          timed("closerPrepare", index + 1);
          // The glyph choices (lstm_choice_mode 2) come with the hOCR page only, and slow a read: this one only.
          await unlessAborted(
            worker.setParameters({
              tessedit_pageseg_mode: settings.closerPageSegmentation as never,
              lstm_choice_mode: "2",
            }),
            signal,
          );
          const closerPage = await read(closer, { blocks: false, hocr: true });
          const reads = closerReads(hocrWords(closerPage.hocr ?? ""), closer.slots);
          await unlessAborted(
            worker.setParameters({
              tessedit_pageseg_mode: settings.pageSegmentation as never,
              lstm_choice_mode: "0",
            }),
            signal,
          );
          for (const [slot, { line, word }] of wanted.entries()) {
            const again = reads[slot];
            const recognised = lines[line];
            if (again === undefined || recognised?.words === undefined) continue;
            const words = recognised.words.map((w, i) => (i === word ? { ...w, ...again, closer: true } : w));
            lines[line] = { ...recognised, words, text: words.map((w) => w.text).join(" ") };
          }
          timed("closerRecognise", index + 1);
        }
        results.push(lines);
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
