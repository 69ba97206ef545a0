import "fake-indexeddb/auto";
import Dexie from "dexie";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { loadDraft, loadRowsFor, sameValue } from "./local-draft.ts";
import type { Mutation } from "./mutations/mutation.ts";
import { type MutationName, mutationFor, touchedBy } from "./mutations.ts";
import { type GuildMember, type MarketItem, PortalDb } from "./portal-db.ts";
import { idleTimer } from "./testing/idle-timer.ts";

const storedValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.string(),
    fc.date({ noInvalidDate: true }),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 6 }), tie("value"), { maxKeys: 4 }),
  ),
})).value;

describe("sameValue (which pulled rows need writing)", () => {
  it("a row equals its structured clone (what IndexedDB gives back)", () => {
    fc.assert(fc.property(storedValue, (value) => sameValue(value, structuredClone(value))));
  });

  it("tells rows apart that differ in one field, a date, a missing key or array-ness", () => {
    const row = { id: 1, playerName: "Corvin", kickedDate: new Date(0), tags: ["a"] };
    expect(sameValue(row, { ...row, playerName: "Corvin " })).toBe(false);
    expect(sameValue(row, { ...row, kickedDate: new Date(1) })).toBe(false);
    expect(sameValue(row, { ...row, kickedDate: 0 })).toBe(false);
    expect(sameValue({ ...row, extra: undefined }, row)).toBe(false);
    expect(sameValue({ 0: "a" }, ["a"])).toBe(false);
    expect(sameValue(row, { ...row, tags: ["a"] })).toBe(true);
  });
});

describe("loadRowsFor (a command's draft of the live tables)", () => {
  const AT = Date.UTC(2025, 5, 1, 12);
  const member = (id: number, playerName: string, raidsParticipated = 1): GuildMember => ({
    id,
    playerName,
    category: "Members",
    raidsParticipated,
    salary: "10.00",
    status: "active",
    kickedDate: null,
    finalSalaryAmount: null,
    mainMemberId: null,
    playerAlias: null,
    createdAt: new Date(AT),
    updatedAt: new Date(AT),
  });
  const item = (id: number): MarketItem => ({
    id,
    lootName: `Loot ${id}`,
    bossName: "VENATUS",
    value: "100.00",
    status: "Sold",
    participatedMembers: '["Aldric","Brina"]',
    totalFunds: "100.00",
    dateAcquired: null,
    createdAt: new Date(AT),
    updatedAt: new Date(AT),
  });

  /** Each kind of write, on rows that exist and on rows that do not. */
  const writes: { name: MutationName; args: unknown }[] = [
    { name: "updateMarketItem", args: { id: 7, lootName: "Edited", value: "12.5" } },
    { name: "updateMarketItem", args: { id: 9_999_999, lootName: "Gone" } },
    { name: "deleteMarketItem", args: { id: 8 } },
    {
      name: "createMarketItem",
      args: { lootName: "New", bossName: "EGO", value: "5", participatedMembers: ["Aldric"] },
    },
    { name: "updateMember", args: { id: 2, category: "Core", salary: "3" } },
    { name: "kickMember", args: { id: 3, finalSalaryAmount: "1" } },
    {
      name: "createAttendance",
      args: { bossName: "EGO", dateAttended: new Date(AT), participatedMembers: ["aldric", "Brina"] },
    },
    {
      name: "updateAttendance",
      args: { id: 1, dateAttended: new Date(AT), participatedMembers: ["Corvin"] },
    },
    { name: "deleteAttendance", args: { id: 1 } },
    { name: "startTimer", args: { bossName: "venatus", startTime: new Date(AT) } },
    { name: "startTimer", args: { bossName: "NEWBOSS", startTime: new Date(AT) } },
    { name: "resetTimers", args: {} },
    { name: "updateBossName", args: { id: 1, name: "VENATUS II" } },
    { name: "createBossName", args: { name: "ORFEN" } },
  ];

  async function storeWith(items: number) {
    const db = new PortalDb(`local-draft-test-${crypto.randomUUID()}`);
    await db.guildMembers.bulkPut([member(1, "Aldric"), member(2, "Brina"), member(3, "Corvin")]);
    await db.marketItems.bulkPut(Array.from({ length: items }, (_, i) => item(i + 1)));
    await db.attendance.put({
      id: 1,
      bossName: "VENATUS",
      dateAttended: new Date(AT),
      participatedMembers: ["Aldric", "Brina"],
      createdAt: new Date(AT),
    });
    await db.bossNames.bulkPut([
      { id: 1, name: "VENATUS", respawnTimeHours: 10 },
      { id: 2, name: "EGO", respawnTimeHours: 21 },
    ]);
    await db.timers.put(idleTimer());
    return db;
  }

  it("leaves the tables as the write's effect on the whole tables would, for every kind of write", async () => {
    for (const { name, args } of writes) {
      const db = await storeWith(20);
      const mutation = mutationFor(name) as Mutation<unknown>;
      const context = { seq: 5, createdAt: AT };
      const collections = touchedBy(mutation);
      await db.transaction("rw", db.tables, async () => {
        const partial = await loadRowsFor(db, collections, mutation.writes, (d) =>
          mutation.apply(d, args, context),
        );
        const whole = await loadDraft(
          db,
          new Map(collections.map((c) => [c, "local" as const])),
          mutation.writes,
        );
        mutation.apply(whole, args, context);
        expect(
          [...partial.changes()].map(([c, keys]) => [c, [...keys]]),
          name,
        ).toEqual([...whole.changes()].map(([c, keys]) => [c, [...keys]]));
        for (const [collection, keys] of whole.changes()) {
          for (const key of keys)
            expect(partial.get(collection, key), `${name} ${key}`).toEqual(whole.get(collection, key));
        }
      });
      db.close();
      await Dexie.delete(db.name);
    }
  });

  it("reads one loot item of 10,000 for an edit, and none for a create", async () => {
    const db = await storeWith(10_000);
    // Every table shares Dexie's Table prototype; the calls on the loot table are told apart by `this`.
    const table = Object.getPrototypeOf(db.marketItems) as typeof db.marketItems;
    const whole = vi.spyOn(table, "toArray");
    const some = vi.spyOn(table, "bulkGet");
    const onLoot = (mock: { contexts: unknown[]; calls: unknown[][] }) =>
      mock.calls.filter((_, i) => (mock.contexts[i] as { name?: string }).name === "marketItems");
    for (const name of ["updateMarketItem", "createMarketItem"] as const) {
      const mutation = mutationFor(name) as Mutation<unknown>;
      const args = writes.find((w) => w.name === name)?.args;
      await db.transaction("rw", db.tables, () =>
        loadRowsFor(db, touchedBy(mutation), mutation.writes, (d) =>
          mutation.apply(d, args, { seq: 1, createdAt: AT }),
        ),
      );
    }
    expect(onLoot(whole.mock)).toEqual([]);
    expect(onLoot(some.mock)).toEqual([[[7]]]);
    whole.mockRestore();
    some.mockRestore();
    db.close();
    await Dexie.delete(db.name);
  });
});
