/**
 * Screenshots made ready for the recogniser (decision 081): scaled, grey, dark themes inverted to dark text on
 * light, and written as a binary PGM, which the engine reads without decoding a compressed format again. The
 * closer look and the glyph check stack crops of chosen words or glyphs, enlarged, into one image.
 */
import type { WordBox } from "@shared/ocr/match-roster.ts";

export interface PreparationSettings {
  /** Width the image is scaled to (never above 2x); null keeps its own size. */
  width: number | null;
  /** Whether an image darker than mid-grey on average is inverted (the recogniser is trained on dark on light). */
  invertDark: boolean;
  /** The height a word's box is enlarged to for the closer look and the glyph check, in pixels (at most 3x). */
  closerHeight: number;
}

export interface PreparedImage {
  /** Binary PGM (P5) bytes. */
  pgm: Uint8Array<ArrayBuffer>;
  width: number;
  height: number;
}

/** A screenshot decoded once, for the whole read and the closer look; close() frees it. */
export interface DecodedImage extends PreparedImage {
  /** The prepared image's width over the screenshot's: a box read on it is divided by it. */
  scale: number;
  source: ImageBitmap;
  close(): void;
}

function drawingContext(width: number, height: number): OffscreenCanvasRenderingContext2D {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (context === null) throw new Error("This browser cannot draw an image off screen.");
  context.imageSmoothingQuality = "high";
  return context;
}

/** Rec. 601 luma in integers of an RGBA pixel run into `grey`; returns the sum. */
function toGrey(rgba: Uint8ClampedArray, grey: Uint8Array): number {
  let sum = 0;
  for (let pixel = 0, offset = 0; pixel < grey.length; pixel++, offset += 4) {
    const luma =
      ((rgba[offset] as number) * 77 +
        (rgba[offset + 1] as number) * 150 +
        (rgba[offset + 2] as number) * 29) >>
      8;
    grey[pixel] = luma;
    sum += luma;
  }
  return sum;
}

/** The middle grey of `grey`: a word's crop is mostly background, so this is the background's shade. */
function medianGrey(grey: Uint8Array): number {
  const histogram = new Uint32Array(256);
  for (const value of grey) histogram[value] = (histogram[value] as number) + 1;
  let seen = 0;
  for (let value = 0; value < 256; value++) {
    seen += histogram[value] as number;
    if (seen * 2 >= grey.length) return value;
  }
  return 255;
}

function invert(grey: Uint8Array): void {
  for (let pixel = 0; pixel < grey.length; pixel++) grey[pixel] = 255 - (grey[pixel] as number);
}

/** An empty PGM of `width` x `height` and its pixels. */
function pgmOf(width: number, height: number): { pgm: Uint8Array<ArrayBuffer>; pixels: Uint8Array } {
  const header = new TextEncoder().encode(`P5\n${width} ${height}\n255\n`);
  const pgm = new Uint8Array(header.length + width * height);
  pgm.set(header);
  return { pgm, pixels: pgm.subarray(header.length) };
}

/** Decodes `image`, then scales, greys and, for a dark theme, inverts it; the decoded bitmap is kept. */
export async function prepareImage(image: Blob, settings: PreparationSettings): Promise<DecodedImage> {
  const source = await createImageBitmap(image);
  const scale = settings.width === null ? 1 : Math.min(2, settings.width / source.width);
  const width = Math.max(1, Math.round(source.width * scale));
  const height = Math.max(1, Math.round(source.height * scale));
  const context = drawingContext(width, height);
  context.drawImage(source, 0, 0, width, height);
  const { pgm, pixels } = pgmOf(width, height);
  const sum = toGrey(context.getImageData(0, 0, width, height).data, pixels);
  if (settings.invertDark && sum / pixels.length < 128) invert(pixels);
  return { pgm, width, height, scale, source, close: () => source.close() };
}

/**
 * The screenshot's pixels around `box` at their own size, grey: for measuring, not reading. `margins` in the box's
 * heights (x each side, y above; below, half of it).
 */
export function greyRegion(
  image: DecodedImage,
  box: WordBox,
  margins: CropMargins,
): { pixels: Uint8Array; width: number; height: number; x0: number; y0: number } {
  const boxHeight = Math.max(1, box.y1 - box.y0);
  const x0 = Math.max(0, Math.floor(box.x0 - boxHeight * margins.x));
  const y0 = Math.max(0, Math.floor(box.y0 - boxHeight * margins.y));
  const x1 = Math.min(image.source.width, Math.ceil(box.x1 + boxHeight * margins.x));
  const y1 = Math.min(image.source.height, Math.ceil(box.y1 + (boxHeight * margins.y) / 2));
  const width = Math.max(1, x1 - x0);
  const height = Math.max(1, y1 - y0);
  const context = drawingContext(width, height);
  context.drawImage(image.source, x0, y0, width, height, 0, 0, width, height);
  const pixels = new Uint8Array(width * height);
  toGrey(context.getImageData(0, 0, width, height).data, pixels);
  return { pixels, width, height, x0, y0 };
}

/** Where each crop sits in the stacked image, top to bottom, and how to bring a point back to the screenshot. */
export interface CropSlot {
  top: number;
  bottom: number;
  /** The cropped box itself, without the margin around it. */
  left: number;
  right: number;
  /** The crop's top left corner in the screenshot, and how much it was enlarged. */
  sourceX: number;
  sourceY: number;
  zoom: number;
  /** Where the crop's left edge is in the stacked image. */
  offsetX: number;
}

/** Margins around a box, in the box's heights: a glyph cut by a tight box would be misread. */
export interface CropMargins {
  x: number;
  y: number;
}

/** Space between two crops, in the enlarged height. */
const GAP = 0.8;

/**
 * The boxes (in `image.source`'s pixels), each cropped with `margins`, enlarged so the box is `closerHeight` tall
 * (at most 3x), greyed and inverted on its own when its background is dark, stacked in one PGM with white space
 * between them: one recogniser call reads them all.
 */
export function prepareCrops(
  image: DecodedImage,
  boxes: readonly WordBox[],
  margins: CropMargins,
  settings: PreparationSettings,
): PreparedImage & { slots: CropSlot[] } {
  const crops = boxes.map((box) => {
    const boxHeight = Math.max(1, box.y1 - box.y0);
    const x0 = Math.max(0, Math.floor(box.x0 - boxHeight * margins.x));
    const y0 = Math.max(0, Math.floor(box.y0 - boxHeight * margins.y));
    const x1 = Math.min(image.source.width, Math.ceil(box.x1 + boxHeight * margins.x));
    const y1 = Math.min(image.source.height, Math.ceil(box.y1 + boxHeight * margins.y));
    const zoom = Math.min(3, settings.closerHeight / boxHeight);
    return {
      x0,
      y0,
      width: Math.max(1, x1 - x0),
      height: Math.max(1, y1 - y0),
      zoom,
      scaledWidth: Math.max(1, Math.round((x1 - x0) * zoom)),
      scaledHeight: Math.max(1, Math.round((y1 - y0) * zoom)),
      boxLeft: Math.round((box.x0 - x0) * zoom),
      boxRight: Math.round((box.x1 - x0) * zoom),
    };
  });
  const gap = Math.round(settings.closerHeight * GAP);
  const width = Math.max(1, ...crops.map((crop) => crop.scaledWidth)) + 2 * gap;
  const height = crops.reduce((sum, crop) => sum + crop.scaledHeight + gap, gap);
  const { pgm, pixels } = pgmOf(width, height);
  pixels.fill(255);
  const slots: CropSlot[] = [];
  let top = gap;
  for (const crop of crops) {
    const context = drawingContext(crop.scaledWidth, crop.scaledHeight);
    context.drawImage(
      image.source,
      crop.x0,
      crop.y0,
      crop.width,
      crop.height,
      0,
      0,
      crop.scaledWidth,
      crop.scaledHeight,
    );
    const grey = new Uint8Array(crop.scaledWidth * crop.scaledHeight);
    toGrey(context.getImageData(0, 0, crop.scaledWidth, crop.scaledHeight).data, grey);
    // Light text on a dark plate is inverted even in a light theme.
    if (settings.invertDark && medianGrey(grey) < 128) invert(grey);
    for (let row = 0; row < crop.scaledHeight; row++) {
      pixels.set(
        grey.subarray(row * crop.scaledWidth, (row + 1) * crop.scaledWidth),
        (top + row) * width + gap,
      );
    }
    slots.push({
      top,
      bottom: top + crop.scaledHeight,
      left: gap + crop.boxLeft,
      right: gap + crop.boxRight,
      sourceX: crop.x0,
      sourceY: crop.y0,
      zoom: crop.zoom,
      offsetX: gap,
    });
    top += crop.scaledHeight + gap;
  }
  return { pgm, width, height, slots };
}
