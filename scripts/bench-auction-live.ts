/**
 * `npm run bench:auction-live`: how fast a bid reaches every open phone through the live feed (issue 28: within 1 s at
 * p95; decision 095). `npm start` on a fresh DATA_DIR with the sample data; `--phones=N` raiders (default 20), each
 * signed in on a phone-sized page of one auction in one Debian Chromium (playwright-core); two more raiders bid
 * `--bids=N` times (default 10), in turn, from the API, `--gap-ms=N` apart (default 1,500). Per bid and phone: the time
 * from the bid's acknowledgement (its answer in this script) to the new price shown on the phone (noted by the page,
 * the same machine's clock). Baseline, in the same run: the plain read a notice makes each phone ask
 * (`GET /_api/me/auctions/one`, fetched in the page), once by one phone at a time and once by every phone at once, as
 * a notice makes them. A benchmark, not a test: it exits 1 only when something fails to run.
 */
import { parseArgs } from "node:util";
import type { BrowserContext, Page } from "playwright-core";
import { formatMoney } from "../shared/money/money.ts";
import { lagFigures, seenPriceAt, watchPrices } from "../tests/e2e/auction-price-watch.ts";
import { ADMIN, type ApiSession, apiLogin, PHONE, startBrowserPortal } from "../tests/e2e/browser.ts";
import { ms } from "./bench-stats.ts";

const { values } = parseArgs({
  options: {
    phones: { type: "string", default: "20" },
    bids: { type: "string", default: "10" },
    "gap-ms": { type: "string", default: "1500" },
  },
});
const phones = Number(values.phones);
const bids = Number(values.bids);
const gapMs = Number(values["gap-ms"]);
const TARGET_MS = 1_000;
const WAIT = 60_000;
const START_CENTS = 10_000;
const RAISE_CENTS = 100;
const PASSWORD = "bench-auction-password-1";

interface Raider {
  name: string;
  session: ApiSession;
  email: string;
  memberId: number;
}

function must<T>(answer: { status: number; body: T }, what: string, status = 201): T {
  if (answer.status !== status)
    throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** A character and a raider's account linked to it. */
async function addRaider(admin: ApiSession, baseUrl: string, n: number): Promise<Raider> {
  const name = `Benchbidder${String(n).padStart(3, "0")}`;
  const { guildMember } = must(
    await admin.post<{ guildMember: { id: number } }>("/guild-members", {
      playerName: name,
      category: "Members",
    }),
    `adding ${name}`,
  );
  const email = `${name.toLowerCase()}@bench.test`;
  const { account } = must(
    await admin.post<{ account: { id: number } }>("/admin/accounts", {
      email,
      displayName: name,
      role: "user",
      password: PASSWORD,
    }),
    `the account of ${name}`,
  );
  must(
    await admin.post("/admin/accounts/link-member", { userId: account.id, memberId: guildMember.id }),
    `linking ${name}`,
    200,
  );
  return { name, session: await apiLogin(baseUrl, email, PASSWORD), email, memberId: guildMember.id };
}

/** In-page durations of `count` reads of the auction by each page, all pages at once when `together`. */
async function readTimes(pages: Page[], id: number, count: number, together: boolean): Promise<number[]> {
  const timeRead = (page: Page) =>
    page.evaluate(async (auction) => {
      const started = performance.now();
      const answer = await fetch(`/_api/me/auctions/one?id=${auction}`, { cache: "no-store" });
      await answer.text();
      return performance.now() - started;
    }, id);
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    if (together) times.push(...(await Promise.all(pages.map(timeRead))));
    else for (const page of pages) times.push(await timeRead(page));
  }
  return times;
}

/** The page's first read of the auction since its resource timings were cleared: when it started and ended. */
const firstRead = (page: Page) =>
  page.evaluate(() => {
    const entry = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).find((one) =>
      one.name.includes("/_api/me/auctions/one"),
    );
    return entry
      ? { start: performance.timeOrigin + entry.startTime, end: performance.timeOrigin + entry.responseEnd }
      : null;
  });

const row = (name: string, values: number[]) => {
  const { p50, p95, max } = lagFigures(values);
  return `| ${name} | ${values.length} | ${ms(p50)} | ${ms(p95)} | ${ms(max)} |`;
};

const portal = await startBrowserPortal();
const contexts: BrowserContext[] = [];
try {
  const admin = await apiLogin(portal.baseUrl, ADMIN.email, ADMIN.password);
  const bidders = [await addRaider(admin, portal.baseUrl, 0), await addRaider(admin, portal.baseUrl, 1)];
  const watchers: Raider[] = [];
  for (let n = 0; n < phones; n++) watchers.push(await addRaider(admin, portal.baseUrl, n + 2));
  const { marketExchangeItem } = must(
    await admin.post<{ marketExchangeItem: { id: number } }>("/market-exchange", {
      lootName: "Benchmark Crown",
      bossName: "Gravemaw",
      value: 0,
      status: "Pending",
      participatedMembers: bidders.map((bidder) => bidder.name),
      dateAcquired: new Date().toISOString().slice(0, 10),
    }),
    "the Pending item",
  );
  const { auction } = must(
    await admin.post<{ auction: { id: number } }>("/auctions", {
      marketItemId: marketExchangeItem.id,
      startPrice: START_CENTS / 100,
      minRaise: RAISE_CENTS / 100,
      seconds: 3_600,
      antiSnipeSeconds: 0,
      bidders: "members",
      payment: "outside",
    }),
    "opening the auction",
  );

  console.log(`Opening ${phones} phones on auction ${auction.id}...`);
  const pages: Page[] = [];
  for (const watcher of watchers) {
    const context = await portal.browser.newContext({
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      serviceWorkers: "block",
    });
    contexts.push(context);
    const page = await context.newPage();
    const login = await page.request.post(`${portal.baseUrl}/_api/auth/login_with_password`, {
      data: { email: watcher.email, password: PASSWORD },
    });
    if (login.status() !== 200) throw new Error(`login as ${watcher.email} answered ${login.status()}`);
    await page.goto(`${portal.baseUrl}/me/auctions/${auction.id}`);
    await page.getByTestId("auction-headline").waitFor({ timeout: WAIT });
    await watchPrices(page);
    pages.push(page);
  }

  let cents = START_CENTS;
  /** Bids in turn; answers the acknowledgement's time and the price the phones must show. */
  const bid = async (n: number) => {
    const bidder = bidders[n % 2] as Raider;
    const answer = await bidder.session.post("/me/auctions/bid", {
      id: auction.id,
      memberId: bidder.memberId,
      amount: cents / 100,
    });
    const ackAt = Date.now();
    must(answer, `bid ${n}`, 200);
    const price = formatMoney(cents, "usdt");
    cents += RAISE_CENTS;
    return { ackAt, price };
  };

  // A first bid, not measured: every phone shows it only once its feed is up.
  const warm = await bid(0);
  await Promise.all(pages.map((page) => seenPriceAt(page, warm.price, WAIT)));

  const alone = await readTimes(pages, auction.id, 1, false);
  const together = await readTimes(pages, auction.id, 3, true);

  const lags: number[] = [];
  const perBid: number[] = [];
  /** Where a lag goes: the notice (answer to the read's start), the read, and the page's render after it. */
  const parts = { notice: [] as number[], read: [] as number[], render: [] as number[] };
  for (let n = 1; n <= bids; n++) {
    const started = Date.now();
    await Promise.all(pages.map((page) => page.evaluate(() => performance.clearResourceTimings())));
    const { ackAt, price } = await bid(n);
    const seen = await Promise.all(pages.map((page) => seenPriceAt(page, price, WAIT)));
    const these = seen.map((at) => at - ackAt);
    lags.push(...these);
    perBid.push(Math.max(...these));
    const reads = await Promise.all(pages.map(firstRead));
    for (const [i, read] of reads.entries()) {
      if (read === null) continue;
      parts.notice.push(read.start - ackAt);
      parts.read.push(read.end - read.start);
      parts.render.push((seen[i] as number) - read.end);
    }
    const rest = gapMs - (Date.now() - started);
    if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
  }

  const [load1] = (await import("node:os")).loadavg();
  console.log(
    `\n${phones} phones, ${bids} bids ${gapMs} ms apart, npm start on PGlite; load average ${load1?.toFixed(2)}\n`,
  );
  console.log("| ms | n | p50 | p95 | max |\n| --- | --- | --- | --- | --- |");
  console.log(row("bid's answer to the price on a phone (live feed)", lags));
  console.log(row("bid's answer to the price on the last phone", perBid));
  console.log(row("of which: answer to the phone's read (the notice)", parts.notice));
  console.log(row("of which: the read", parts.read));
  console.log(row("of which: the read's answer to the price shown", parts.render));
  console.log(row("baseline: the read, one phone at a time", alone));
  console.log(row(`baseline: the read, ${phones} phones at once`, together));
  const { p95 } = lagFigures(lags);
  console.log(
    `\nTarget: p95 at most ${TARGET_MS} ms: ${p95 <= TARGET_MS ? "met" : "MISSED"} (${ms(p95)} ms).`,
  );
} finally {
  for (const context of contexts) await context.close().catch(() => {});
  await portal.stop();
}
