/**
 * How tall each glyph of a word is drawn, measured on the screenshot's own pixels (decision 097). Lookalikes the
 * recogniser cannot tell apart differ in height: a small l reaches the ascender line, a 1 and a capital I stop at
 * the capital line; a 0 is a capital's height, an o the small letters'. The recogniser's glyph boxes are too coarse
 * for that (a pixel or two at 1080 px), so each glyph's ink is measured again here, to a fraction of a pixel from
 * the antialiased edges.
 */
import type { WordBox } from "@shared/ocr/match-roster.ts";

/** A grey image (0 black - 255 white), row by row. */
export interface GreyImage {
  pixels: Uint8Array;
  width: number;
  height: number;
}

/** The share of the ink's contrast a pixel must have to count as ink: the edge is where it crosses this. */
const EDGE = 0.5;
/** Columns of a glyph's box kept, from its middle: its boxes overlap its neighbours' by a few pixels. */
const MIDDLE_SHARE = 0.6;

/** Inkness 0-1 of each pixel of `image` (text dark or light, whichever is the minority). */
function inkness(image: GreyImage): Float32Array {
  const histogram = new Uint32Array(256);
  for (const value of image.pixels) histogram[value] = (histogram[value] as number) + 1;
  const at = (share: number) => {
    let seen = 0;
    for (let value = 0; value < 256; value++) {
      seen += histogram[value] as number;
      if (seen >= share * image.pixels.length) return value;
    }
    return 255;
  };
  const background = at(0.5);
  // The ink is the far side from the background: the darkest pixels on light, the lightest on dark.
  const ink = background >= 128 ? at(0.01) : at(0.99);
  const contrast = ink - background;
  const out = new Float32Array(image.pixels.length);
  if (Math.abs(contrast) < 24) return out;
  for (let index = 0; index < out.length; index++) {
    out[index] = Math.min(1, Math.max(0, ((image.pixels[index] as number) - background) / contrast));
  }
  return out;
}

/**
 * The height of the ink in each of `boxes` (in `image`'s pixels), to a fraction of a pixel: the run of rows with ink
 * around the box's middle, each edge where the ink crosses half its contrast. NaN for a box without ink in its middle.
 * `image` should be the word with some background around it.
 */
export function glyphHeights(image: GreyImage, boxes: readonly WordBox[]): number[] {
  const ink = inkness(image);
  return boxes.map((box) => {
    const middle = (box.x0 + box.x1) / 2;
    const half = Math.max(0.5, ((box.x1 - box.x0) * MIDDLE_SHARE) / 2);
    const x0 = Math.max(0, Math.floor(middle - half));
    const x1 = Math.min(image.width, Math.ceil(middle + half));
    if (x1 <= x0) return Number.NaN;
    // Each row's ink: the strongest of the glyph's middle columns.
    const profile = new Float32Array(image.height);
    for (let row = 0; row < image.height; row++) {
      let strongest = 0;
      for (let x = x0; x < x1; x++) strongest = Math.max(strongest, ink[row * image.width + x] as number);
      profile[row] = strongest;
    }
    // Start from the inkiest row of the box's lower half (every glyph measured here sits on the baseline).
    const lower0 = Math.max(0, Math.floor((box.y0 + box.y1) / 2));
    const lower1 = Math.min(image.height, Math.ceil(box.y1));
    let start = -1;
    for (let row = lower0; row < lower1; row++) {
      if (
        (profile[row] as number) >= EDGE &&
        (start < 0 || (profile[row] as number) > (profile[start] as number))
      )
        start = row;
    }
    if (start < 0) return Number.NaN;
    let top = start;
    while (top > 0 && (profile[top - 1] as number) >= EDGE) top--;
    let bottom = start;
    while (bottom < image.height - 1 && (profile[bottom + 1] as number) >= EDGE) bottom++;
    // Where the ink crosses EDGE between the last row in and the first row out.
    const crossing = (inside: number, outside: number) => {
      const a = profile[inside] as number;
      const b = outside >= 0 && outside < image.height ? (profile[outside] as number) : 0;
      return a === b ? 0.5 : (a - EDGE) / (a - b);
    };
    return bottom - top + 1 + crossing(top, top - 1) - 0.5 + crossing(bottom, bottom + 1) - 0.5;
  });
}
