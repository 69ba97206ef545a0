/**
 * The page the benchmark and the browser test drive (tests/e2e/ocr-harness.ts): the app's own recognition and
 * matching modules, built with the app's engine files plugin, nothing else.
 */
import {
  matchRoster,
  type RecognisedLine,
  type RosterMatch,
  wordsToReadCloser,
} from "@shared/ocr/match-roster.ts";
import { type RecognitionSettings, recogniseImages } from "@web/lib/text-recognition/recognise-images.ts";

export interface HarnessReading {
  engineMs: number;
  images: {
    lines: RecognisedLine[];
    match: RosterMatch;
    prepareMs: number;
    recogniseMs: number;
    /** The closer look's crops (on the page) and read (in the worker), 0 when no word needed it. */
    closerPrepareMs: number;
    closerRecogniseMs: number;
  }[];
}

/**
 * Reads `images` in one call (one engine start), with the closer look the dialog asks for unless `closer` is false,
 * and matches each image's lines on its own.
 */
async function readBatch(
  images: readonly Blob[],
  roster: readonly string[],
  settings: Partial<RecognitionSettings>,
  closer = true,
): Promise<HarnessReading> {
  let engineMs = 0;
  const steps = images.map(() => ({
    prepareMs: 0,
    recogniseMs: 0,
    closerPrepareMs: 0,
    closerRecogniseMs: 0,
  }));
  const lines = await recogniseImages(images, {
    settings,
    ...(closer ? { closerLook: (read: readonly RecognisedLine[]) => wordsToReadCloser(read, roster) } : {}),
    onTiming: ({ step, image, ms }) => {
      const timing = steps[image - 1];
      if (step === "engine") engineMs = ms;
      else if (timing && step === "prepare") timing.prepareMs = ms;
      else if (timing && step === "closerPrepare") timing.closerPrepareMs = ms;
      else if (timing && step === "closerRecognise") timing.closerRecogniseMs = ms;
      else if (timing) timing.recogniseMs = ms;
    },
  });
  return {
    engineMs,
    images: steps.map((timing, index) => ({
      lines: lines[index] ?? [],
      match: matchRoster(lines[index] ?? [], roster),
      ...timing,
    })),
  };
}

declare global {
  interface Window {
    textRecognition: {
      recogniseImages: typeof recogniseImages;
      matchRoster: typeof matchRoster;
      readBatch: typeof readBatch;
    };
  }
}

window.textRecognition = { recogniseImages, matchRoster, readBatch };
document.documentElement.dataset.ready = "true";
