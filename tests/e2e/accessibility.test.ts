/**
 * Accessibility as a test (issue 30, point 3; decision 090). Every route of the app, as a visitor, a raider and an
 * admin, on the shared portal with the sample data:
 * - axe-core (injected into the page) at 390x844 and 1280x900 finds no serious or critical violation, and none of
 *   the moderate rules the house keeps at zero (`region`: every line inside a landmark);
 * - at 390x844 every visible button and link is at least 44x44 px, but for links inside running text, which
 *   WCAG 2.5.8 exempts (an inline box whose block holds other text).
 * One browser context per role; its one page goes from route to route.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "./arrange-earnings.ts";
import {
  type BrowserPortal,
  DESKTOP,
  PHONE,
  screenshot,
  sharedBrowserPortal,
  trackNetwork,
  waitForApp,
} from "./browser.ts";
import { repoRoot } from "./portal-process.ts";

const WAIT = { timeout: 60_000 };
const AXE_SOURCE = readFileSync(join(repoRoot, "node_modules", "axe-core", "axe.min.js"), "utf8");
/** axe's impacts that fail a screen, and the lesser rules that fail it too. */
const FAILING_IMPACTS = ["serious", "critical"];
const FAILING_RULES = ["region"];
const MIN_TARGET = 44;

type Who = "visitor" | "raider" | "admin";

interface Screen {
  /** The route's path as web/src/router.tsx declares it. */
  route: string;
  /** Who opens it: each role that sees something of its own there. */
  who: readonly Who[];
  /** Something on the screen only a tap shows, checked at phone size after the route itself, for `who`. */
  open?: Opened;
}

interface Opened {
  name: string;
  who: readonly Who[];
  show: (page: Page) => Promise<void>;
}

/** The phone's menu sheet (the public one, or the admin area's). */
const menu = (who: readonly Who[]): Opened => ({
  name: "the menu",
  who,
  show: async (page) => {
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog").waitFor(WAIT);
  },
});

/**
 * Every route, once each. A route added to the router and missing here fails the first test, so a new page is
 * checked from the day it lands: add it with the roles that see it.
 * Roles: visitors see every public page; signed-in accounts see the public pages that change for them (the home
 * page's links, the boss page's Start buttons); a raider sees My page and, typed in, an admin page's 'Access Denied';
 * the admin sees every page of the admin area. A visitor sent to /login from a signed-in page sees the login page.
 */
const NOT_FOUND = "/no-such-page";

const SCREENS: readonly Screen[] = [
  { route: "/", who: ["visitor", "raider", "admin"], open: menu(["visitor", "raider"]) },
  { route: "/public", who: ["visitor"] },
  { route: "/login", who: ["visitor"] },
  { route: "/boss-timers", who: ["visitor", "raider", "admin"] },
  { route: "/public/guild-members", who: ["visitor"] },
  {
    route: "/public/market-exchange",
    who: ["visitor"],
    open: {
      name: "an item's participants",
      who: ["visitor"],
      show: async (page) => {
        await page
          .getByRole("button", { name: / participants? of / })
          .first()
          .click();
        await page.getByRole("dialog").waitFor(WAIT);
      },
    },
  },
  { route: "/public/salary-calculation", who: ["visitor"] },
  { route: "/me", who: ["raider", "admin"] },
  { route: "/me/earnings", who: ["raider"] },
  { route: "/me/claim", who: ["raider"] },
  { route: "/check-in/$code", who: ["raider"] },
  { route: "/me/auctions", who: ["raider"] },
  { route: "/me/auctions/$id", who: ["raider"] },
  // A raider who types an admin address sees 'Access Denied'.
  { route: "/admin", who: ["raider", "admin"], open: menu(["admin"]) },
  { route: "/admin/attendance", who: ["admin"] },
  { route: "/admin/record-raid", who: ["admin"] },
  { route: "/admin/check-ins", who: ["admin"] },
  { route: "/admin/check-ins/$id", who: ["admin"] },
  { route: "/admin/auctions", who: ["admin"] },
  { route: "/admin/auctions/$id", who: ["admin"] },
  { route: "/admin/boss-names", who: ["admin"] },
  { route: "/admin/boss-timers", who: ["admin"] },
  { route: "/admin/guild-settings", who: ["admin"] },
  { route: "/admin/backup", who: ["admin"] },
  { route: "/admin/import", who: ["admin"] },
  { route: "/admin/sql-export", who: ["admin"] },
  // Only sends old links on to the import (decision 089): nothing of its own to check.
  { route: "/admin/data-migration", who: [] },
  { route: "/admin/database-setup", who: ["admin"] },
  { route: "/admin/fix-participants", who: ["admin"] },
  { route: "/admin/claims", who: ["admin"] },
  { route: "/admin/characters", who: ["admin"] },
  { route: "/admin/accounts", who: ["admin"] },
  { route: "/admin/discord", who: ["admin"] },
  { route: "/admin/payouts", who: ["admin"] },
  { route: "/admin/audit-log", who: ["admin"] },
  { route: "/guild-members", who: ["admin"] },
  { route: "/market-exchange", who: ["admin"] },
  { route: "/guild-funds", who: ["admin"] },
  // Not a route of the tree: the root's Not Found page, for any other path.
  { route: NOT_FOUND, who: ["visitor"] },
];

const RAIDER = {
  email: "a11y-raider@e2e.test",
  password: "a11y-raider-password-1",
  displayName: "Brightforge",
};

let portal: BrowserPortal;
/** The path params of the routes that have them: a check-in opened on the sample data. */
const params: Record<string, string> = {};
/** Params of one route where another thing than the check-in is named: an auction opened on the sample data. */
const paramsOf: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  portal = await sharedBrowserPortal();
  const admin = await portal.adminApi();
  // The raider plays Brightforge, a sample member with sold loot, so My page and My earnings show figures.
  const members = await admin.get<{ guildMembers: { id: number; playerName: string }[] }>("/guild-members");
  const member = members.body.guildMembers.find((m) => m.playerName === RAIDER.displayName);
  expect(member, "Brightforge in the sample data").toBeDefined();
  const userId = await createAccount(portal, RAIDER, "user");
  const linked = await admin.post("/admin/accounts/link-member", { userId, memberId: member?.id });
  expect(linked.status, JSON.stringify(linked.body)).toBe(200);
  // A kill a moment ago and its open check-in: the officer's check-in page and the raider's code page.
  expect((await admin.post("/boss-timers", { bossName: "Frostfang" })).status).toBe(200);
  const opened = await admin.post<{ checkIn: { id: number; code: string } }>("/check-ins", {
    bossName: "Frostfang",
    killedAt: new Date(),
  });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  params.$id = String(opened.body.checkIn.id);
  params.$code = opened.body.checkIn.code;
  // An open auction of an item of its own: the raider's and the officer's auction pages.
  const item = await admin.post<{ marketExchangeItem: { id: number } }>("/market-exchange", {
    lootName: "Accessibility Test Blade",
    bossName: "Frostfang",
    value: 0,
    status: "Pending",
    participatedMembers: [RAIDER.displayName],
    totalFunds: 0,
  });
  expect(item.status, JSON.stringify(item.body)).toBe(201);
  const auction = await admin.post<{ auction: { id: number } }>("/auctions", {
    marketItemId: item.body.marketExchangeItem.id,
    startPrice: 10,
    minRaise: 1,
    seconds: 3600,
    bidders: "members",
    payment: "outside",
  });
  expect(auction.status, JSON.stringify(auction.body)).toBe(201);
  for (const route of ["/me/auctions/$id", "/admin/auctions/$id"])
    paramsOf[route] = { $id: String(auction.body.auction.id) };
}, 300_000);

afterAll(async () => {
  await portal?.stop();
});

const url = (route: string) =>
  route.replace(/\$\w+/g, (param) => paramsOf[route]?.[param] ?? params[param] ?? param);

/* ------------------------------------------------------------------------------------------------ */
/* What is measured in the page                                                                      */
/* ------------------------------------------------------------------------------------------------ */

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** axe-core's violations on the page as it is now (the script is injected once per document). */
async function axeViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import("axe-core") }).axe;
    const results = await axe.run(document, { resultTypes: ["violations"] });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      targets: v.nodes.map((node) => node.target.join(" ")),
    }));
  });
}

const failing = (violations: Violation[]) =>
  violations
    .filter((v) => FAILING_IMPACTS.includes(v.impact ?? "") || FAILING_RULES.includes(v.id))
    .map(
      (v) => `${v.id} (${v.impact}, ${v.targets.length}×): ${v.help}; ${v.targets.slice(0, 3).join(" | ")}`,
    );

interface Targets {
  /** Buttons and links under the minimum either way: "button \"Unlink X from Y\" 36x36". */
  small: string[];
  /** How many were measured, and the inline links in running text left out (their names). */
  measured: number;
  inline: string[];
}

/**
 * Measures the visible buttons and links against `min` px. Not shown, so not measured: display none, visibility
 * hidden, opacity 0, under an aria-hidden or inert subtree, or a 1 px screen-reader-only box (the skip link until
 * it has focus). Left out as WCAG 2.5.8 leaves them out: links inside running text, told apart by their box: an
 * inline box (CSS display "inline", so neither a flex or grid item nor a block) whose nearest block holds text
 * besides the link's own. The same link alone in its paragraph, or styled as a button, is measured.
 */
async function measureTargets(page: Page, min: number): Promise<Targets> {
  return page.evaluate((min) => {
    const SELECTOR = [
      "a[href]",
      "button",
      'input[type="button"]',
      'input[type="submit"]',
      'input[type="reset"]',
      '[role="button"]',
      '[role="link"]',
      '[role="tab"]',
      "summary",
    ].join(", ");
    const text = (el: Element) => (el.textContent ?? "").trim().replace(/\s+/g, " ");
    const blockOf = (el: Element): Element => {
      let node = el.parentElement;
      while (node && getComputedStyle(node).display === "inline") node = node.parentElement;
      return node ?? document.body;
    };
    const inRunningText = (el: Element) =>
      getComputedStyle(el).display === "inline" && text(blockOf(el)).length > text(el).length;
    const found: { small: string[]; measured: number; inline: string[] } = {
      small: [],
      measured: 0,
      inline: [],
    };
    for (const el of document.querySelectorAll(SELECTOR)) {
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      if (el.closest('[aria-hidden="true"], [inert]')) continue;
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      const name = `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? text(el)).slice(0, 60)}"`;
      if (inRunningText(el)) {
        found.inline.push(name);
        continue;
      }
      found.measured += 1;
      if (box.width < min || box.height < min)
        found.small.push(`${name} ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
    return found;
  }, min);
}

/* ------------------------------------------------------------------------------------------------ */
/* Walking the routes                                                                                */
/* ------------------------------------------------------------------------------------------------ */

/**
 * The page has settled: the app runs, a heading shows and nothing says it is loading; with `network`, no request
 * has been in flight for 500 ms (after a navigation or a tap, not after a resize, which asks the server nothing).
 */
async function settled(page: Page, network?: ReturnType<typeof trackNetwork>): Promise<void> {
  await waitForApp(page);
  await page.waitForFunction(
    () => document.querySelector("h1") !== null && document.querySelector('[aria-busy="true"]') === null,
    undefined,
    WAIT,
  );
  await network?.quiet(WAIT.timeout);
  // Two frames: what the last answer or the new size changed is laid out.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

interface Findings {
  /** What fails, by where it was seen ("390x844", "1280x900", "390x844, the menu"). */
  axe: Record<string, string[]>;
  targets: Record<string, string[]>;
}

/** What a role's walk measured, for the line the file prints at its end (decision 090 quotes it). */
interface Tally {
  screens: number;
  axeRuns: number;
  /** The wall time axe's runs took, ms. */
  axeMs: number;
  targets: number;
  inline: Set<string>;
}

/** Opens `screen` on the role's page at phone size, then at laptop size, and records what fails. */
async function check(
  page: Page,
  network: ReturnType<typeof trackNetwork>,
  screen: Screen,
  who: Who,
  tally: Tally,
): Promise<Findings> {
  const found: Findings = { axe: {}, targets: {} };
  const note = (into: Record<string, string[]>, where: string, what: string[]) => {
    if (what.length > 0) into[where] = what;
  };
  const inspect = async (where: string, phone: boolean) => {
    tally.axeRuns += 1;
    const started = Date.now();
    const violations = await axeViolations(page);
    tally.axeMs += Date.now() - started;
    note(found.axe, where, failing(violations));
    if (!phone) return;
    const targets = await measureTargets(page, MIN_TARGET);
    tally.targets += targets.measured;
    for (const name of targets.inline) tally.inline.add(name);
    note(found.targets, where, targets.small);
  };
  tally.screens += 1;
  await page.setViewportSize(PHONE);
  await page.goto(portal.url(url(screen.route)));
  await settled(page, network);
  await inspect("390x844", true);
  if (screen.open?.who.includes(who)) {
    await screen.open.show(page);
    await settled(page, network);
    await inspect(`390x844, ${screen.open.name}`, true);
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached", ...WAIT });
  }
  await page.setViewportSize(DESKTOP);
  await settled(page);
  await inspect("1280x900", false);
  await screenshot(page, `accessibility-${who}${screen.route.replace(/[/$]+/g, "-").replace(/-$/, "")}`);
  return found;
}

it("the list covers every route of the router, and no other", () => {
  const declared = [
    ...readFileSync(join(repoRoot, "web", "src", "router.tsx"), "utf8").matchAll(/\bpath: "([^"]+)"/g),
  ].map((m) => m[1] as string);
  expect(declared.length).toBeGreaterThan(20);
  const listed = SCREENS.map((s) => s.route);
  expect(
    declared.filter((route) => !listed.includes(route)),
    "routes missing from SCREENS",
  ).toEqual([]);
  expect(
    listed.filter((route) => route !== NOT_FOUND && !declared.includes(route)),
    "SCREENS naming a route the router no longer has",
  ).toEqual([]);
});

describe.each(["visitor", "raider", "admin"] as const)("as %s", (who) => {
  let page: Page;
  let network: ReturnType<typeof trackNetwork>;
  const tally: Tally = { screens: 0, axeRuns: 0, axeMs: 0, targets: 0, inline: new Set() };

  beforeAll(async () => {
    // bypassCSP: the portal's policy allows no inline script, and axe is injected as one.
    const context = await portal.newContext({ viewport: PHONE, bypassCSP: true }, "file");
    page = await context.newPage();
    network = trackNetwork(page);
    if (who === "admin") await portal.login(page, "admin");
    if (who === "raider") {
      const res = await page.request.post(portal.url("/_api/auth/login_with_password"), {
        data: { email: RAIDER.email, password: RAIDER.password },
      });
      expect(res.status()).toBe(200);
    }
  }, 120_000);

  afterAll(() => {
    console.log(
      `as ${who}: ${tally.screens} screens, ${tally.axeRuns} axe runs (${(tally.axeMs / 1000).toFixed(1)} s), ` +
        `${tally.targets} targets measured on the phone; inline links left out: ${[...tally.inline].join(", ") || "none"}`,
    );
  });

  it.each(SCREENS.filter((s) => s.who.includes(who)).map((s) => [s.route, s] as const))(
    "%s: no serious axe violation on a phone or a laptop, and 44x44 px targets on the phone",
    async (_route, screen) => {
      const found = await check(page, network, screen, who, tally);
      expect.soft(found.axe, "axe-core's serious and critical violations").toEqual({});
      expect.soft(found.targets, `buttons and links under ${MIN_TARGET}x${MIN_TARGET} px`).toEqual({});
    },
    180_000,
  );
});
