import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BrowserPortal,
  DESKTOP,
  PHONE,
  screenshot,
  sharedBrowserPortal,
  trackNetwork,
} from "./browser.ts";

// Every admin and public table at 390x844 (decision 046): each row is a card whose name, key fields (value,
// status, salary) and buttons lie inside the screen, with no sideways scroll of the page or of the table's card,
// checked by the elements' positions; at 1280x900 the same table is still a table with its header row. Every
// button in a row is named after the row ("Mark Rimefall paid", not "Paid").
const WAIT = { timeout: 60_000 };
/** The rows checked per table: the first screens' worth, enough to cover the card layout's variants. */
const ROWS_CHECKED = 12;

let portal: BrowserPortal;

beforeAll(async () => {
  portal = await sharedBrowserPortal();
  // A second account, so the accounts table has a row with the Edit button.
  const user = await portal.newPage();
  await portal.login(user, "user");
  await user.close();
  // A loot item whose participant list is broken, so the fix tool's results table has a row.
  const admin = await portal.adminApi();
  const imported = await admin.post("/admin/import-market-data", {
    marketData: [
      {
        bossName: "Frostfang",
        lootName: "Phone Test Corrupted Axe",
        value: 500,
        participatedMembers: '["Ashvale", "Lark',
      },
    ],
  });
  expect(imported.status).toBe(200);
}, 300_000);

afterAll(async () => {
  await portal?.stop();
});

interface TableCase {
  /** The screenshots' name. */
  name: string;
  path: string;
  admin: boolean;
  /** The table's region (its card's aria-label). */
  table: string;
  /** The fields that must be on screen in every card, by their column's name. */
  keys: readonly string[];
  /** A table whose rows hold no button (only read). */
  readOnly?: true;
  /** Brings the table up once the page shows (a tab, a filter). */
  open?: (page: Page) => Promise<void>;
}

const TABLES: readonly TableCase[] = [
  {
    name: "public-roster",
    path: "/public/guild-members",
    admin: false,
    table: "Guild roster",
    keys: ["Salary"],
    readOnly: true,
  },
  {
    name: "public-market",
    path: "/public/market-exchange",
    admin: false,
    table: "Market items",
    keys: ["Value", "Status", "Participants"],
  },
  {
    name: "public-salary-receipt",
    path: "/public/salary-calculation",
    admin: false,
    table: "Salary breakdown",
    keys: ["Final Salary"],
  },
  {
    name: "admin-members-active",
    path: "/guild-members",
    admin: true,
    table: "Active members",
    keys: ["Salary"],
  },
  {
    name: "admin-members-kicked",
    path: "/guild-members",
    admin: true,
    table: "Kicked members",
    keys: ["Final Salary", "Kicked Date"],
    open: (page) => page.getByRole("tab", { name: "Kicked Members" }).click(),
  },
  {
    name: "admin-market",
    path: "/market-exchange",
    admin: true,
    table: "Market items",
    keys: ["Value", "Status", "Participants"],
  },
  {
    name: "admin-attendance-records",
    path: "/admin/attendance",
    admin: true,
    table: "Attendance records",
    keys: ["Date Attended", "Participated Members"],
  },
  {
    name: "admin-attendance-loot",
    path: "/admin/attendance",
    admin: true,
    table: "Loot participation",
    keys: ["Value", "Status", "All Participants"],
    readOnly: true,
    open: (page) => page.getByRole("tab", { name: /^Loot Items/ }).click(),
  },
  {
    name: "admin-accounts",
    path: "/admin/accounts",
    admin: true,
    table: "Accounts",
    keys: ["Role", "Status"],
  },
  {
    name: "admin-import-preview",
    path: "/admin/import",
    admin: true,
    table: "Preview of the items to import",
    keys: ["Value", "Status"],
    readOnly: true,
    open: (page) =>
      page
        .getByTestId("import-file-input")
        .setInputFiles(join(import.meta.dirname, "fixtures", "market-import.json")),
  },
  {
    name: "admin-fix-participants",
    path: "/admin/fix-participants",
    admin: true,
    table: "Items with corrupted participant data",
    keys: ["Value", "Corrupted Data"],
    readOnly: true,
    open: (page) => page.getByRole("button", { name: "Analyze Data" }).click(),
  },
  {
    name: "admin-boss-names",
    path: "/admin/boss-names",
    admin: true,
    table: "Boss names",
    keys: ["Respawn"],
  },
];

/** One page per role and size, logged in once and reused from table to table. */
const pages = new Map<string, Promise<{ page: Page; network: ReturnType<typeof trackNetwork> }>>();

function pageFor(admin: boolean, viewport: { width: number; height: number }) {
  const key = `${admin ? "admin" : "visitor"}-${viewport.width}`;
  let entry = pages.get(key);
  if (!entry) {
    entry = (async () => {
      const page = await portal.newPage({ viewport, hasTouch: true, isMobile: viewport.width < 640 }, "file");
      if (admin) await portal.login(page, "admin");
      return { page, network: trackNetwork(page) };
    })();
    pages.set(key, entry);
  }
  return entry;
}

async function openTable(entry: TableCase, viewport: { width: number; height: number }) {
  const { page, network } = await pageFor(entry.admin, viewport);
  await page.goto(portal.url(entry.path));
  await entry.open?.(page);
  const region = page.getByRole("region", { name: entry.table });
  await region.locator("tbody tr:not([aria-hidden]) td[data-card='title']").first().waitFor(WAIT);
  await network.quiet();
  return { page, region };
}

interface Box {
  what: string;
  left: number;
  right: number;
  width: number;
  /** How far the content runs past the element's box (into the next field or under the buttons). */
  overflow: number;
}

/** Where each checked row's title, key fields and buttons lie, with what each is. */
function rowBoxes(page: Page, table: string, keys: readonly string[]): Promise<Box[]> {
  return page.evaluate(
    ({ table, keys, limit }) => {
      const region = document.querySelector(`section[aria-label="${table}"]`);
      if (!region) throw new Error(`no table ${table}`);
      const rows = [...region.querySelectorAll("tbody tr:not([aria-hidden])")].slice(0, limit);
      const boxes: Box[] = [];
      const add = (what: string, element: Element) => {
        const rect = element.getBoundingClientRect();
        const overflow = element.scrollWidth - element.clientWidth;
        boxes.push({ what, left: rect.left, right: rect.right, width: rect.width, overflow });
      };
      for (const row of rows) {
        const title = row.querySelector("td[data-card='title']");
        if (!title) throw new Error(`a row of ${table} has no title cell`);
        const name = (title.textContent ?? "").trim();
        add(`${name}: title`, title);
        for (const key of keys) {
          const field = row.querySelector(`td[data-label="${key}"]`);
          if (!field) throw new Error(`${name} in ${table} has no ${key} field`);
          add(`${name}: ${key}`, field);
        }
        for (const button of row.querySelectorAll("button")) {
          add(`${name}: button ${button.getAttribute("aria-label") ?? button.textContent}`, button);
        }
      }
      return boxes;
    },
    { table, keys, limit: ROWS_CHECKED },
  );
}

describe("tables at 390x844", () => {
  for (const entry of TABLES) {
    it(`${entry.name}: each row's name, ${entry.keys.join(", ")} and buttons fit the screen`, async () => {
      const { page, region } = await openTable(entry, PHONE);
      const boxes = await rowBoxes(page, entry.table, entry.keys);
      expect(boxes.length).toBeGreaterThan(entry.keys.length);
      // Drawn (not hidden) and inside the screen's width, left and right.
      expect(boxes.filter((box) => box.width === 0).map((box) => box.what)).toEqual([]);
      expect(boxes.filter((box) => box.right > PHONE.width).map((box) => box.what)).toEqual([]);
      expect(boxes.filter((box) => box.left < 0).map((box) => box.what)).toEqual([]);
      // No text runs out of its field, over a neighbour or under the buttons.
      expect(boxes.filter((box) => box.overflow > 1).map((box) => box.what)).toEqual([]);
      // Neither the page nor the table's card scrolls sideways.
      expect(await page.evaluate(() => document.scrollingElement?.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      expect(
        await region.evaluate((element) => element.scrollWidth - element.clientWidth),
      ).toBeLessThanOrEqual(0);
      // The rows are cards: the header row is not drawn as a row of columns.
      expect(
        await region
          .locator("tbody tr:not([aria-hidden])")
          .first()
          .evaluate((row) => getComputedStyle(row).display),
      ).toBe("grid");
      await screenshot(page, `tables-on-phones-${entry.name}`);
    });
  }
});

describe("tables at 1280x900", () => {
  for (const entry of TABLES) {
    it(`${entry.name} is a table with its header row`, async () => {
      const { region } = await openTable(entry, DESKTOP);
      const header = region.locator("thead tr");
      expect(await header.evaluate((row) => getComputedStyle(row).display)).toBe("table-row");
      const row = region.locator("tbody tr:not([aria-hidden])").first();
      expect(await row.evaluate((element) => getComputedStyle(element).display)).toBe("table-row");
      // Each key column has its header, and the field's name is not repeated inside the cell.
      for (const key of entry.keys) {
        await expect.poll(() => header.locator("th", { hasText: key }).first().isVisible()).toBe(true);
        const field = row.locator(`td[data-label="${key}"]`);
        expect(await field.evaluate((cell) => getComputedStyle(cell, "::before").content)).toBe("none");
      }
    });
  }
});

describe("cards for screen readers", () => {
  it("keep the table's rows and cells in the browser's accessibility tree, field names silent", async () => {
    const entry = TABLES[5] as TableCase;
    const { page } = await openTable(entry, PHONE);
    const cdp = await page.context().newCDPSession(page);
    const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as {
      nodes: { role?: { value: string }; name?: { value: string } }[];
    };
    const roles = nodes.map((node) => node.role?.value);
    expect(roles).toContain("table");
    // The header row and the three items' rows.
    expect(roles.filter((role) => role === "row").length).toBeGreaterThanOrEqual(4);
    expect(roles.filter((role) => role === "cell").length).toBeGreaterThanOrEqual(3 * 7);
    // The column headers are still there for a screen reader (hidden from sight on a phone)...
    const named = (role: string) =>
      nodes.filter((node) => node.role?.value === role).map((node) => node.name?.value ?? "");
    expect(named("columnheader").map((name) => name.toLowerCase())).toEqual(
      expect.arrayContaining(["loot name", "value", "status", "actions"]),
    );
    // ...and the cards' field names ("VALUE") are drawn, not read: a cell's name is its value alone.
    expect(named("cell")).toContain("3,200.00 USDT");
    expect(named("cell").filter((name) => /^(value|status|boss name)/i.test(name))).toEqual([]);
    await cdp.detach();
  });
});

describe("row buttons", () => {
  for (const entry of TABLES.filter((table) => !table.readOnly)) {
    it(`${entry.name}: each button in a row carries the row's name`, async () => {
      const { page } = await openTable(entry, PHONE);
      const buttons = await page.evaluate(
        ({ table, limit }) => {
          const region = document.querySelector(`section[aria-label="${table}"]`);
          const rows = [...(region?.querySelectorAll("tbody tr:not([aria-hidden])") ?? [])];
          return rows.slice(0, limit).flatMap((row) => {
            // The row's name, without a badge that may follow it ("Pending", "(you)").
            const name = (row.querySelector("td[data-card='title']")?.firstChild?.textContent ?? "").trim();
            return [...row.querySelectorAll("button")].map((button) => ({
              name,
              label: (button.getAttribute("aria-label") ?? button.textContent ?? "").trim(),
            }));
          });
        },
        { table: entry.table, limit: ROWS_CHECKED },
      );
      expect(buttons.length).toBeGreaterThan(0);
      expect(buttons.filter(({ name, label }) => name === "" || !label.includes(name))).toEqual([]);
    });
  }

  it("says whom a kicked member's Paid button marks paid", async () => {
    const { page, region } = await openTable(TABLES[4] as TableCase, PHONE);
    const button = region.getByRole("button", { name: "Mark Rimefall paid", exact: true });
    await button.waitFor(WAIT);
    // The visible word stays in the name, so "Paid" still finds it by voice.
    expect(await button.textContent()).toContain("Paid");
    await button.click();
    const dialog = page.getByRole("dialog", { name: "Mark Member as Paid" });
    await dialog.waitFor(WAIT);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached", ...WAIT });
  });
});
