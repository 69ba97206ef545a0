/**
 * The three reads of one screenshot (decision 081). The first reads the whole image, small. With a roster, the
 * words close to two roster names are read again from enlarged crops (the closer look), with the recogniser's
 * glyph choices and boxes; then the positions where lookalikes still differ ("Bella" and "Be1la": l or 1) are read
 * on their own, each glyph in a crop of its column (the glyph check), where no word around it leans the recogniser
 * to a letter. Each later read replaces what the earlier one saw.
 */
import {
  type GlyphAt,
  glyphsToCheck,
  type RecognisedLine,
  type RecognisedWord,
  type WordAt,
  type WordBox,
  wordsToReadCloser,
} from "@shared/ocr/match-roster.ts";
import { glyphHeights } from "./glyph-heights.ts";
import { type HocrWord, hocrWords } from "./hocr-words.ts";
import {
  type CropMargins,
  type CropSlot,
  type DecodedImage,
  greyRegion,
  type PreparationSettings,
  type PreparedImage,
  prepareCrops,
} from "./prepare-image.ts";

/** Which read: each sets its own engine parameters. */
export type Pass = { kind: "first" } | { kind: "closer" } | { kind: "glyphs"; whitelist: string };

/** A line of the first read, as the engine's block output gives it (boxes in the read image's pixels). */
export interface BlockLine {
  text: string;
  confidence: number;
  words: { text: string; confidence: number; bbox: WordBox }[];
}

/** What a read gives: the first read's lines, the later reads' hOCR page. */
export interface PassPage {
  lines: BlockLine[];
  hocr: string;
}

export type ReadPass = (image: PreparedImage, pass: Pass) => Promise<PassPage>;

export type PassStep =
  | "prepare"
  | "recognise"
  | "closerPrepare"
  | "closerRecognise"
  | "glyphPrepare"
  | "glyphRecognise";

/** A word's crop for the closer look: a margin wide enough for its first and last glyphs. */
const WORD_MARGINS: CropMargins = { x: 0.4, y: 0.15 };
/** The screenshot around a word whose glyphs' heights are measured: room above for a tall glyph's top. */
const HEIGHT_MARGINS: CropMargins = { x: 0.3, y: 0.6 };
/** A glyph's crop: its column at the word's height, with little of its neighbours. */
const GLYPH_MARGINS: CropMargins = { x: 0.08, y: 0.15 };

const scaled = (box: WordBox, by: number): WordBox => ({
  x0: box.x0 * by,
  y0: box.y0 * by,
  x1: box.x1 * by,
  y1: box.y1 * by,
});

/** A box of the stacked image brought back to the screenshot's pixels. */
const inScreenshot = (box: WordBox, slot: CropSlot): WordBox => ({
  x0: slot.sourceX + (box.x0 - slot.offsetX) / slot.zoom,
  y0: slot.sourceY + (box.y0 - slot.top) / slot.zoom,
  x1: slot.sourceX + (box.x1 - slot.offsetX) / slot.zoom,
  y1: slot.sourceY + (box.y1 - slot.top) / slot.zoom,
});

/** The words of a stacked read in each slot: those whose middle falls in the slot's box, left to right. */
function bySlot(words: readonly HocrWord[], slots: readonly CropSlot[]): HocrWord[][] {
  const found = slots.map(() => [] as HocrWord[]);
  for (const word of words) {
    const x = (word.box.x0 + word.box.x1) / 2;
    const y = (word.box.y0 + word.box.y1) / 2;
    const slot = slots.findIndex((s) => y >= s.top && y < s.bottom && x >= s.left && x <= s.right);
    if (slot >= 0 && word.text !== "") found[slot]?.push(word);
  }
  for (const words of found) words.sort((a, b) => a.box.x0 - b.box.x0);
  return found;
}

/** `lines` with the word at `at` changed by `change`, and its line's text made anew. */
function withWord(
  lines: RecognisedLine[],
  at: WordAt,
  change: (word: RecognisedWord) => RecognisedWord,
): void {
  const line = lines[at.line];
  if (line?.words?.[at.word] === undefined) return;
  const words = line.words.map((word, index) => (index === at.word ? change(word) : word));
  lines[at.line] = { ...line, words, text: words.map((word) => word.text).join(" ") };
}

function firstLines(page: PassPage, scale: number): RecognisedLine[] {
  const lines: RecognisedLine[] = [];
  for (const line of page.lines) {
    const text = line.text.trim();
    const words = line.words.map((word) => ({
      text: word.text,
      confidence: word.confidence,
      box: scaled(word.bbox, 1 / scale),
    }));
    if (text !== "") lines.push({ text, confidence: line.confidence, words });
  }
  return lines;
}

async function closerLook(
  read: ReadPass,
  image: DecodedImage,
  settings: PreparationSettings,
  lines: RecognisedLine[],
  wanted: readonly WordAt[],
  timed: (step: PassStep) => void,
): Promise<void> {
  const boxes = wanted.flatMap(({ line, word }) => lines[line]?.words?.[word]?.box ?? []);
  if (boxes.length === 0 || boxes.length !== wanted.length) return;
  const crops = prepareCrops(image, boxes, WORD_MARGINS, settings);
  timed("closerPrepare");
  const found = bySlot(hocrWords((await read(crops, { kind: "closer" })).hocr), crops.slots);
  for (const [slot, at] of wanted.entries()) {
    const parts = found[slot] ?? [];
    const where = crops.slots[slot];
    if (parts.length === 0 || where === undefined) continue;
    const boxed = parts.every((part) => part.glyphBoxes !== undefined);
    withWord(lines, at, (word) => ({
      ...word,
      text: parts.map((part) => part.text).join(""),
      confidence: Math.min(...parts.map((part) => part.confidence)),
      closer: true,
      choices: parts.flatMap((part) => part.choices),
      ...(boxed
        ? {
            glyphBoxes: parts.flatMap((part) =>
              (part.glyphBoxes ?? []).map((box) => inScreenshot(box, where)),
            ),
          }
        : {}),
    }));
  }
  timed("closerRecognise");
}

/**
 * Each glyph's height in the words read closer, measured on the screenshot's pixels (glyph-heights.ts): the matcher
 * tells lookalikes of other heights apart by it ("Be1la" and "Bella", "S0rin" and "Sorin").
 */
function measureHeights(image: DecodedImage, lines: RecognisedLine[], wanted: readonly WordAt[]): void {
  for (const at of wanted) {
    const word = lines[at.line]?.words?.[at.word];
    const boxes = word?.glyphBoxes;
    if (word?.box === undefined || boxes === undefined || boxes.length === 0) continue;
    const around: WordBox = {
      x0: Math.min(word.box.x0, ...boxes.map((box) => box.x0)),
      y0: Math.min(word.box.y0, ...boxes.map((box) => box.y0)),
      x1: Math.max(word.box.x1, ...boxes.map((box) => box.x1)),
      y1: Math.max(word.box.y1, ...boxes.map((box) => box.y1)),
    };
    const region = greyRegion(image, around, HEIGHT_MARGINS);
    const heights = glyphHeights(
      region,
      boxes.map((box) => ({
        x0: box.x0 - region.x0,
        y0: box.y0 - region.y0,
        x1: box.x1 - region.x0,
        y1: box.y1 - region.y0,
      })),
    );
    withWord(lines, at, (read) => ({ ...read, heights }));
  }
}

async function checkGlyphs(
  read: ReadPass,
  image: DecodedImage,
  settings: PreparationSettings,
  lines: RecognisedLine[],
  wanted: readonly GlyphAt[],
  timed: (step: PassStep) => void,
): Promise<void> {
  const boxes = wanted.flatMap(({ line, word, position }) => {
    const recognised = lines[line]?.words?.[word];
    const glyph = recognised?.glyphBoxes?.[position];
    // The glyph's column at the whole word's height: the recogniser tells "o" from "0" by its size.
    return recognised?.box && glyph
      ? [{ x0: glyph.x0, x1: glyph.x1, y0: recognised.box.y0, y1: recognised.box.y1 }]
      : [];
  });
  if (boxes.length === 0 || boxes.length !== wanted.length) return;
  const crops = prepareCrops(image, boxes, GLYPH_MARGINS, settings);
  timed("glyphPrepare");
  const whitelist = [...new Set(wanted.flatMap((at) => at.glyphs))].join("");
  const found = bySlot(hocrWords((await read(crops, { kind: "glyphs", whitelist })).hocr), crops.slots);
  for (const [slot, at] of wanted.entries()) {
    const where = crops.slots[slot];
    const positions = (found[slot] ?? []).flatMap((part) =>
      part.choices.map((choices, index) => ({ choices, box: part.glyphBoxes?.[index] ?? part.box })),
    );
    if (where === undefined || positions.length === 0) continue;
    // The crop may show a sliver of a neighbour: the position nearest the crop's middle is the glyph.
    const middle = (where.left + where.right) / 2;
    const distance = (box: WordBox) => Math.abs((box.x0 + box.x1) / 2 - middle);
    const nearest = positions.reduce((a, b) => (distance(b.box) < distance(a.box) ? b : a));
    withWord(lines, at, (word) => ({
      ...word,
      checked: [...(word.checked ?? []), { position: at.position, choices: nearest.choices }],
    }));
  }
  timed("glyphRecognise");
}

/**
 * The lines of one decoded screenshot: the first read, then with `roster` the closer look and the glyph check.
 * `timed` is called after each step.
 */
export async function readScreenshot(
  read: ReadPass,
  image: DecodedImage,
  settings: PreparationSettings,
  roster: readonly string[] | undefined,
  timed: (step: PassStep) => void,
): Promise<RecognisedLine[]> {
  const lines = firstLines(await read(image, { kind: "first" }), image.scale);
  timed("recognise");
  if (roster === undefined) return lines;
  const closer = wordsToReadCloser(lines, roster);
  await closerLook(read, image, settings, lines, closer, timed);
  measureHeights(image, lines, closer);
  await checkGlyphs(read, image, settings, lines, glyphsToCheck(lines, roster), timed);
  return lines;
}
