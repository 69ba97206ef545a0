import { describe, expect, it } from "vitest";
import { type GreyImage, glyphHeights } from "./glyph-heights.ts";

/**
 * A word drawn as bars on a background: each glyph `{ x, top, bottom }` in pixel rows, its edge rows half inked
 * when `half` (antialiasing), light on dark when `dark`.
 */
function drawn(
  glyphs: { x: number; top: number; bottom: number }[],
  { dark = false, half = false } = {},
): GreyImage {
  const width = 60;
  const height = 40;
  const background = dark ? 30 : 235;
  const ink = dark ? 230 : 20;
  const pixels = new Uint8Array(width * height).fill(background);
  const paint = (x: number, y: number, share: number) => {
    pixels[y * width + x] = Math.round(background + (ink - background) * share);
  };
  for (const { x, top, bottom } of glyphs) {
    for (let column = x; column < x + 3; column++) {
      for (let row = top; row <= bottom; row++) paint(column, row, 1);
      if (half) {
        paint(column, top - 1, 0.75);
        paint(column, bottom + 1, 0.25);
      }
    }
  }
  return { pixels, width, height };
}

const box = (x: number) => ({ x0: x - 1, y0: 5, x1: x + 4, y1: 32 });

describe("glyphHeights", () => {
  it("measures each glyph's ink from its own columns, an ascender above a capital, light on dark too", () => {
    for (const dark of [false, true]) {
      const image = drawn(
        [
          { x: 5, top: 10, bottom: 30 },
          { x: 20, top: 8, bottom: 30 },
          { x: 35, top: 15, bottom: 30 },
        ],
        { dark },
      );
      expect(glyphHeights(image, [box(5), box(20), box(35)])).toEqual([21, 23, 16]);
    }
  });

  it("reads a fraction of a pixel from an antialiased edge", () => {
    const [height] = glyphHeights(drawn([{ x: 5, top: 10, bottom: 30 }], { half: true }), [box(5)]);
    // a row three quarters inked above, a quarter below: the 21 full rows and the two partial ones' ink
    expect(height).toBeCloseTo(22, 5);
    const [plain] = glyphHeights(drawn([{ x: 5, top: 10, bottom: 30 }]), [box(5)]);
    expect(plain).toBeCloseTo(21, 5);
  });

  it("gives NaN for a box without ink, and for an image without contrast", () => {
    const image = drawn([{ x: 5, top: 10, bottom: 30 }]);
    expect(glyphHeights(image, [box(40)])).toEqual([Number.NaN]);
    expect(glyphHeights(drawn([]), [box(5)])).toEqual([Number.NaN]);
  });
});
