/**
 * The public reads answered from the data version (decision 023), through the real routes: an unchanged
 * collection answers 304 to its ETag, every kind of write moves the tags of exactly the reads it changes and
 * the next answer shows it, and the copy kept in process is never sent once it is out of date.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BossTimer } from "@shared/schemas/boss-timers.ts";
import type { Db } from "../db/types.ts";
import { type Portal, setUpPortal, uniqueName } from "../salary/portal-test-setup.ts";
import { createApp } from "./create-app.ts";

const READS = {
  roster: "/_api/public/guild-members",
  market: "/_api/public/market-exchange",
  bossNames: "/_api/public/boss-names",
  timers: "/_api/boss-timers",
  config: "/_api/public/config",
} as const;
type Read = keyof typeof READS;
type Tags = Record<Read, string>;

const HOUR_MS = 60 * 60 * 1000;
const CONFIG = { brand: "Test Guild", timeZone: null, pepper: "test-pepper-0123456789" };

let portal: Portal;

beforeAll(async () => {
  portal = await setUpPortal("cached-read");
});
afterAll(async () => {
  await portal?.close();
});

/** An anonymous read; answers its status, ETag and data. */
async function read(what: Read, ifNoneMatch?: string) {
  const res = await portal.anonymous.get(READS[what], ifNoneMatch ? { "if-none-match": ifNoneMatch } : {});
  return { ...res, etag: res.headers.get("etag") };
}

/** Every public read's ETag now; each read must answer 200 with one. */
async function tagsNow(): Promise<Tags> {
  const tags = {} as Tags;
  for (const what of Object.keys(READS) as Read[]) {
    const res = await read(what);
    expect({ what, status: res.status }).toEqual({ what, status: 200 });
    expect(res.etag, what).toMatch(/^"[^"]+"$/);
    tags[what] = res.etag as string;
  }
  return tags;
}

/** The reads in `changed` answer a new tag and the rest still confirm theirs with a 304. */
async function expectMoved(before: Tags, changed: readonly Read[]): Promise<Tags> {
  const after = await tagsNow();
  for (const what of Object.keys(READS) as Read[]) {
    if (changed.includes(what)) {
      expect({ what, moved: after[what] !== before[what] }).toEqual({ what, moved: true });
      expect({ what, status: (await read(what, before[what])).status }).toEqual({ what, status: 200 });
    } else {
      expect({ what, tag: after[what] }).toEqual({ what, tag: before[what] });
      expect({ what, status: (await read(what, before[what])).status }).toEqual({ what, status: 304 });
    }
  }
  return after;
}

async function created<T>(path: string, body: unknown, key: string): Promise<T> {
  const res = await portal.admin.post(path, body);
  expect(res.status, JSON.stringify(res.data)).toBeLessThan(300);
  return res.data[key] as T;
}
const rosterNames = async () =>
  ((await read("roster")).data.guildMembers as { playerName: string }[]).map((m) => m.playerName);
const marketItems = async () =>
  (await read("market")).data.marketExchangeItems as { lootName: string; participatedMembers: string }[];
const bossNames = async () =>
  ((await read("bossNames")).data.bossNames as { name: string }[]).map((b) => b.name);
const timerOf = async (bossName: string) =>
  ((await read("timers")).data.timers as BossTimer[]).find((t) => t.bossName === bossName);

const newMember = (playerName = uniqueName("Cached")) =>
  created<{ id: number; playerName: string }>(
    "/_api/guild-members",
    { playerName, category: "Core" },
    "guildMember",
  );
const newItem = (body: Record<string, unknown> = {}) =>
  created<{ id: number }>(
    "/_api/market-exchange",
    {
      lootName: uniqueName("Loot"),
      bossName: "Gravemaw",
      value: 100,
      status: "Pending",
      participatedMembers: "Nobody",
      totalFunds: 0,
      dateAcquired: "2026-01-15",
      ...body,
    },
    "marketExchangeItem",
  );
const newBoss = (respawn = 12) =>
  created<{ id: number; name: string }>(
    "/_api/boss-names",
    { name: uniqueName("Boss"), respawn_time_hours: respawn },
    "bossName",
  );

describe("a public read answered from the data version", () => {
  it("answers 200 with an ETag that browsers revalidate, and 304 to a matching If-None-Match; all else stays no-store", async () => {
    for (const what of Object.keys(READS) as Read[]) {
      const first = await read(what);
      expect(first.status).toBe(200);
      expect(first.headers.get("cache-control")).toBe("private, no-cache");
      const etag = first.etag as string;
      for (const asked of [etag, `W/${etag}`, `"someone-else", ${etag}`]) {
        const again = await read(what, asked);
        expect({ what, asked, status: again.status, body: again.text }).toEqual({
          what,
          asked,
          status: 304,
          body: "",
        });
        expect(again.etag).toBe(etag);
        expect(again.headers.get("cache-control")).toBe("private, no-cache");
      }
      const other = await read(what, '"someone-else"');
      expect({ what, status: other.status, etag: other.etag, body: other.text }).toEqual({
        what,
        status: 200,
        etag,
        body: first.text,
      });
    }
    const others = [
      await portal.admin.get("/_api/guild-members?status=all"),
      await portal.admin.get("/_api/guild-funds"),
      await portal.anonymous.get("/_api/health"),
      await portal.admin.post("/_api/boss-names", { name: "" }),
      await portal.anonymous.get("/_api/public/nothing-here"),
      // A query string bypasses the kept copy (see cachedRead).
      await portal.anonymous.get(`${READS.roster}?fresh=1`),
    ];
    for (const res of others) {
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("etag")).toBeNull();
    }
  });

  it("answers every caller alike: a signed-in admin gets the anonymous tag and body, and a 304 to it", async () => {
    for (const what of Object.keys(READS) as Read[]) {
      const anonymous = await read(what);
      const admin = await portal.admin.get(READS[what]);
      expect({ what, etag: admin.headers.get("etag"), body: admin.text }).toEqual({
        what,
        etag: anonymous.etag,
        body: anonymous.text,
      });
      expect(
        (await portal.admin.get(READS[what], { "if-none-match": anonymous.etag as string })).status,
      ).toBe(304);
    }
  });

  it("sends a repeat read from the kept copy: the roster's table is not queried again until it changes", async () => {
    const queries: string[] = [];
    const db: Db = {
      ...portal.db,
      query<T>(sql: string, params?: readonly unknown[]) {
        queries.push(sql);
        return portal.db.query<T>(sql, params);
      },
    };
    const app = createApp({ db, config: CONFIG });
    const get = (headers: Record<string, string> = {}) => app.request(READS.roster, { headers });
    const readsRoster = () => queries.filter((sql) => /\bguild_members\b/.test(sql));

    const first = await get();
    const body = await first.text();
    expect(readsRoster()).not.toEqual([]);
    queries.length = 0;
    const again = await get();
    expect(await again.text()).toBe(body);
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
    expect((await get({ "if-none-match": first.headers.get("etag") as string })).status).toBe(304);
    expect(readsRoster()).toEqual([]);
    // Where this process owns the database the versions are known too: nothing is queried at all.
    if (portal.db.changeCount) expect(queries).toEqual([]);

    // A write that bypasses the API entirely (straight SQL on the same database) is seen all the same.
    const name = uniqueName("Straight");
    await portal.db.query("INSERT INTO guild_members (player_name, category) VALUES ($1, 'Core')", [name]);
    const after = await get();
    expect(after.headers.get("etag")).not.toBe(first.headers.get("etag"));
    expect(await after.text()).toContain(name);
    expect(readsRoster()).not.toEqual([]);
  });

  it("tags the configuration with the configuration: an app configured otherwise answers another tag", async () => {
    const mine = await read("config");
    const other = createApp({ db: portal.db, config: { ...CONFIG, brand: "Other Guild" } });
    const res = await other.request(READS.config, { headers: { "if-none-match": mine.etag as string } });
    expect(res.status).toBe(200);
    expect(res.headers.get("etag")).not.toBe(mine.etag);
    expect(await res.text()).toContain("Other Guild");
    expect((await read("config", mine.etag as string)).status).toBe(304);
  });
});

describe("every write moves the tags of the reads it changes, and only those", () => {
  it("member writes: create, rename, kick, mark paid and delete move the roster", async () => {
    let tags = await tagsNow();
    const member = await newMember();
    tags = await expectMoved(tags, ["roster"]);
    expect(await rosterNames()).toContain(member.playerName);

    const renamed = uniqueName("Renamed");
    await created("/_api/guild-member/update", { id: member.id, playerName: renamed }, "guildMember");
    tags = await expectMoved(tags, ["roster"]);
    expect(await rosterNames()).toEqual(expect.arrayContaining([renamed]));
    expect(await rosterNames()).not.toContain(member.playerName);

    await created("/_api/guild-member/kick", { id: member.id }, "guildMember");
    tags = await expectMoved(tags, ["roster"]);
    expect(await rosterNames()).not.toContain(renamed);

    // The public roster lists active members only, so its body stays; its tag moves all the same.
    await created("/_api/guild-member/mark-paid", { id: member.id }, "guildMember");
    tags = await expectMoved(tags, ["roster"]);

    const doomed = await newMember();
    tags = await expectMoved(tags, ["roster"]);
    await created("/_api/guild-member/delete", { id: doomed.id }, "success");
    await expectMoved(tags, ["roster"]);
    expect(await rosterNames()).not.toContain(doomed.playerName);
  });

  it("market writes: create, update, delete and an import move the market", async () => {
    let tags = await tagsNow();
    const item = await newItem();
    tags = await expectMoved(tags, ["market"]);
    const lootName = uniqueName("Edited");
    await created("/_api/market-exchange/update", { id: item.id, lootName }, "marketExchangeItem");
    tags = await expectMoved(tags, ["market"]);
    expect((await marketItems()).map((i) => i.lootName)).toContain(lootName);

    await created("/_api/market-exchange/delete", { id: item.id }, "success");
    tags = await expectMoved(tags, ["market"]);
    expect((await marketItems()).map((i) => i.lootName)).not.toContain(lootName);

    const imported = uniqueName("Imported");
    const res = await portal.admin.post("/_api/admin/import-market-data", {
      marketData: [{ bossName: "Gravemaw", lootName: imported, value: 50 }],
    });
    expect(res.status, JSON.stringify(res.data)).toBe(200);
    const changed = await tagsNow();
    expect(changed.market).not.toBe(tags.market);
    expect((await marketItems()).map((i) => i.lootName)).toContain(imported);
  });

  it("boss-name writes: create, rename and delete move the boss names and the timers", async () => {
    let tags = await tagsNow();
    const boss = await newBoss();
    tags = await expectMoved(tags, ["bossNames", "timers"]);
    expect(await bossNames()).toContain(boss.name);
    expect(await timerOf(boss.name)).toMatchObject({ bossName: boss.name, isActive: false });

    const renamed = uniqueName("Renamed boss");
    await created("/_api/boss-names/update", { id: boss.id, name: renamed }, "bossName");
    tags = await expectMoved(tags, ["bossNames", "timers"]);
    expect(await bossNames()).toContain(renamed);
    expect(await timerOf(boss.name)).toBeUndefined();

    await created("/_api/boss-names/update", { id: boss.id, respawn_time_hours: 30 }, "bossName");
    tags = await expectMoved(tags, ["bossNames", "timers"]);
    expect(await timerOf(renamed)).toMatchObject({ respawnTimeHours: 30 });

    await created("/_api/boss-names/delete", { id: boss.id }, "success");
    await expectMoved(tags, ["bossNames", "timers"]);
    expect(await bossNames()).not.toContain(renamed);
    expect(await timerOf(renamed)).toBeUndefined();
  });

  it("timer writes: start, restart, reset one and reset all move the timers only", async () => {
    const boss = await newBoss();
    let tags = await tagsNow();
    const res = await portal.user.post("/_api/boss-timers", { bossName: boss.name });
    expect(res.status).toBe(200);
    tags = await expectMoved(tags, ["timers"]);
    const started = await timerOf(boss.name);
    expect(started).toMatchObject({ isActive: true, status: "active" });

    // An admin's restart replaces the running timer with a later start (an earlier one would be kept out, 036).
    const later = new Date(Date.now() + 30_000);
    expect(
      (await portal.admin.post("/_api/boss-timers", { bossName: boss.name, startTime: later })).status,
    ).toBe(200);
    tags = await expectMoved(tags, ["timers"]);
    expect((await timerOf(boss.name))?.startTime).toEqual(later);

    expect((await portal.admin.post("/_api/boss-timers/delete", { bossName: boss.name })).status).toBe(200);
    tags = await expectMoved(tags, ["timers"]);
    expect(await timerOf(boss.name)).toMatchObject({ isActive: false, startTime: null });

    expect((await portal.user.post("/_api/boss-timers", { bossName: boss.name })).status).toBe(200);
    tags = await expectMoved(tags, ["timers"]);
    expect((await portal.admin.post("/_api/boss-timers/delete", {})).status).toBe(200);
    await expectMoved(tags, ["timers"]);
    expect(await timerOf(boss.name)).toMatchObject({ isActive: false, startTime: null });
  });
});

describe("the kept copy is never sent out of date", () => {
  it("the salary receipt and its summary: 304 while nothing changes; a sale moves both, a Pending item only the receipt", async () => {
    const get = async (path: string, ifNoneMatch?: string) => {
      const res = await portal.anonymous.get(path, ifNoneMatch ? { "if-none-match": ifNoneMatch } : {});
      return { ...res, etag: res.headers.get("etag") as string };
    };
    const RECEIPT = "/_api/public/salary-calculation";
    const SUMMARY = "/_api/public/salary-calculation/summary";
    const name = uniqueName("Earner");
    await created("/_api/guild-members", { playerName: name, category: "Members" }, "guildMember");
    let receipt = await get(RECEIPT);
    let summary = await get(SUMMARY);
    expect((await get(RECEIPT, receipt.etag)).status).toBe(304);
    expect((await get(SUMMARY, summary.etag)).status).toBe(304);

    const salaryOf = (data: Record<string, unknown>) =>
      (data.membersWithSalaries as { playerName: string; salary: string }[]).find(
        (m) => m.playerName === name,
      )?.salary;
    const sale = {
      bossName: "Gravemaw",
      lootName: uniqueName("Sold"),
      value: 100,
      participatedMembers: name,
    };
    await created("/_api/market-exchange", { ...sale, status: "Sold" }, "marketExchangeItem");
    for (const [path, before] of [
      [RECEIPT, receipt],
      [SUMMARY, summary],
    ] as const) {
      const after = await get(path, before.etag);
      expect({ path, status: after.status, salary: salaryOf(after.data) }).toEqual({
        path,
        status: 200,
        salary: "60.00",
      });
    }
    receipt = await get(RECEIPT);
    summary = await get(SUMMARY);

    // A Pending item feeds no salary: the summary stands; the receipt's loot names come from the market.
    await created("/_api/market-exchange", { ...sale, status: "Pending" }, "marketExchangeItem");
    expect((await get(SUMMARY, summary.etag)).status).toBe(304);
    expect((await get(RECEIPT, receipt.etag)).status).toBe(200);
  });

  it("a member rename that rewrites the loot's participants is seen by the market read", async () => {
    const member = await newMember();
    const item = await newItem({ participatedMembers: member.playerName });
    const before = await read("market");
    expect((await read("market")).etag).toBe(before.etag);
    const renamed = uniqueName("Rewritten");
    await created("/_api/guild-member/update", { id: member.id, playerName: renamed }, "guildMember");
    const after = await read("market");
    expect(after.etag).not.toBe(before.etag);
    const text = (after.data.marketExchangeItems as { id: number; participatedMembers: string }[]).find(
      (i) => i.id === item.id,
    )?.participatedMembers;
    expect(text).toBe(JSON.stringify([renamed]));
    expect((await read("market", before.etag as string)).status).toBe(200);
  });

  it("a running timer that ends is answered as expired, not from the copy or a 304 made while it ran", async () => {
    const respawnHours = 1;
    const boss = await newBoss(respawnHours);
    // Ends 2.5 seconds from now.
    const startTime = new Date(Date.now() - respawnHours * HOUR_MS + 2500);
    expect((await portal.user.post("/_api/boss-timers", { bossName: boss.name, startTime })).status).toBe(
      200,
    );
    const running = await read("timers");
    const mine = (running.data.timers as BossTimer[]).find((t) => t.bossName === boss.name);
    expect(mine).toMatchObject({ isActive: true, status: "active" });
    expect((await read("timers", running.etag as string)).status).toBe(304);
    expect((await read("timers")).text).toBe(running.text);

    const endsAt = (mine as BossTimer).endTime?.getTime() ?? 0;
    await new Promise((resolve) => setTimeout(resolve, endsAt - Date.now() + 50));

    const ended = await read("timers", running.etag as string);
    expect(ended.status).toBe(200);
    expect(ended.etag).not.toBe(running.etag);
    expect((ended.data.timers as BossTimer[]).find((t) => t.bossName === boss.name)).toMatchObject({
      isActive: false,
      status: "expired",
    });
    expect(await timerOf(boss.name)).toMatchObject({ isActive: false, status: "expired" });
    expect((await read("timers", ended.etag as string)).status).toBe(304);
  });
});
