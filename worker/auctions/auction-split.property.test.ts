/**
 * The sale an auction makes is split as any sale (issue 28's property; decision 095): random auctions on items with
 * random participants (roster members of each category, an alt, a player's alias, a name off the roster), opened
 * for the participants or every member, paid from the balance or outside, random outright and automatic bids from
 * four raiders, then closed at the end or cancelled, through the real API on each driver. After each: one winner or
 * none, among those whose bids were accepted; the item Sold at the auction's price (Pending without a winner or once
 * cancelled); the stored split of that price adds up to it to the cent, and every stored share, salary, earner and
 * fund equals the full recalculation (the oracle of decision 024); the winner is charged the price when paying from
 * the balance, and nobody otherwise. AUCTION_SPLIT_RUNS sets the number of sequences (10 by default).
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moneyText, parseMoney } from "@shared/money/money.ts";
import {
  AUCTION_BIDDERS,
  AUCTION_PAYMENTS,
  AUCTION_PAYOUT_METHOD,
  type AuctionView,
} from "@shared/schemas/auctions.ts";
import { type Portal, setUpPortal, signInAs, signInRaider } from "../salary/portal-test-setup.ts";
import { rebuildDerivedFigures } from "../salary/rebuild.ts";
import { expectStoredEqualsFullRecalculation } from "../salary/stored-figures-oracle.ts";
import type { TestClient } from "../test/api-client.ts";
import { testDriver } from "../test/test-db.ts";
import { endIn } from "./auction-time-shift.ts";
import { closeDueAuctions } from "./close-auctions.ts";

const RUNS = Number(process.env.AUCTION_SPLIT_RUNS || 10);

/** Ash is the Guild Master (alias Veil) and plays Dara too; Bram is Core; Cole and Eve are Members. */
const ROSTER_SQL = `
  INSERT INTO boss_names (name, respawn_time_hours) VALUES ('Boss', 24) ON CONFLICT DO NOTHING;
  INSERT INTO guild_members (player_name, category, raids_participated, player_alias) VALUES
    ('Ash', 'Guild Master', 2, 'Veil'), ('Bram', 'Core', 1, NULL), ('Cole', 'Members', 0, NULL),
    ('Dara', 'Members', 1, NULL), ('Eve', 'Members', 3, NULL);
  UPDATE guild_members SET main_member_id = (SELECT id FROM guild_members WHERE player_name = 'Ash')
   WHERE player_name = 'Dara';
  INSERT INTO market_exchange (loot_name, boss_name, value, status, participated_members, date_acquired) VALUES
    ('Earlier Loot', 'Boss', 5000.00, 'Sold', 'Ash, Bram, Cole, Dara, Eve', '2026-10-01');
`;
/** What a participant list may name: the roster, the alias, and someone off it. */
const TOKENS = ["Ash", "Bram", "Cole", "Dara", "Eve", "Veil", "Stranger"];
/** The raiders' accounts, by the character they are linked to; Ash's may bid as Dara, its alt. */
const BIDDERS = ["Ash", "Bram", "Cole", "Eve"];

interface Bid {
  who: number;
  /** In minimum raises above the start price (-1: below it), plus a few cents. */
  amountSteps: number | null;
  maxSteps: number | null;
  cents: number;
}

interface AuctionCase {
  participants: string[];
  startCents: number;
  raiseCents: number;
  bidders: (typeof AUCTION_BIDDERS)[number];
  payment: (typeof AUCTION_PAYMENTS)[number];
  /** Ash's account bids as Dara on this auction. */
  ashAsDara: boolean;
  bids: Bid[];
  end: "close" | "cancel";
}

const steps = fc.option(fc.integer({ min: -1, max: 12 }), { nil: null });
const bidArbitrary: fc.Arbitrary<Bid> = fc
  .record({
    who: fc.nat({ max: BIDDERS.length - 1 }),
    amountSteps: steps,
    maxSteps: steps,
    cents: fc.nat({ max: 99 }),
  })
  .filter((bid) => bid.amountSteps !== null || bid.maxSteps !== null);

const auctionArbitrary: fc.Arbitrary<AuctionCase> = fc.record({
  participants: fc.subarray(TOKENS, { minLength: 1 }),
  startCents: fc.integer({ min: 1, max: 300_000 }),
  raiseCents: fc.integer({ min: 1, max: 20_000 }),
  bidders: fc.constantFrom(...AUCTION_BIDDERS),
  payment: fc.constantFrom(...AUCTION_PAYMENTS),
  ashAsDara: fc.boolean(),
  bids: fc.array(bidArbitrary, { maxLength: 8 }),
  end: fc.constantFrom<AuctionCase["end"]>("close", "close", "close", "cancel"),
});

let portal: Portal;
let officer: TestClient;
const raiders = new Map<string, TestClient>();
const memberIds = new Map<string, number>();

beforeAll(async () => {
  portal = await setUpPortal("auction-split");
  await portal.db.exec(ROSTER_SQL);
  await portal.db.transaction((tx) => rebuildDerivedFigures(tx));
  for (const row of await portal.db.query<{ id: number; name: string }>(
    `SELECT id, player_name AS name FROM guild_members`,
  ))
    memberIds.set(row.name, row.id);
  officer = await signInAs(portal, "auction-split", "officer");
  for (const name of BIDDERS) {
    const { client } = await signInRaider(portal, "auction-split", {
      displayName: `${name}'s account`,
      memberId: memberIds.get(name) as number,
    });
    raiders.set(name, client);
  }
});
afterAll(async () => {
  await portal?.close();
});

const amountOf = (c: AuctionCase, stepsAbove: number | null, cents: number) =>
  stepsAbove === null ? undefined : moneyText(Math.max(1, c.startCents + stepsAbove * c.raiseCents + cents));

async function auctionPayouts(id: number): Promise<{ memberId: number; amount: string }[]> {
  return portal.db.query<{ memberId: number; amount: string }>(
    `SELECT member_id AS "memberId", amount::text AS amount FROM payouts WHERE method = $1 AND reference LIKE $2`,
    [AUCTION_PAYOUT_METHOD, `Auction ${id}:%`],
  );
}

/** Opens, bids, ends one auction; answers what to check it against. */
async function runAuction(
  c: AuctionCase,
): Promise<{ itemId: number; auction: AuctionView; accepted: string[] }> {
  const item = await portal.admin.post("/_api/market-exchange", {
    lootName: "Auctioned Loot",
    bossName: "Boss",
    value: 0,
    status: "Pending",
    participatedMembers: c.participants,
    dateAcquired: "2026-11-20",
  });
  expect(item.status, item.text).toBe(201);
  const itemId = (item.data.marketExchangeItem as { id: number }).id;
  const opened = await officer.post("/_api/auctions", {
    marketItemId: itemId,
    startPrice: moneyText(c.startCents),
    minRaise: moneyText(c.raiseCents),
    seconds: 600,
    antiSnipeSeconds: 0,
    bidders: c.bidders,
    payment: c.payment,
  });
  expect(opened.status, opened.text).toBe(201);
  const id = (opened.data.auction as AuctionView).id;
  const accepted: string[] = [];
  for (const bid of c.bids) {
    const account = BIDDERS[bid.who] as string;
    const character = account === "Ash" && c.ashAsDara ? "Dara" : account;
    const res = await (raiders.get(account) as TestClient).post("/_api/me/auctions/bid", {
      id,
      memberId: memberIds.get(character),
      amount: amountOf(c, bid.amountSteps, bid.cents),
      max: amountOf(c, bid.maxSteps, bid.cents),
    });
    // Accepted, or refused with why (too low, not a participant, over the balance, ...): never an error.
    expect([200, 409], res.text).toContain(res.status);
    if (res.status === 200) accepted.push(character);
  }
  if (c.end === "cancel") {
    const res = await officer.post("/_api/auctions/cancel", { id, reason: "Wrong item" });
    expect(res.status, res.text).toBe(200);
  } else {
    await endIn(portal.db, id, -1);
    await closeDueAuctions(portal.db, null);
  }
  const read = await officer.get(`/_api/auctions/one?id=${id}`);
  expect(read.status, read.text).toBe(200);
  return { itemId, auction: read.data.auction as AuctionView, accepted };
}

async function expectSaleSplit(c: AuctionCase, itemId: number, auction: AuctionView, accepted: string[]) {
  const context = JSON.stringify({ case: c, auction: auction.id, accepted });
  const [item] = await portal.db.query<{ status: string; value: string }>(
    "SELECT status, value::text AS value FROM market_exchange WHERE id = $1",
    [itemId],
  );
  const payouts = await auctionPayouts(auction.id);
  const sold = c.end === "close" && accepted.length > 0;
  expect(auction.status, context).toBe(c.end === "cancel" ? "cancelled" : "closed");
  if (!sold) {
    // No winner: nothing sold, nobody charged.
    expect(auction.winnerName, context).toBeNull();
    expect(item?.status, context).toBe("Pending");
    expect(payouts, context).toEqual([]);
  } else {
    // One winner, one of those whose bids were accepted, and the item Sold at the auction's price.
    expect(accepted, context).toContain(auction.winnerName);
    expect(auction.price, context).not.toBeNull();
    const price = parseMoney(String(auction.price));
    expect(item, context).toEqual({ status: "Sold", value: moneyText(price) });
    // The stored split of the sale adds up to its price, to the cent.
    const [parts] = await portal.db.query<{ value: string; funds: string; shares: string }>(
      `SELECT i.value::text AS value, (i.guild_fund + i.admin_fund)::text AS funds,
              coalesce((SELECT sum(general_share + elite_share) FROM salary_shares s WHERE s.item_id = i.item_id), 0)::text
                AS shares
         FROM salary_items i WHERE i.item_id = $1`,
      [itemId],
    );
    expect(parseMoney(String(parts?.value)), context).toBe(price);
    expect(parseMoney(String(parts?.funds)) + parseMoney(String(parts?.shares)), context).toBe(price);
    const winnerId = memberIds.get(auction.winnerName as string);
    expect(payouts, context).toEqual(
      c.payment === "balance" ? [{ memberId: winnerId, amount: moneyText(price) }] : [],
    );
  }
  await expectStoredEqualsFullRecalculation(portal.db, context);
}

describe(`an auction's sale and its split (${testDriver()} driver)`, () => {
  it(`in ${RUNS} random sequences of auctions, bids and ends, each sale is split to the cent as the full recalculation splits it`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(auctionArbitrary, { minLength: 1, maxLength: 3 }), async (cases) => {
        // Each sequence starts from figures the full recalculation made, so a failure shrinks to its own cause.
        await portal.db.transaction((tx) => rebuildDerivedFigures(tx));
        for (const c of cases) {
          const { itemId, auction, accepted } = await runAuction(c);
          await expectSaleSplit(c, itemId, auction, accepted);
        }
      }),
      { numRuns: RUNS },
    );
  }, 600_000);
});
