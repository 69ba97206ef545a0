/**
 * Screenshots of the shell for a person to look at: `npx tsx web/scripts/screenshots.ts [baseUrl]`
 * against a running build (`npm start`, or `npx vite preview --config web/vite.config.ts`).
 * Uses Debian's Chromium (/usr/bin/chromium). With SAMPLE_API=1, /_api answers come from a small in-script
 * sample so the cards and admin screens can be seen before the real endpoints exist; never used by tests.
 */
import { mkdirSync } from "node:fs";
import { chromium, type Page } from "playwright-core";
import superjson from "superjson";

const baseUrl = process.argv[2] ?? "http://localhost:4173";
const outDir = "test-output/screenshots";
const sample = process.env.SAMPLE_API === "1";
mkdirSync(outDir, { recursive: true });

const now = Date.now();
const HOUR = 3_600_000;
const sampleAnswers: Record<string, unknown> = {
  "/_api/public/config": { brand: "Iron Vanguard", timeZone: null },
  "/_api/public/guild-members": {
    guildMembers: [
      ...Array.from({ length: 1 }, () => ({ category: "Guild Master" })),
      ...Array.from({ length: 6 }, () => ({ category: "Core" })),
      ...Array.from({ length: 40 }, () => ({ category: "Members" })),
    ],
  },
  "/_api/public/market-exchange": {
    marketExchangeItems: [
      {
        id: 1,
        lootName: "Ancient Dragon Scale",
        bossName: "VENATUS",
        status: "Sold",
        createdAt: new Date(now - 3 * HOUR),
      },
      {
        id: 2,
        lootName: "Orb of Twilight Whispers",
        bossName: "EGO",
        status: "Pending",
        createdAt: new Date(now - HOUR),
      },
      {
        id: 3,
        lootName: "Ring of the Fallen",
        bossName: "LIVERA",
        status: "Sold",
        createdAt: new Date(now - 30 * HOUR),
      },
    ],
  },
  "/_api/boss-timers": {
    timers: [
      {
        bossName: "VENATUS",
        startTime: new Date(now - 2 * HOUR),
        endTime: new Date(now + 8 * HOUR),
        status: "active",
      },
      {
        bossName: "EGO",
        startTime: new Date(now - 20 * HOUR),
        endTime: new Date(now + HOUR / 3),
        status: "active",
      },
      {
        bossName: "LIVERA",
        startTime: new Date(now - 4 * HOUR),
        endTime: new Date(now + 20 * HOUR),
        status: "active",
      },
    ],
  },
};

async function routeSampleApi(page: Page, role: "admin" | "user" | null) {
  await page.route("**/_api/**", async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === "/_api/auth/session") {
      if (!role) return route.fulfill({ status: 401, json: { error: "Not authenticated" } });
      const user = { id: 1, email: "gm@example.com", displayName: "Aldric", role, avatarUrl: null };
      return route.fulfill({
        status: 200,
        contentType: "application/json",
        body: superjson.stringify({ user }),
      });
    }
    if (path === "/_api/auth/login_with_password") {
      return route.fulfill({ status: 401, json: { error: "Invalid email or password." } });
    }
    const answer = sampleAnswers[path];
    if (answer === undefined) return route.fulfill({ status: 404, json: { error: "Not found" } });
    return route.fulfill({ status: 200, contentType: "application/json", body: superjson.stringify(answer) });
  });
}

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});

const viewports = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 900 },
] as const;

const problems: string[] = [];

async function shot(page: Page, name: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 0) problems.push(`${name}: page scrolls sideways by ${overflow}px`);
  if (page.viewportSize()?.width === 390) {
    // Phone tap targets: every visible link, button and input at least 44 px tall and wide.
    const small = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>("a, button, input")]
        .filter((el) => el.offsetParent !== null && !el.classList.contains("sr-only"))
        .map((el) => ({ el, box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.height < 44 || box.width < 44)
        .map(
          ({ el, box }) =>
            `${el.tagName} "${el.textContent?.trim() || el.getAttribute("aria-label")}" ${Math.round(box.width)}x${Math.round(box.height)}`,
        ),
    );
    for (const entry of small) problems.push(`${name}: small tap target ${entry}`);
  }
  await page.screenshot({ path: `${outDir}/${name}.png`, fullPage: true });
  console.log(`${name}.png  title="${await page.title()}"`);
}

for (const viewport of viewports) {
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    deviceScaleFactor: 1,
    serviceWorkers: "block",
  });
  const page = await context.newPage();
  page.on("pageerror", (error) => problems.push(`${viewport.name}: page error ${error.message}`));
  if (sample) await routeSampleApi(page, null);
  const suffix = `${sample ? "sample-" : ""}${viewport.name}`;

  await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
  await shot(page, `home-${suffix}`);

  await page.goto(`${baseUrl}/login`, { waitUntil: "networkidle" });
  await shot(page, `login-${suffix}`);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.getByText("Password is required").waitFor();
  await shot(page, `login-errors-${suffix}`);
  await page.getByLabel("Username").fill("gm@example.com");
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.getByRole("alert").waitFor();
  await shot(page, `login-failed-${suffix}`);

  await page.goto(`${baseUrl}/no/such/page`, { waitUntil: "networkidle" });
  await shot(page, `not-found-${suffix}`);

  if (viewport.name === "phone") {
    await page.goto(`${baseUrl}/public/guild-members`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog").waitFor();
    await shot(page, `menu-open-${suffix}`);
  }

  if (sample) {
    for (const role of ["user", "admin"] as const) {
      await page.unroute("**/_api/**");
      await routeSampleApi(page, role);
      await page.goto(`${baseUrl}/admin`, { waitUntil: "networkidle" });
      await shot(page, `admin-${role}-${suffix}`);
    }
  } else {
    await page.goto(`${baseUrl}/admin`, { waitUntil: "networkidle" });
    await shot(page, `admin-unauthenticated-${suffix}`);
  }
  await context.close();
}

await browser.close();
if (problems.length > 0) {
  console.error(problems.join("\n"));
  process.exitCode = 1;
}
