/**
 * The words of the recogniser's hOCR page (Tesseract with lstm_choice_mode 2): each word's box, confidence, text
 * and, position by position, the glyphs the recogniser saw there with their confidence, likeliest first. Only the
 * closer look asks for it (decision 081): the block output has no per-glyph choices.
 */
import type { GlyphChoice, WordBox } from "@shared/ocr/match-roster.ts";

export interface HocrWord {
  text: string;
  confidence: number;
  box: WordBox;
  choices: GlyphChoice[][];
  /** Each position's box, when the page has them (hocr_char_boxes) for every position of the word. */
  glyphBoxes?: WordBox[];
}

const ENTITIES: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** Text of hOCR markup: entities decoded. */
function decoded(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X"))
      return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
}

const WORD_START = "<span class='ocrx_word'";
const CHOICE_GROUP = "id='lstm_choices_";
const CHOICE = /title='x_confs ([\d.]+)'>([^<]*)<\/span>/g;
/** A position's box and glyph, with hocr_char_boxes (the word's text is then only in these). */
const GLYPH_BOX = /title='x_bboxes (\d+) (\d+) (\d+) (\d+);[^']*'>([^<]*)</g;

const boxOf = (match: RegExpExecArray | RegExpMatchArray): WordBox => ({
  x0: Number(match[1]),
  y0: Number(match[2]),
  x1: Number(match[3]),
  y1: Number(match[4]),
});

/** Every word of `hocr`, in the page's order; a word without a box is skipped. */
export function hocrWords(hocr: string): HocrWord[] {
  const words: HocrWord[] = [];
  for (const part of hocr.split(WORD_START).slice(1)) {
    const title = /title='([^']*)'>([^<]*)/.exec(part);
    const box = /bbox (\d+) (\d+) (\d+) (\d+)/.exec(title?.[1] ?? "");
    const glyphs = [...part.matchAll(GLYPH_BOX)];
    const glyphBoxes = glyphs.map(boxOf);
    const text = decoded(title?.[2]?.trim() || glyphs.map((glyph) => glyph[5] ?? "").join(""));
    if (title === null || box === null) continue;
    const confidence = Number(/x_wconf (\d+)/.exec(title[1] ?? "")?.[1] ?? 0);
    const choices = part
      .split(CHOICE_GROUP)
      .slice(1)
      .map((group) =>
        [...group.matchAll(CHOICE)]
          .map((match) => ({ glyph: decoded(match[2] ?? ""), confidence: Number(match[1]) }))
          .filter((choice) => choice.glyph !== "" && choice.confidence > 0)
          .sort((a, b) => b.confidence - a.confidence),
      );
    words.push({
      text: text.trim(),
      confidence,
      box: boxOf(box),
      choices,
      ...(glyphBoxes.length === choices.length && choices.length > 0 ? { glyphBoxes } : {}),
    });
  }
  return words;
}
