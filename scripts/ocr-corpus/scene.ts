/**
 * The markup of one game screen for the corpus (decision 082): a phone's status bar, a painted game scene (SVG:
 * gradients, hills, a castle, trees, shapes, seeded noise) behind a translucent panel listing the names as a party
 * (raid frames with level, class and HP/MP bars) or a guild-member list (level, class, contribution, online status).
 * Pure: the same spec and seed give the same markup. The screen is 360x800 CSS pixels; render.ts scales it.
 */
import type { Random } from "./random.ts";

export const LAYOUTS = ["party", "guild"] as const;
export const THEMES = ["dark", "parchment"] as const;
export const FONTS = ["noto-sans", "noto-serif", "roboto-condensed"] as const;
export type Layout = (typeof LAYOUTS)[number];
export type Theme = (typeof THEMES)[number];
export type FontName = (typeof FONTS)[number];

export const SCREEN = { width: 360, height: 800 } as const;

export const FONT_FAMILIES: Record<FontName, string> = {
  "noto-sans": "Noto Sans",
  "noto-serif": "Noto Serif",
  "roboto-condensed": "Roboto Condensed",
};

export interface SceneSpec {
  names: readonly string[];
  layout: Layout;
  theme: Theme;
  font: FontName;
}

const CLASSES = [
  "Warrior",
  "Cleric",
  "Mage",
  "Ranger",
  "Assassin",
  "Paladin",
  "Warlock",
  "Berserker",
  "Bard",
];
const CLASS_COLOURS = [
  "#c69b6d",
  "#f4f4f4",
  "#3fc7eb",
  "#aad372",
  "#fff468",
  "#f48cba",
  "#8788ee",
  "#c41e3a",
  "#33937f",
];
const CHAT = [
  "[World] LF1 healer for Ancient Ruins",
  "[Guild] boss up in 5, gather at gate",
  "[Trade] WTS +7 bow, pm me",
  "[Party] ready check",
  "[System] Field boss has appeared!",
  "[Guild] gg all, loot split tonight",
];

interface Palette {
  /** The panel's colour, with ALPHA for its opacity: the scene shows through more or less. */
  panel: string;
  panelAlpha: [number, number];
  panelBorder: string;
  header: string;
  text: string;
  muted: string;
  offline: string;
  rowAlt: string;
  rowSelected: string;
  accent: string;
  hp: string;
  mp: string;
  barBack: string;
  sky: [string, string, string];
  hills: [string, string, string];
  shapes: string[];
}

const PALETTES: Record<Theme, Palette> = {
  dark: {
    panel: "rgba(12, 15, 26, ALPHA)",
    panelAlpha: [0.6, 0.82],
    panelBorder: "#b08d4a",
    header: "rgba(40, 30, 14, 0.85)",
    text: "#f1e7d0",
    muted: "#a39a88",
    offline: "#8d8a84",
    rowAlt: "rgba(255, 255, 255, 0.05)",
    rowSelected: "rgba(214, 170, 80, 0.22)",
    accent: "#e3b75a",
    hp: "#c8372d",
    mp: "#2f6fd1",
    barBack: "rgba(0, 0, 0, 0.55)",
    sky: ["#0b1026", "#2a1f4a", "#a34a3c"],
    hills: ["#1c1a33", "#141225", "#0b0a16"],
    shapes: ["#ff8a3d", "#7b5cff", "#41d1ff", "#ffd34d", "#ff4d6d", "#39e58c"],
  },
  parchment: {
    panel: "rgba(243, 230, 196, ALPHA)",
    panelAlpha: [0.68, 0.88],
    panelBorder: "#7a5a2e",
    header: "rgba(122, 90, 46, 0.9)",
    text: "#3a2814",
    muted: "#6e5a3e",
    offline: "#8f7f66",
    rowAlt: "rgba(122, 90, 46, 0.09)",
    rowSelected: "rgba(190, 140, 50, 0.3)",
    accent: "#8a2f1d",
    hp: "#b3261e",
    mp: "#245fb8",
    barBack: "rgba(80, 60, 30, 0.35)",
    sky: ["#8fc3f0", "#d9e9f2", "#f6d9a0"],
    hills: ["#7fa35a", "#5e8a3f", "#3f6b2a"],
    shapes: ["#e0583a", "#3a7be0", "#f2c14e", "#6cbf5a", "#b05ee0", "#ffffff"],
  },
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const round = (value: number) => Math.round(value * 10) / 10;

/** A jagged ridge from left to right, closed along the bottom. */
function ridge(random: Random, baseY: number, amplitude: number, steps: number): string {
  const points = [`0,${SCREEN.height}`];
  for (let i = 0; i <= steps; i++) {
    const x = (SCREEN.width / steps) * i;
    points.push(`${round(x)},${round(baseY - random.next() * amplitude)}`);
  }
  points.push(`${SCREEN.width},${SCREEN.height}`);
  return points.join(" ");
}

function castle(random: Random, colour: string): string {
  const x = random.between(20, 260);
  const base = random.between(300, 420);
  const width = random.between(60, 100);
  const towers: string[] = [];
  for (let i = 0; i < 3; i++) {
    const tx = x + (width / 2) * i - 8;
    const height = random.between(40, 90);
    towers.push(
      `<rect x="${round(tx)}" y="${round(base - height)}" width="16" height="${round(height)}" fill="${colour}"/>`,
      `<polygon points="${round(tx - 3)},${round(base - height)} ${round(tx + 8)},${round(base - height - 22)} ${round(tx + 19)},${round(base - height)}" fill="${colour}"/>`,
    );
  }
  return `<rect x="${round(x)}" y="${round(base - 30)}" width="${round(width)}" height="200" fill="${colour}"/>${towers.join("")}`;
}

function trees(random: Random, colour: string): string {
  const out: string[] = [];
  const count = random.int(6, 14);
  for (let i = 0; i < count; i++) {
    const x = random.between(-10, SCREEN.width);
    const y = random.between(520, 760);
    const size = random.between(18, 46);
    out.push(
      `<polygon points="${round(x)},${round(y)} ${round(x + size / 2)},${round(y - size * 1.8)} ${round(x + size)},${round(y)}" fill="${colour}"/>`,
    );
  }
  return out.join("");
}

function shapes(random: Random, palette: Palette): string {
  const out: string[] = [];
  const count = random.int(18, 34);
  for (let i = 0; i < count; i++) {
    const colour = random.pick(palette.shapes);
    const opacity = round(random.between(0.12, 0.5));
    const x = random.between(0, SCREEN.width);
    const y = random.between(0, SCREEN.height);
    const size = random.between(4, 70);
    const kind = random.int(0, 2);
    if (kind === 0) {
      out.push(
        `<circle cx="${round(x)}" cy="${round(y)}" r="${round(size / 2)}" fill="${colour}" opacity="${opacity}"/>`,
      );
    } else if (kind === 1) {
      out.push(
        `<rect x="${round(x)}" y="${round(y)}" width="${round(size)}" height="${round(size * random.between(0.2, 1.2))}" fill="${colour}" opacity="${opacity}" transform="rotate(${random.int(0, 89)} ${round(x)} ${round(y)})"/>`,
      );
    } else {
      out.push(
        `<line x1="${round(x)}" y1="${round(y)}" x2="${round(x + random.between(-120, 120))}" y2="${round(y + random.between(-120, 120))}" stroke="${colour}" stroke-width="${round(random.between(1, 5))}" opacity="${opacity}"/>`,
      );
    }
  }
  // Sparks of a spell or stars: small bright dots.
  for (let i = 0; i < 60; i++) {
    out.push(
      `<circle cx="${round(random.between(0, SCREEN.width))}" cy="${round(random.between(0, SCREEN.height))}" r="${round(random.between(0.4, 1.8))}" fill="#fff" opacity="${round(random.between(0.3, 0.9))}"/>`,
    );
  }
  return out.join("");
}

/** A spell's sparks drifting over the panel, names included: faint, as a game draws its effects. */
function sparks(random: Random): string {
  const dots: string[] = [];
  for (let i = 0; i < random.int(12, 30); i++) {
    dots.push(
      `<circle cx="${round(random.between(0, SCREEN.width))}" cy="${round(random.between(0, SCREEN.height))}" r="${round(random.between(0.5, 2.2))}" fill="${random.pick(["#fff6c0", "#9fe8ff", "#ffb0f0"])}" opacity="${round(random.between(0.25, 0.6))}"/>`,
    );
  }
  return `<svg class="scene sparks" viewBox="0 0 ${SCREEN.width} ${SCREEN.height}" xmlns="http://www.w3.org/2000/svg">${dots.join("")}</svg>`;
}

/** The painted game scene the panel floats over. */
function background(random: Random, theme: Theme): string {
  const palette = PALETTES[theme];
  const [sky0, sky1, sky2] = palette.sky;
  const [hill0, hill1, hill2] = palette.hills;
  const glow = theme === "dark" ? "#ffd9a0" : "#fff6c8";
  const noiseOpacity = theme === "dark" ? 0.22 : 0.16;
  return `<svg class="scene" viewBox="0 0 ${SCREEN.width} ${SCREEN.height}" preserveAspectRatio="none" xmlns="http://www.w3.org/2000/svg">
<defs>
<linearGradient id="sky" x1="0" y1="0" x2="${round(random.between(0, 0.4))}" y2="1">
<stop offset="0" stop-color="${sky0}"/><stop offset="${round(random.between(0.35, 0.6))}" stop-color="${sky1}"/><stop offset="1" stop-color="${sky2}"/>
</linearGradient>
<radialGradient id="glow"><stop offset="0" stop-color="${glow}" stop-opacity="0.95"/><stop offset="1" stop-color="${glow}" stop-opacity="0"/></radialGradient>
<filter id="noise" x="0" y="0" width="100%" height="100%">
<feTurbulence type="fractalNoise" baseFrequency="${round(random.between(0.5, 0.95))}" numOctaves="2" seed="${random.int(1, 9999)}"/>
<feColorMatrix values="0 0 0 0 0.5  0 0 0 0 0.5  0 0 0 0 0.5  0 0 0 ${noiseOpacity * 4} -${noiseOpacity}"/>
</filter>
</defs>
<rect width="100%" height="100%" fill="url(#sky)"/>
<circle cx="${round(random.between(40, 320))}" cy="${round(random.between(60, 260))}" r="${round(random.between(70, 140))}" fill="url(#glow)"/>
<polygon points="${ridge(random, 430, 120, 9)}" fill="${hill0}"/>
${castle(random, hill1)}
<polygon points="${ridge(random, 560, 90, 12)}" fill="${hill1}"/>
${trees(random, hill2)}
<polygon points="${ridge(random, 690, 60, 7)}" fill="${hill2}"/>
${shapes(random, palette)}
<rect width="100%" height="100%" filter="url(#noise)"/>
</svg>`;
}

function statusBar(random: Random, theme: Theme): string {
  const time = `${random.int(0, 23)}:${String(random.int(0, 59)).padStart(2, "0")}`;
  const colour = theme === "dark" ? "#ffffff" : "#1b1b1b";
  return `<div class="status" style="color:${colour}"><span>${time}</span><span class="icons"><i></i><i></i><i></i><i></i> ${random.int(9, 100)}%</span></div>`;
}

function hpBar(random: Random, palette: Palette, colour: string, label: string, fontSize: number): string {
  const max = random.int(8, 40) * 100;
  const now = random.chance(0.7) ? max : random.int(0, max);
  return `<div class="bar" style="background:${palette.barBack}"><div style="width:${round((now / max) * 100)}%;background:${colour}"></div><span style="font-size:${fontSize}px">${label} ${now}/${max}</span></div>`;
}

/** A party as raid frames: one column up to 12 members, two beyond. */
function partyRows(random: Random, spec: SceneSpec, palette: Palette, height: number): string {
  const columns = spec.names.length > 12 ? 2 : 1;
  const perColumn = Math.ceil(spec.names.length / columns);
  const cardHeight = Math.min(64, Math.floor(height / perColumn));
  const nameSize = Math.min(16, Math.max(11, Math.floor(cardHeight * 0.3)));
  const smallSize = Math.max(7, Math.round(nameSize * 0.65));
  const leader = random.int(0, spec.names.length - 1);
  const cards = spec.names.map((name, index) => {
    const classIndex = random.int(0, CLASSES.length - 1);
    const classColour = CLASS_COLOURS[classIndex] ?? "#fff";
    const nameColour = random.chance(0.25) && spec.theme === "dark" ? classColour : palette.text;
    const dead = random.chance(0.08);
    const crown = index === leader ? `<b class="crown" style="background:${palette.accent}"></b>` : "";
    const level = random.int(30, 70);
    return `<div class="card" style="height:${cardHeight - 4}px;${dead ? "opacity:0.55;" : ""}${index % 2 ? `background:${palette.rowAlt};` : ""}">
<div class="line"><b class="icon" style="background:${classColour}">${escapeHtml(CLASSES[classIndex]?.[0] ?? "")}</b>${crown}<span class="name" data-name style="font-size:${nameSize}px;color:${nameColour}"><span>${escapeHtml(name)}</span></span><span class="lv" style="font-size:${smallSize}px;color:${palette.muted}">Lv.${level}</span></div>
${cardHeight >= 40 ? hpBar(random, palette, palette.hp, "HP", smallSize) : ""}${cardHeight >= 50 ? hpBar(random, palette, palette.mp, "MP", smallSize) : ""}
</div>`;
  });
  return `<div class="party" style="grid-template-columns:repeat(${columns}, minmax(0, 1fr))">${cards.join("")}</div>`;
}

/** A guild roster: name, level, class, contribution, online status. */
function guildRows(random: Random, spec: SceneSpec, palette: Palette, height: number): string {
  const rowHeight = Math.min(36, Math.floor((height - 22) / spec.names.length));
  const nameSize = Math.min(15, Math.max(10, Math.floor(rowHeight * 0.52)));
  const smallSize = Math.max(8, nameSize - 2);
  const selected = random.chance(0.5) ? random.int(0, spec.names.length - 1) : -1;
  const rows = spec.names.map((name, index) => {
    const online = random.chance(0.6);
    const classIndex = random.int(0, CLASSES.length - 1);
    const status = online ? "Online" : random.pick(["1h ago", "3h ago", "1d ago", "5d ago", "Offline"]);
    const background = index === selected ? palette.rowSelected : index % 2 ? palette.rowAlt : "transparent";
    return `<div class="row" style="height:${rowHeight}px;background:${background};font-size:${smallSize}px;color:${palette.muted}">
<span class="name" data-name style="font-size:${nameSize}px;color:${online ? palette.text : palette.offline}"><span>${escapeHtml(name)}</span></span>
<span class="lv">${random.int(30, 70)}</span><span class="cls" style="color:${spec.theme === "dark" ? CLASS_COLOURS[classIndex] : palette.muted}">${CLASSES[classIndex]}</span>
<span class="num">${random.int(0, 99999).toLocaleString("en-US")}</span><span class="st"><i style="background:${online ? "#3ccf5a" : "#777"}"></i>${status}</span>
</div>`;
  });
  const head = `<div class="row head" style="height:22px;font-size:${smallSize}px;color:${palette.accent}"><span class="name">Name</span><span class="lv">Lv</span><span class="cls">Class</span><span class="num">Contrib.</span><span class="st">Status</span></div>`;
  return `<div class="guild">${head}${rows.join("")}</div>`;
}

/** The whole screen's markup: what render.ts puts in the page's body. */
export function sceneMarkup(spec: SceneSpec, random: Random): string {
  const palette = PALETTES[spec.theme];
  const top = random.int(64, 96);
  const bottom = random.int(56, 90);
  const inset = random.int(8, 14);
  // The panel's border (4), title (34), buttons (38) and the list's padding (8) take the rest.
  const listHeight = SCREEN.height - top - bottom - 84;
  const title =
    spec.layout === "party"
      ? random.pick(["Party", "Raid Party", "Squad", "Expedition"])
      : random.pick(["Guild Members", "Members", "Guild Roster"]);
  const count = `${spec.names.length}/${spec.layout === "party" ? 30 : random.pick([50, 80, 100])}`;
  const list =
    spec.layout === "party"
      ? partyRows(random, spec, palette, listHeight)
      : guildRows(random, spec, palette, listHeight);
  const buttons =
    spec.layout === "party" ? ["Invite", "Leave", "Auto-Join"] : ["Invite", "Donate", "Guild Info"];
  const chat = random.shuffle(CHAT).slice(0, 2);
  return `<div class="screen" style="font-family:'${FONT_FAMILIES[spec.font]}'">
${background(random.fork("background"), spec.theme)}
${statusBar(random, spec.theme)}
<div class="panel" style="top:${top}px;bottom:${bottom}px;left:${inset}px;right:${inset}px;background:${palette.panel.replace("ALPHA", String(round(random.between(...palette.panelAlpha))))};border-color:${palette.panelBorder};color:${palette.text}">
<div class="title" style="background:${palette.header};color:${spec.theme === "dark" ? palette.accent : "#f8ecd0"}"><span>${title}</span><span class="count">${count}</span><span class="close">✕</span></div>
<div class="list">${list}</div>
<div class="buttons">${buttons.map((label) => `<span style="border-color:${palette.panelBorder};color:${palette.accent}">${label}</span>`).join("")}</div>
</div>
${random.chance(0.35) ? sparks(random) : ""}
<div class="chat" style="bottom:${Math.max(6, bottom - 46)}px">${chat.map((line) => `<div>${escapeHtml(line)}</div>`).join("")}</div>
</div>`;
}

/** The page's style, the same for every screen (fonts come from render.ts). */
export const SCENE_CSS = `
html, body { margin: 0; padding: 0; width: ${SCREEN.width}px; height: ${SCREEN.height}px; overflow: hidden; background: #1a1a1a; }
.screen { position: absolute; inset: 0; overflow: hidden; transform-origin: 50% 50%; }
.scene { position: absolute; inset: 0; width: 100%; height: 100%; }
.sparks { pointer-events: none; z-index: 2; }
.status { position: absolute; top: 0; left: 0; right: 0; height: 24px; display: flex; justify-content: space-between;
  align-items: center; padding: 0 14px; font-size: 12px; font-weight: 600; }
.status .icons i { display: inline-block; width: 3px; margin-left: 1px; background: currentColor; height: 8px; }
.panel { position: absolute; border: 2px solid; border-radius: 6px; display: flex; flex-direction: column;
  box-shadow: 0 0 18px rgba(0,0,0,0.55); overflow: hidden; }
.title { flex: none; display: flex; align-items: center; gap: 8px; height: 34px; padding: 0 10px; font-size: 16px; font-weight: 700;
  letter-spacing: 0.5px; }
.title .count { font-size: 12px; opacity: 0.85; }
.title .close { margin-left: auto; font-size: 14px; }
.list { flex: 1; padding: 4px 6px; overflow: hidden; }
.buttons { flex: none; height: 38px; box-sizing: border-box; display: flex; justify-content: space-around;
  align-items: center; padding: 0 4px 2px; }
.buttons span { border: 1px solid; border-radius: 4px; padding: 3px 10px; font-size: 12px; font-weight: 600; }
.name { display: block; flex: 1; min-width: 0; overflow: hidden; white-space: nowrap; }
.party { display: grid; gap: 3px 6px; }
.card { display: flex; flex-direction: column; justify-content: center; gap: 2px; padding: 1px 4px; border-radius: 3px; }
.card .line { display: flex; align-items: center; gap: 4px; }
.card .name { font-weight: 700; }
.icon { flex: none; width: 14px; height: 14px; border-radius: 50%; color: #111; font-size: 9px; line-height: 14px;
  text-align: center; }
.crown { flex: none; width: 8px; height: 8px; transform: rotate(45deg); }
.lv { flex: none; }
.bar { position: relative; height: 9px; border-radius: 2px; overflow: hidden; }
.bar div { height: 100%; opacity: 0.9; }
.bar span { position: absolute; inset: 0; color: #fff; line-height: 9px; padding-left: 3px; text-shadow: 0 0 2px #000; }
.row { display: flex; align-items: center; gap: 4px; padding: 0 4px; }
.row.head { font-weight: 700; }
.row .lv { width: 20px; text-align: right; margin-right: 4px; }
.row .cls { flex: none; width: 62px; overflow: hidden; white-space: nowrap; }
.row .num { flex: none; width: 44px; text-align: right; }
.row .st { flex: none; width: 52px; text-align: right; }
.row .st i { display: inline-block; width: 6px; height: 6px; border-radius: 50%; margin-right: 3px; }
.chat { position: absolute; left: 14px; right: 14px; font-size: 10px; color: #fff; text-shadow: 0 0 3px #000; opacity: 0.9; }
`;
