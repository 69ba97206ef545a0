import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { afterEach, describe, expect, it } from "vitest";
import { MY_EARNINGS_MESSAGES, type MyEarnings } from "@shared/schemas/my-earnings.ts";
import { forgetMyEarnings, readSavedMyEarnings, saveMyEarnings } from "./my-earnings-copy.ts";
import { PortalDb } from "./portal-db.ts";

const opened: PortalDb[] = [];
async function freshDb(): Promise<PortalDb> {
  const db = new PortalDb("earnings", { indexedDB: new IDBFactory(), IDBKeyRange });
  await db.open();
  opened.push(db);
  return db;
}
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

const answer: MyEarnings = {
  linked: true,
  mainMemberId: 7,
  mainName: "Thornfang",
  characters: [{ memberId: 7, playerName: "Thornfang", isMain: true, status: "active", earned: "1234.50" }],
  totals: { earned: "1234.50", paid: "1000.00", balance: "234.50", itemCount: 1 },
  payouts: [],
  items: [
    {
      itemId: 1,
      date: "2026-11-01",
      bossName: "Gravemaw",
      lootName: "Ember Crown",
      memberId: 7,
      characterName: "Thornfang",
      share: "1234.50",
    },
  ],
};

describe("the device's copy of My earnings", () => {
  it("gives an account back its own copy and nobody else's", async () => {
    const db = await freshDb();
    await saveMyEarnings(db, 1, answer, 1_700_000_000_000);
    expect(await readSavedMyEarnings(db, 1)).toEqual({ answer, savedAt: 1_700_000_000_000 });
    expect(await readSavedMyEarnings(db, 2)).toBeNull();
    await saveMyEarnings(db, 2, { linked: false, message: MY_EARNINGS_MESSAGES.notLinked }, 5);
    expect((await readSavedMyEarnings(db, 1))?.answer).toEqual(answer);
  });

  it("forgets an account's copy, and ignores a stored value that is not an answer", async () => {
    const db = await freshDb();
    await saveMyEarnings(db, 1, answer);
    await forgetMyEarnings(db, 1);
    expect(await readSavedMyEarnings(db, 1)).toBeNull();
    await db.myEarnings.put({ userId: 3, answer: { linked: true, items: "nope" }, savedAt: 1 });
    expect(await readSavedMyEarnings(db, 3)).toBeNull();
  });
});
