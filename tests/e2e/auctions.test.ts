import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatMoney } from "@shared/money/money.ts";
import { AUCTION_MESSAGES, bidTooLowMessage } from "@shared/schemas/auctions.ts";
import type { GuildMember } from "@shared/schemas/members.ts";
import {
  AUCTION_ACTION,
  bidButtonText,
  bidsAsText,
  CANCEL_AUCTION,
  cancelledText,
  leaderText,
  OPEN_AUCTION,
  OUTBID,
  YOU_LEAD,
} from "@web/features/auctions/auction-texts.ts";
import { addLinkedRaider, addSoldItem, createAccount, logInWithPassword } from "./arrange-earnings.ts";
import { lagFigures, seenPriceAt, watchPrices } from "./auction-price-watch.ts";
import {
  type ApiSession,
  apiLogin,
  type BrowserPortal,
  DESKTOP,
  PHONE,
  screenshot,
  sharedBrowserPortal,
  waitForApp,
} from "./browser.ts";

// Issue 28 (decisions 092 and 095): an officer opens an auction for a Pending item from the market; two raiders bid
// from their phones; the leader's open page follows the other's bid without a reload; offline, bidding says it needs
// a connection; a phone whose clock is two minutes off counts down to the server's end; bids reach every open page
// within 1 s at p95; a phone back from offline shows the price, leader and end at once.
const WAIT = { timeout: 30_000 };
/** Another phone's bid must show within this on an open page (the live feed's notice, then one read). */
const LIVE_WITHIN_MS = 5_000;
/** Issue 28's acceptance: the p95 of a bid's answer to its price on every open page. */
const LIVE_P95_MS = 1_000;
/** Bids the live-feed timing places, in turn, from the two raiders' API sessions. */
const TIMED_BIDS = 5;
/** A phone back online shows the auction as it is within this, with no bid meanwhile. */
const RECONNECT_WITHIN_MS = 2_000;
const ITEM = "Gavelborn Crown";
/** The second auction's item: the phone that goes offline and comes back. */
const RECONNECT_ITEM = "Echo Circlet";
const OFFICER = {
  email: "auction-officer@e2e.test",
  password: "officer-password-2",
  displayName: "Ser Hammer",
};
const FIRST = { email: "bidder-one@e2e.test", password: "bidder-password-1", name: "Bidwyn" };
/** The first raider's alt: their first bid asks which character, and the server keeps it. */
const FIRST_ALT = "Bidwynna";
const SECOND = { email: "bidder-two@e2e.test", password: "bidder-password-2", name: "Outbidda" };
/** How far the skewed phone's clock runs ahead of the server's. */
const SKEW_MS = 2 * 60_000;

let portal: BrowserPortal;

beforeAll(async () => {
  portal = await sharedBrowserPortal();
  const admin = await portal.adminApi();
  await createAccount(portal, OFFICER, "officer");
  await addLinkedRaider(portal, FIRST, FIRST_ALT);
  await addLinkedRaider(portal, SECOND);
  // Earlier loot gives both a balance to bid from; the drop they bid on is Pending, theirs to share.
  await addSoldItem(portal, {
    lootName: "Earlier Relic",
    participants: [FIRST.name, SECOND.name],
    value: 2000,
    dateAcquired: new Date().toISOString().slice(0, 10),
  });
  for (const lootName of [ITEM, RECONNECT_ITEM]) {
    const pending = await admin.post("/market-exchange", {
      lootName,
      bossName: "Gravemaw",
      value: 0,
      status: "Pending",
      participatedMembers: [FIRST.name, SECOND.name],
      dateAcquired: new Date().toISOString().slice(0, 10),
    });
    expect(pending.status, JSON.stringify(pending.body)).toBe(201);
  }
}, 180_000);

afterAll(async () => {
  await portal?.stop();
});

const logIn = (page: Page, account: { email: string; password: string }) =>
  logInWithPassword(portal, page, account);

/** A raider's phone on the auction's page; `skewMs` sets the phone's clock that far from the real time. */
async function phoneOn(
  raider: { email: string; password: string },
  path: string,
  skewMs = 0,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await portal.newContext({ viewport: PHONE, isMobile: true, hasTouch: true }, "file");
  if (skewMs !== 0)
    await context.addInitScript((skew: number) => {
      const RealDate = Date;
      class SkewedDate extends RealDate {
        constructor(...args: unknown[]) {
          if (args.length === 0) super(RealDate.now() + skew);
          else super(...(args as [string]));
        }
        static override now() {
          return RealDate.now() + skew;
        }
      }
      globalThis.Date = SkewedDate as DateConstructor;
    }, skewMs);
  const page = await context.newPage();
  await logIn(page, raider);
  await page.goto(portal.url(path));
  await waitForApp(page);
  // The list's rows, or one auction's headline.
  await page.locator("[data-testid=auction-headline], [data-testid=auction-row]").first().waitFor(WAIT);
  return { context, page };
}

/** A raider bidding from a script (another phone, as far as the pages watching know): the API and their character. */
async function bidderApi(raider: { email: string; password: string; name: string }) {
  const session: ApiSession = await apiLogin(portal.baseUrl, raider.email, raider.password);
  const members = await (await portal.adminApi()).get<{ guildMembers: GuildMember[] }>("/guild-members");
  const memberId = members.body.guildMembers.find((m) => m.playerName === raider.name)?.id;
  expect(memberId).toBeDefined();
  return {
    /** Bids `cents` outright; answers when the answer came (this machine's clock). */
    async bid(id: number, cents: number): Promise<number> {
      const res = await session.post("/me/auctions/bid", { id, memberId, amount: cents / 100 });
      const answeredAt = Date.now();
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return answeredAt;
    },
  };
}

/** Seconds left in "m:ss left". */
async function secondsLeft(page: Page): Promise<number> {
  const text = await page.getByTestId("auction-time-left").innerText();
  const match = /(\d+):(\d\d) left/.exec(text);
  expect(match, text).not.toBeNull();
  return Number(match?.[1]) * 60 + Number(match?.[2]);
}

describe("a live auction", () => {
  let officer: Page;
  let auctionPath = "";
  let first: Page;
  let second: { context: BrowserContext; page: Page };
  let skewed: Page;

  it("an officer opens an auction for a Pending item from the market and lands on it", async () => {
    const context = await portal.newContext({ viewport: DESKTOP }, "file");
    officer = await context.newPage();
    await logIn(officer, OFFICER);
    await officer.goto(portal.url("/market-exchange"));
    await waitForApp(officer);
    const row = officer.locator(`tr[data-loot='${ITEM}']`);
    await row.getByRole("button", { name: `${AUCTION_ACTION} ${ITEM}` }).click(WAIT);
    // A Sold item offers no auction.
    await officer.locator("tr[data-loot='Earlier Relic']").waitFor(WAIT);
    expect(await officer.getByRole("button", { name: `${AUCTION_ACTION} Earlier Relic` }).count()).toBe(0);
    const dialog = officer.getByRole("dialog", { name: `${OPEN_AUCTION}: ${ITEM}` });
    await dialog.waitFor(WAIT);
    expect(await dialog.getByLabel("Duration (minutes)").inputValue()).toBe("2");
    expect(await dialog.getByLabel("Anti-snipe (seconds)").inputValue()).toBe("15");
    expect(await dialog.getByLabel("Who may bid").inputValue()).toBe("participants");
    expect(await dialog.getByLabel("How the winner pays").inputValue()).toBe("balance");
    await dialog.getByLabel("Start price (USDT)").fill("100");
    await dialog.getByLabel("Minimum raise (USDT)").fill("10");
    // Long enough for the whole test on a loaded machine; the countdown is checked against it.
    await dialog.getByLabel("Duration (minutes)").fill("10");
    await screenshot(officer, "auction-open-dialog");
    await dialog.getByRole("button", { name: OPEN_AUCTION, exact: true }).click();
    await officer.waitForURL(/\/admin\/auctions\/\d+$/, WAIT);
    const id = /\/admin\/auctions\/(\d+)$/.exec(officer.url())?.[1];
    auctionPath = `/me/auctions/${id}`;
    await officer.getByTestId("auction-headline").waitFor(WAIT);
    expect(await officer.getByTestId("auction-price").innerText()).toBe("100.00 USDT");
    expect(await secondsLeft(officer)).toBeGreaterThan(9 * 60);
  });

  it("the first raider chooses a character and bids the start price: 'You lead'", async () => {
    first = (await phoneOn(FIRST, "/me/auctions")).page;
    await first.getByTestId("auction-row").filter({ hasText: ITEM }).click();
    await first.waitForURL((url) => url.pathname === auctionPath, WAIT);
    const bid = first.getByRole("button", { name: bidButtonText("100.00") });
    await bid.waitFor(WAIT);
    // Two characters: the bid waits for the choice.
    expect(await bid.isDisabled()).toBe(true);
    await first.getByRole("button", { name: `${FIRST.name} main`, exact: true }).click();
    await bid.click();
    await first.getByText(YOU_LEAD, { exact: true }).waitFor(WAIT);
    expect(await first.getByText(bidsAsText(FIRST.name)).count()).toBe(1);
    expect(await first.getByTestId("auction-price").innerText()).toBe("100.00 USDT");
    await first.getByRole("button", { name: bidButtonText("110.00") }).waitFor(WAIT);
    await screenshot(first, "auction-raider-leading");
  });

  it("the second raider outbids; the first's open page shows the new price without a reload", async () => {
    second = await phoneOn(SECOND, auctionPath);
    await second.page.getByRole("button", { name: bidButtonText("110.00") }).click(WAIT);
    await second.page.getByText(YOU_LEAD, { exact: true }).waitFor(WAIT);
    const answeredAt = Date.now();
    await first.getByText(OUTBID).waitFor(WAIT);
    expect(Date.now() - answeredAt).toBeLessThan(LIVE_WITHIN_MS);
    expect(await first.getByTestId("auction-price").innerText()).toBe("110.00 USDT");
    await first.getByRole("button", { name: bidButtonText("120.00") }).waitFor(WAIT);
    // A bid under the least: the server's words, and the price it answered.
    await first.getByLabel("Any amount (USDT)").fill("105");
    await first.getByRole("button", { name: "Place bid" }).click();
    await first.getByText(bidTooLowMessage(12_000, 11_000)).waitFor(WAIT);
    await screenshot(first, "auction-raider-outbid");
  });

  it("offline, the page says bidding needs a connection and its controls are disabled", async () => {
    const { context, page } = second;
    await context.setOffline(true);
    await page.getByText(AUCTION_MESSAGES.offline).waitFor(WAIT);
    expect(await page.getByRole("button", { name: bidButtonText("120.00") }).isDisabled()).toBe(true);
    expect(await page.getByLabel("Any amount (USDT)").isDisabled()).toBe(true);
    await screenshot(page, "auction-raider-offline");
    await context.setOffline(false);
    await page.getByText(AUCTION_MESSAGES.offline).waitFor({ state: "detached", ...WAIT });
  });

  it("a phone whose clock is two minutes ahead counts down to the server's end", async () => {
    skewed = (await phoneOn(SECOND, auctionPath, SKEW_MS)).page;
    expect((await skewed.evaluate(() => Date.now())) - Date.now()).toBeGreaterThan(SKEW_MS - 5_000);
    const [mine, right] = [await secondsLeft(skewed), await secondsLeft(first)];
    // Without the server's clock it would show two minutes less.
    expect(Math.abs(mine - right)).toBeLessThanOrEqual(2);
  });

  it("bids reach every open page through the live feed within 1 s at p95", async () => {
    const id = Number(auctionPath.split("/").at(-1));
    // The two raiders' phones, the skewed one and the officer's page: all on the auction.
    const pages = [first, second.page, skewed, officer];
    for (const page of pages) await watchPrices(page);
    const bidders = [await bidderApi(FIRST), await bidderApi(SECOND)];
    const lags: number[] = [];
    // The second raider leads at 110.00: the first raises, then each in turn.
    for (let n = 0; n < TIMED_BIDS; n++) {
      const cents = 12_000 + n * 1_000;
      const answeredAt = await (bidders[n % 2] as (typeof bidders)[number]).bid(id, cents);
      const seen = await Promise.all(
        pages.map((page) => seenPriceAt(page, formatMoney(cents, "usdt"), WAIT.timeout)),
      );
      lags.push(...seen.map((at) => at - answeredAt));
    }
    const { p50, p95, max } = lagFigures(lags);
    console.log(
      `a bid's answer to its price on ${pages.length} open pages (${lags.length}): ` +
        `p50 ${Math.round(p50)} ms, p95 ${Math.round(p95)} ms, max ${Math.round(max)} ms`,
    );
    expect(p95).toBeLessThanOrEqual(LIVE_P95_MS);
  });

  it("officers see every bid with its limits, and cancel with a reason; the raider's page shows it", async () => {
    await officer.goto(portal.url("/admin/auctions"));
    const card = officer.getByTestId("officer-auction").filter({ hasText: ITEM });
    await card.getByTestId("bid-history").waitFor(WAIT);
    expect(await card.getByTestId("bid-history").locator("li").count()).toBe(2 + TIMED_BIDS);
    expect(await card.getByTestId("bid-history").innerText()).toContain(`${SECOND.name}`);
    await screenshot(officer, "auction-officer-list");
    await card.getByRole("button", { name: CANCEL_AUCTION }).click();
    const dialog = officer.getByRole("dialog", { name: `${CANCEL_AUCTION}: ${ITEM}?` });
    await dialog.getByLabel("Reason").fill("Wrong item");
    await dialog.getByRole("button", { name: CANCEL_AUCTION }).click();
    await card.getByText(cancelledText("Wrong item")).waitFor(WAIT);
    await first.getByText(cancelledText("Wrong item")).waitFor(WAIT);
    expect(await first.getByTestId("bid-panel").count()).toBe(0);
    await screenshot(first, "auction-raider-cancelled");
  });
});

describe("a phone back from offline", () => {
  it("shows the price, the leader and the end as they are now within a moment, with no bid meanwhile", async () => {
    const officerApi = await apiLogin(portal.baseUrl, OFFICER.email, OFFICER.password);
    const items = await officerApi.get<{ marketExchangeItems: { id: number; lootName: string }[] }>(
      "/market-exchange",
    );
    const item = items.body.marketExchangeItems.find((one) => one.lootName === RECONNECT_ITEM);
    // Two minutes, and an anti-snipe longer than that: each bid moves the end to five minutes after it.
    const opened = await officerApi.post<{ auction: { id: number } }>("/auctions", {
      marketItemId: item?.id,
      startPrice: 50,
      minRaise: 10,
      seconds: 120,
      antiSnipeSeconds: 300,
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const id = opened.body.auction.id;
    const { context, page } = await phoneOn(SECOND, `/me/auctions/${id}`);
    expect(await page.getByTestId("auction-leader").innerText()).toBe(leaderText(null));
    expect(await secondsLeft(page)).toBeLessThanOrEqual(120);
    await watchPrices(page);

    await context.setOffline(true);
    await page.getByText(AUCTION_MESSAGES.offline).waitFor(WAIT);
    // Meanwhile: three bids, the last the first raider's, each moving the end.
    const [firstBidder, secondBidder] = [await bidderApi(FIRST), await bidderApi(SECOND)];
    await firstBidder.bid(id, 5_000);
    await secondBidder.bid(id, 6_000);
    await firstBidder.bid(id, 7_000);
    // The page still shows what it had: nothing reached it while offline.
    expect(await page.getByTestId("auction-price").innerText()).toBe("50.00 USDT");
    await screenshot(page, "auction-raider-offline-behind");

    const backAt = Date.now();
    await context.setOffline(false);
    const shownAfter = (await seenPriceAt(page, "70.00 USDT", WAIT.timeout)) - backAt;
    console.log(`a phone back online showed the price ${Math.round(shownAfter)} ms after reconnecting`);
    expect(shownAfter).toBeLessThanOrEqual(RECONNECT_WITHIN_MS);
    expect(await page.getByTestId("auction-leader").innerText()).toBe(leaderText(FIRST.name));
    expect(await page.getByText(OUTBID).count()).toBe(1);
    // The end the last bid set: about five minutes away, where the page had under two.
    expect(await secondsLeft(page)).toBeGreaterThan(4 * 60 + 30);
    await screenshot(page, "auction-raider-back-online");
  });
});
