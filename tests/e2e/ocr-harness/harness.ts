/**
 * The page the benchmark and the browser test drive (tests/e2e/ocr-harness.ts): the app's own recognition and
 * matching modules, built with the app's engine files plugin, nothing else.
 */
import { matchRoster, type RecognisedLine, type RosterMatch } from "@shared/ocr/match-roster.ts";
import { type RecognitionSettings, recogniseImages } from "@web/lib/text-recognition/recognise-images.ts";

export interface HarnessReading {
  engineMs: number;
  images: {
    lines: RecognisedLine[];
    match: RosterMatch;
    prepareMs: number;
    recogniseMs: number;
    /** The closer look's and the glyph check's crops (on the page) and reads (in the worker); 0 when not needed. */
    closerPrepareMs: number;
    closerRecogniseMs: number;
    glyphPrepareMs: number;
    glyphRecogniseMs: number;
  }[];
}

/**
 * Reads `images` in one call (one engine start), with the roster as the dialog does (the closer look and the glyph
 * check) unless `closer` is false,
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
    glyphPrepareMs: 0,
    glyphRecogniseMs: 0,
  }));
  const lines = await recogniseImages(images, {
    settings,
    ...(closer ? { roster } : {}),
    onTiming: ({ step, image, ms }) => {
      const timing = steps[image - 1];
      if (step === "engine") engineMs = ms;
      else if (timing) timing[`${step}Ms`] = ms;
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
