/**
 * Renders corpus screens in Debian's Chromium (playwright-core, one page reused) and writes them as JPEG: the
 * screen at 1080x2400 or 720x1600 device pixels, maybe cropped, and the names fully visible in it (decision 082).
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type Browser, chromium, type Page } from "playwright-core";
import type { Random } from "./random.ts";
import { FONT_FAMILIES, FONTS, SCENE_CSS, SCREEN, type SceneSpec, sceneMarkup } from "./scene.ts";

export const SIZES = ["1080x2400", "720x1600"] as const;
export type Size = (typeof SIZES)[number];
/** Both sizes are the same 360x800 CSS screen at another device pixel ratio, as on phones. */
const SCALE: Record<Size, number> = { "1080x2400": 3, "720x1600": 2 };

export interface ScreenSpec extends SceneSpec {
  size: Size;
  /** JPEG quality, 55-85 in the corpus. */
  quality: number;
  /** Degrees the whole screen is turned, shrunk a little within the frame (a photo of a phone); 0 for none. */
  tilt: number;
  /** Cut the image to part of the list: whole rows off the top and bottom, the sides to the panel. */
  crop: boolean;
}

/** What the tests launch too (tests/e2e/browser.ts): Debian's Chromium, never a downloaded one. */
const CHROMIUM_PATH = "/usr/bin/chromium";
const CHROMIUM_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--font-render-hinting=none"];

export function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error("Debian Chromium is missing: apt-get install -y chromium");
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

const require = createRequire(import.meta.url);

/** The fonts' Latin and Latin Extended files, regular and bold, embedded: the page loads nothing from anywhere. */
function fontFaces(): string {
  const faces: string[] = [];
  for (const font of FONTS) {
    for (const subset of ["latin", "latin-ext"]) {
      for (const weight of [400, 700]) {
        const file = require.resolve(`@fontsource/${font}/files/${font}-${subset}-${weight}-normal.woff2`);
        const data = readFileSync(file).toString("base64");
        faces.push(
          `@font-face { font-family: '${FONT_FAMILIES[font]}'; font-weight: ${weight}; font-style: normal; ` +
            `src: url(data:font/woff2;base64,${data}) format('woff2'); }`,
        );
      }
    }
  }
  return faces.join("\n");
}

/**
 * In the page: show a screen, narrow any name wider than its column until it fits (a game shrinks or the
 * generator would cut it), refuse a list whose edge hides a name (it would be in the picture, not in the truth),
 * turn the screen, then report each name's box. A plain script, not a serialized function.
 */
const PAGE_SCRIPT = `
window.showScreen = (html, tilt) => {
  document.body.innerHTML = html;
  const names = [...document.querySelectorAll("[data-name]")];
  for (const box of names) {
    let size = parseFloat(getComputedStyle(box).fontSize);
    while (box.scrollWidth > box.clientWidth && size > 7) {
      size -= 0.5;
      box.style.fontSize = size + "px";
    }
  }
  const list = document.querySelector(".list").getBoundingClientRect();
  for (const box of names) {
    const r = box.firstElementChild.getBoundingClientRect();
    if (r.top < list.top || r.bottom > list.bottom) throw new Error("The list hides " + box.textContent);
  }
  if (tilt !== 0) document.querySelector(".screen").style.transform = "rotate(" + tilt + "deg) scale(0.95)";
  return names.map((box) => {
    const r = box.firstElementChild.getBoundingClientRect();
    return { name: box.textContent, left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  });
};`;

interface NameBox {
  name: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Space kept around a name so a crop edge never touches an accent or a descender. */
const MARGIN = 3;

/** Where to cut: between rows (never through a name), keeping at least `minNames` names. */
function cropBox(
  boxes: NameBox[],
  random: Random,
  minNames: number,
): { x: number; y: number; width: number; height: number } {
  const rows = [...new Set(boxes.map((box) => Math.round(box.top)))].sort((a, b) => a - b);
  const dropTop = random.int(0, Math.max(0, Math.floor((rows.length - 1) / 3)));
  // At least one row goes, so a cropped image always shows fewer names than its list.
  const dropBottom = random.int(dropTop === 0 ? 1 : 0, Math.max(1, Math.floor((rows.length - 1) / 3)));
  let first = dropTop;
  let last = rows.length - 1 - dropBottom;
  const visible = () =>
    boxes.filter((box) => {
      const row = rows.indexOf(Math.round(box.top));
      return row >= first && row <= last;
    }).length;
  while (visible() < minNames && (first > 0 || last < rows.length - 1)) {
    if (first > 0) first--;
    if (visible() < minNames && last < rows.length - 1) last++;
  }
  const inRow = (row: number) => boxes.filter((box) => Math.round(box.top) === rows[row]);
  const rowTop = Math.min(...inRow(first).map((box) => box.top));
  const rowBottom = Math.max(...inRow(last).map((box) => box.bottom));
  const above = first > 0 ? Math.max(...inRow(first - 1).map((box) => box.bottom)) : 0;
  const below = last < rows.length - 1 ? Math.min(...inRow(last + 1).map((box) => box.top)) : SCREEN.height;
  // The edges fall in the gap between the kept rows' names and the dropped ones': what the cut leaves of a dropped
  // row is its bars, never part of its name.
  const top = random.between(above + MARGIN, Math.max(above + MARGIN, rowTop - MARGIN));
  const bottom = random.between(Math.min(below - MARGIN, rowBottom + MARGIN), below - MARGIN);
  const left = Math.max(0, Math.min(...boxes.map((box) => box.left)) - random.between(20, 40));
  // The right edge: the screen's (a crop to the list's rows) or just past the names (a crop to the names).
  const namesRight = Math.max(...boxes.map((box) => box.right));
  const right = random.chance(0.5)
    ? SCREEN.width - random.between(0, 12)
    : Math.min(SCREEN.width, namesRight + random.between(40, 80));
  return { x: left, y: top, width: right - left, height: bottom - top };
}

export interface ScreenRenderer {
  /** Renders one screen to `file` (JPEG) and answers the names fully visible in it, in screen order. */
  render(spec: ScreenSpec, random: Random, file: string): Promise<string[]>;
  close(): Promise<void>;
}

/** One page, reused for every screen; a browser given is left open, one launched here is closed by close(). */
export async function openScreenRenderer(browser?: Browser): Promise<ScreenRenderer> {
  const owned = browser === undefined;
  const chromiumBrowser = browser ?? (await launchChromium());
  const pages = new Map<Size, Page>();
  const css = `${fontFaces()}\n${SCENE_CSS}`;

  async function pageFor(size: Size): Promise<Page> {
    const existing = pages.get(size);
    if (existing) return existing;
    const page = await chromiumBrowser.newPage({ viewport: SCREEN, deviceScaleFactor: SCALE[size] });
    await page.setContent(
      `<!doctype html><html><head><meta charset="utf-8"><style>${css}</style></head><body></body></html>`,
    );
    await page.addScriptTag({ content: PAGE_SCRIPT });
    await page.evaluate(() => Promise.all([...document.fonts].map((face) => face.load())));
    pages.set(size, page);
    return page;
  }

  return {
    async render(spec, random, file) {
      const page = await pageFor(spec.size);
      const markup = sceneMarkup(spec, random.fork("scene"));
      const boxes = await page.evaluate(
        ([html, tilt]) =>
          (window as unknown as { showScreen(html: string, tilt: number): NameBox[] }).showScreen(html, tilt),
        [markup, spec.tilt] as const,
      );
      const clip = spec.crop
        ? cropBox(boxes, random.fork("crop"), Math.min(8, boxes.length))
        : { x: 0, y: 0, width: SCREEN.width, height: SCREEN.height };
      const inside = (box: NameBox) =>
        box.left >= clip.x + 1 &&
        box.right <= clip.x + clip.width - 1 &&
        box.top >= clip.y + 1 &&
        box.bottom <= clip.y + clip.height - 1;
      const outside = (box: NameBox) =>
        box.right <= clip.x ||
        box.left >= clip.x + clip.width ||
        box.bottom <= clip.y ||
        box.top >= clip.y + clip.height;
      const cut = boxes.find((box) => !inside(box) && !outside(box));
      if (cut) throw new Error(`The screen cuts "${cut.name}" in half: ${JSON.stringify({ cut, clip })}`);
      await page.screenshot({ path: file, type: "jpeg", quality: spec.quality, clip, scale: "device" });
      return boxes.filter(inside).map((box) => box.name);
    },
    async close() {
      for (const page of pages.values()) await page.close();
      if (owned) await chromiumBrowser.close();
    },
  };
}
