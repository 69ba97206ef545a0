/**
 * The reads of one auction that ask at once share one load (decision 095), on each driver's data versions: a read
 * that asks while a load is on its way joins it, unless a bid was committed since that load's read began; then it
 * loads afresh, so a phone reading on a bid's notice never gets the auction as it was before the bid.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuctionView } from "@shared/schemas/auctions.ts";
import { type Portal, setUpPortal, signInAs, signInRaiderWithMain } from "../salary/portal-test-setup.ts";
import { readTogether } from "./read-together.ts";

let portal: Portal;
beforeAll(async () => {
  portal = await setUpPortal("read-together");
});
afterAll(async () => {
  await portal?.close();
});

describe("reading an auction together", () => {
  it("joins a load on its way, and loads afresh once a bid moved the auction", async () => {
    const officer = await signInAs(portal, "read-together", "officer");
    const bidder = await signInRaiderWithMain(portal, "read-together", "Together ");
    const item = await portal.admin.post("/_api/market-exchange", {
      lootName: "Shared Relic",
      bossName: "Gravemaw",
      value: 0,
      status: "Pending",
      participatedMembers: [bidder.main.playerName],
      dateAcquired: "2026-11-20",
    });
    expect(item.status, item.text).toBe(201);
    const opened = await officer.post("/_api/auctions", {
      marketItemId: (item.data.marketExchangeItem as { id: number }).id,
      startPrice: "10.00",
      minRaise: "1.00",
      payment: "outside",
    });
    expect(opened.status, opened.text).toBe(201);
    const id = (opened.data.auction as AuctionView).id;

    // A load held on its way, as a slow read under twenty others would be.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const loads: string[] = [];
    const first = readTogether(portal.db, id, async () => {
      loads.push("first");
      await held;
      return "first";
    });
    await expect.poll(() => loads.includes("first"), { timeout: 10_000 }).toBe(true);
    // Asked meanwhile, nothing committed since: the same load.
    const joined = readTogether(portal.db, id, async () => {
      loads.push("joined");
      return "joined";
    });
    const bid = await bidder.client.post("/_api/me/auctions/bid", {
      id,
      memberId: bidder.main.id,
      amount: "10.00",
    });
    expect(bid.status, bid.text).toBe(200);
    // Asked after the bid's answer: a load of its own, though the first is still on its way.
    const after = readTogether(portal.db, id, async () => {
      loads.push("after");
      return "after";
    });
    // Its own load runs while the first is still held (joined to it, it would wait for the first instead).
    await expect.poll(() => loads.includes("after"), { timeout: 10_000 }).toBe(true);
    expect(await after).toBe("after");
    release();
    expect([await first, await joined]).toEqual(["first", "first"]);
    expect(loads).toEqual(["first", "after"]);
    // Nothing is kept once answered: the next read loads again.
    expect(await readTogether(portal.db, id, async () => "again")).toBe("again");
  });
});
