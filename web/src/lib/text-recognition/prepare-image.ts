/**
 * A screenshot made ready for the recogniser (decision 081): scaled, grey, dark themes inverted to dark text on
 * light, and written as a binary PGM, which the engine reads without decoding a compressed format again.
 */

export interface PreparationSettings {
  /** Width the image is scaled to (never above 2x); null keeps its own size. */
  width: number | null;
  /** Whether an image darker than mid-grey on average is inverted (the recogniser is trained on dark on light). */
  invertDark: boolean;
}

export interface PreparedImage {
  /** Binary PGM (P5) bytes. */
  pgm: Uint8Array<ArrayBuffer>;
  width: number;
  height: number;
  inverted: boolean;
}

/** Decodes `image`, then scales, greys and, for a dark theme, inverts it. */
export async function prepareImage(image: Blob, settings: PreparationSettings): Promise<PreparedImage> {
  const bitmap = await createImageBitmap(image);
  const scale = settings.width === null ? 1 : Math.min(2, settings.width / bitmap.width);
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (context === null) throw new Error("This browser cannot draw an image off screen.");
  context.imageSmoothingQuality = "high";
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const rgba = context.getImageData(0, 0, width, height).data;

  const header = new TextEncoder().encode(`P5\n${width} ${height}\n255\n`);
  const pgm = new Uint8Array(header.length + width * height);
  pgm.set(header);
  const grey = pgm.subarray(header.length);
  let sum = 0;
  for (let pixel = 0, offset = 0; pixel < grey.length; pixel++, offset += 4) {
    // Rec. 601 luma in integers
    const luma =
      ((rgba[offset] as number) * 77 +
        (rgba[offset + 1] as number) * 150 +
        (rgba[offset + 2] as number) * 29) >>
      8;
    grey[pixel] = luma;
    sum += luma;
  }
  const inverted = settings.invertDark && sum / grey.length < 128;
  if (inverted) for (let pixel = 0; pixel < grey.length; pixel++) grey[pixel] = 255 - (grey[pixel] as number);
  return { pgm, width, height, inverted };
}
