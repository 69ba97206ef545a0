/**
 * Check-in for a boss kill (issue 27, point 1; decision 079), over HTTP on the real database of each driver: an
 * officer opens a check-in, raiders check in as their main or an alt, the officer's list shows them, closing makes
 * one attendance record with those names (raid counts +1); a second check-in, someone else's character, a closed or
 * cancelled check-in and an unknown code are refused with why; 20 raiders at once are all counted once; raiders and
 * visitors cannot make the officers' calls; open apps hear of each check-in.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDate, formatTime } from "@shared/format/format-date.ts";
import {
  alreadyCheckedInMessage,
  alreadyOnCheckInMessage,
  CHECK_IN_CODE_ALPHABET,
  CHECK_IN_MESSAGES,
  type CheckInClosed,
  type CheckInDetail,
  type CheckInSummary,
  checkInClosedMessage,
  type MyCheckInAnswer,
  type MyCheckIns,
  notAnActiveMemberMessage,
} from "@shared/schemas/check-ins.ts";
import {
  addRosterMember,
  auditFor,
  type Portal,
  type RaiderWithMain,
  setUpPortal,
  signInAs,
  signInRaiderWithMain,
  uniqueName,
} from "../salary/portal-test-setup.ts";
import { guildTimeZone } from "../settings/guild-time-zone.ts";
import type { TestClient } from "../test/api-client.ts";
import { openFeed } from "../test/feed-reader.ts";

const CHECK_INS = "/_api/check-ins";
const MINE = "/_api/me/check-ins";

let portal: Portal;
let officer: TestClient;
let boss: string;

beforeAll(async () => {
  portal = await setUpPortal("check-ins");
  officer = await signInAs(portal, "check-ins", "officer");
  boss = uniqueName("Duskwing ");
  expect((await portal.admin.post("/_api/boss-names", { name: boss })).status).toBe(201);
});
afterAll(async () => {
  await portal?.close();
});

const addMember = (playerName: string, mainMemberId?: number) =>
  addRosterMember(portal, playerName, { category: "Members", mainMemberId });

type Raider = RaiderWithMain;
const raider = (name: string) => signInRaiderWithMain(portal, "check-ins", name);

async function open(minutes?: number): Promise<CheckInDetail> {
  const res = await officer.post(CHECK_INS, {
    bossName: boss,
    killedAt: new Date(Date.now() - 60_000),
    minutes,
  });
  expect(res.status, res.text).toBe(201);
  return res.data.checkIn as unknown as CheckInDetail;
}

async function read(id: number): Promise<CheckInDetail> {
  const res = await officer.get(`${CHECK_INS}/one?id=${id}`);
  expect(res.status, res.text).toBe(200);
  return res.data.checkIn as unknown as CheckInDetail;
}

const checkIn = (client: TestClient, body: { code?: string; id?: number; memberId: number }) =>
  client.post(MINE, body);

async function raidCount(memberId: number): Promise<number> {
  const [row] = await portal.db.query<{ n: number }>(
    "SELECT raids_participated AS n FROM guild_members WHERE id = $1",
    [memberId],
  );
  return row?.n as number;
}

async function recordsOfBoss(): Promise<{ id: number; names: string }[]> {
  return portal.db.query<{ id: number; names: string }>(
    "SELECT id, participated_members AS names FROM attendance_records WHERE boss_name = $1 ORDER BY id",
    [boss],
  );
}

describe("a raid night's check-in", () => {
  it("opens with a 6-character code for 20 minutes, raiders check in (one as an alt), closing records the raid", async () => {
    const checkInOpened = await open();
    expect(checkInOpened.code).toMatch(new RegExp(`^[${CHECK_IN_CODE_ALPHABET}]{6}$`));
    expect(checkInOpened).toMatchObject({
      bossName: boss,
      status: "open",
      acceptsCheckIns: true,
      entries: [],
    });
    const minutesOpen = (checkInOpened.closesAt.getTime() - checkInOpened.openedAt.getTime()) / 60_000;
    expect(minutesOpen).toBe(20);

    const ash = await raider("Ashvale");
    const bram = await raider("Bramble");
    const cor = await raider("Corvus");
    const corAlt = await addMember(uniqueName("Corvlet"), cor.main.id);

    // The raider's app: the check-in is open, not yet checked in; the characters are the main, then its alts.
    const mine = (await cor.client.get(MINE)).data as unknown as MyCheckIns;
    expect(mine.character).toEqual({ memberId: cor.main.id, name: cor.main.playerName });
    expect(mine.characters).toEqual([
      { memberId: cor.main.id, name: cor.main.playerName, isMain: true },
      { memberId: corAlt.id, name: corAlt.playerName, isMain: false },
    ]);
    expect(mine.checkIns.find((one) => one.id === checkInOpened.id)).toMatchObject({
      code: checkInOpened.code,
      acceptsCheckIns: true,
      refusal: null,
      checkedInAs: null,
    });

    // By code, typed in lower case with a space; by ID from the list; as the alt the raider played.
    const byCode = await checkIn(ash.client, {
      code: `${checkInOpened.code.slice(0, 3).toLowerCase()} ${checkInOpened.code.slice(3)}`,
      memberId: ash.main.id,
    });
    expect(byCode.status, byCode.text).toBe(200);
    expect((byCode.data as unknown as MyCheckInAnswer).checkIn.checkedInAs).toEqual({
      memberId: ash.main.id,
      name: ash.main.playerName,
    });
    expect((await checkIn(bram.client, { id: checkInOpened.id, memberId: bram.main.id })).status).toBe(200);
    const asAlt = await checkIn(cor.client, { code: checkInOpened.code, memberId: corAlt.id });
    expect(asAlt.status, asAlt.text).toBe(200);

    const list = (await officer.get(CHECK_INS)).data.checkIns as unknown as CheckInSummary[];
    expect(list.find((one) => one.id === checkInOpened.id)).toMatchObject({ entryCount: 3, status: "open" });
    const detail = await read(checkInOpened.id);
    expect(detail.entries.map((entry) => [entry.memberName, entry.mainName, entry.addedBy])).toEqual([
      [ash.main.playerName, null, "raider"],
      [bram.main.playerName, null, "raider"],
      [corAlt.playerName, cor.main.playerName, "raider"],
    ]);
    expect(detail.entries[0]?.addedByName).toBe(`${ash.main.playerName}'s account`);

    const before = await recordsOfBoss();
    const closed = await officer.post(`${CHECK_INS}/close`, { id: checkInOpened.id, into: "attendance" });
    expect(closed.status, closed.text).toBe(200);
    const answer = closed.data as unknown as CheckInClosed;
    const names = [ash.main.playerName, bram.main.playerName, corAlt.playerName];
    expect(answer.names).toEqual(names);
    expect(answer.attendanceRecord?.participatedMembers).toEqual(names);
    expect(answer.checkIn).toMatchObject({
      status: "closed",
      attendanceRecordId: answer.attendanceRecord?.id,
    });
    // The kill's day in the guild's zone, saved at 12:00 there as Record a raid saves a day.
    const zone = await guildTimeZone(portal.db, null);
    const dateAttended = answer.attendanceRecord?.dateAttended as Date;
    expect(formatDate(dateAttended, zone)).toBe(formatDate(checkInOpened.killedAt, zone));
    expect(formatTime(dateAttended, zone)).toBe("12:00 PM");
    expect(answer.raidDay).toBe(dayIn(checkInOpened.killedAt, zone));

    const after = await recordsOfBoss();
    expect(after).toHaveLength(before.length + 1);
    expect(JSON.parse(after.at(-1)?.names ?? "[]")).toEqual(names);
    expect(await raidCount(ash.main.id)).toBe(1);
    expect(await raidCount(corAlt.id)).toBe(1);
    expect(await raidCount(cor.main.id)).toBe(0);
    // The record syncs as any other: the officers' attendance list has it.
    const records = (await officer.get("/_api/attendance")).data.attendanceRecords as { id: number }[];
    expect(records.map((record) => record.id)).toContain(answer.attendanceRecord?.id);

    const audit = await auditFor(portal.db, "check_in", checkInOpened.id);
    expect(audit.map((entry) => entry.action)).toEqual(["open", "check_in", "check_in", "check_in", "close"]);
    expect(audit[1]?.actorEmail).toMatch(/^check-ins-user-/);
  });

  it("closes into names only: no record, the names answered for Record a raid", async () => {
    const opened = await open(5);
    const dee = await raider("Deepwell");
    expect((await checkIn(dee.client, { id: opened.id, memberId: dee.main.id })).status).toBe(200);
    const before = await recordsOfBoss();
    const closed = await officer.post(`${CHECK_INS}/close`, { id: opened.id, into: "names" });
    expect(closed.status, closed.text).toBe(200);
    expect(closed.data).toMatchObject({ names: [dee.main.playerName], attendanceRecord: null });
    // Record a raid opens on the kill's day in the guild's zone, whatever the officer's device says.
    const zone = await guildTimeZone(portal.db, null);
    expect((closed.data as unknown as CheckInClosed).raidDay).toBe(dayIn(opened.killedAt, zone));
    expect(await recordsOfBoss()).toEqual(before);
    expect(await raidCount(dee.main.id)).toBe(0);
  });
});

/** YYYY-MM-DD of `at` in `zone`. */
const dayIn = (at: Date | string, zone: string) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(at));

describe("what a raider is refused, with why", () => {
  it("a second check-in for the same kill, as the same character or another of theirs", async () => {
    const opened = await open();
    const ely = await raider("Elyra");
    const alt = await addMember(uniqueName("Elylet"), ely.main.id);
    expect((await checkIn(ely.client, { id: opened.id, memberId: ely.main.id })).status).toBe(200);
    for (const memberId of [ely.main.id, alt.id]) {
      const again = await checkIn(ely.client, { code: opened.code, memberId });
      expect(again.status).toBe(409);
      expect(again.data.error).toBe(alreadyCheckedInMessage(ely.main.playerName));
    }
    expect((await read(opened.id)).entries).toHaveLength(1);
    const mine = (await ely.client.get(MINE)).data as unknown as MyCheckIns;
    expect(mine.checkIns.find((one) => one.id === opened.id)?.checkedInAs?.name).toBe(ely.main.playerName);
  });

  it("someone else's character, and an account with no character yet", async () => {
    const opened = await open();
    const fen = await raider("Fennick");
    const other = await raider("Gorse");
    const notMine = await checkIn(fen.client, { id: opened.id, memberId: other.main.id });
    expect(notMine.status).toBe(403);
    expect(notMine.data.error).toBe(CHECK_IN_MESSAGES.notYourCharacter);

    // portal.user has no character linked.
    const unlinked = await checkIn(portal.user, { id: opened.id, memberId: other.main.id });
    expect(unlinked.status).toBe(400);
    expect(unlinked.data.error).toBe(CHECK_IN_MESSAGES.noCharacter);
    expect((await portal.user.get(MINE)).data).toMatchObject({ character: null, characters: [] });
    expect((await read(opened.id)).entries).toEqual([]);
  });

  it("after the officer closed it, after its time ran out, once cancelled; an unknown code", async () => {
    const hal = await raider("Halden");
    const closedEarly = await open();
    expect((await officer.post(`${CHECK_INS}/close`, { id: closedEarly.id, into: "names" })).status).toBe(
      200,
    );
    const ended = (await read(closedEarly.id)).endedAt as Date;
    const late = await checkIn(hal.client, { code: closedEarly.code, memberId: hal.main.id });
    expect(late.status).toBe(409);
    expect(late.data.error).toBe(
      checkInClosedMessage(boss, formatTime(ended, await guildTimeZone(portal.db, null))),
    );
    // The page of the code says so before the raider taps.
    const page = await hal.client.get(`${MINE}/code?code=${closedEarly.code}`);
    expect((page.data as unknown as MyCheckInAnswer).checkIn).toMatchObject({
      status: "closed",
      acceptsCheckIns: false,
      refusal: late.data.error,
      checkedInAs: null,
    });

    // Its 20 minutes ran out: the request that reaches the server now is refused, never counted.
    const ranOut = await open();
    await portal.db.query(
      `UPDATE check_ins SET opened_at = now() - interval '30 minutes', closes_at = now() - interval '10 minutes'
        WHERE id = $1`,
      [ranOut.id],
    );
    const closesAt = (await read(ranOut.id)).closesAt;
    const tooLate = await checkIn(hal.client, { id: ranOut.id, memberId: hal.main.id });
    expect(tooLate.status).toBe(409);
    expect(tooLate.data.error).toBe(
      checkInClosedMessage(boss, formatTime(closesAt, await guildTimeZone(portal.db, null))),
    );
    expect(await read(ranOut.id)).toMatchObject({ status: "open", acceptsCheckIns: false, entries: [] });
    const mine = (await hal.client.get(MINE)).data as unknown as MyCheckIns;
    expect(mine.checkIns.map((one) => one.id)).not.toContain(ranOut.id);

    const cancelled = await open();
    expect((await officer.post(`${CHECK_INS}/cancel`, { id: cancelled.id })).status).toBe(200);
    const refused = await checkIn(hal.client, { code: cancelled.code, memberId: hal.main.id });
    expect(refused.status).toBe(409);
    expect(refused.data.error).toBe(CHECK_IN_MESSAGES.cancelled);
    const looked = await hal.client.get(`${MINE}/code?code=${cancelled.code}`);
    expect(looked.status).toBe(200);
    expect((looked.data as unknown as MyCheckInAnswer).checkIn).toMatchObject({
      status: "cancelled",
      refusal: CHECK_IN_MESSAGES.cancelled,
    });

    const unknownCode = "ZZZZZZ" === closedEarly.code ? "YYYYYY" : "ZZZZZZ";
    const unknown = await checkIn(hal.client, { code: unknownCode, memberId: hal.main.id });
    expect(unknown.status).toBe(404);
    expect(unknown.data.error).toBe(CHECK_IN_MESSAGES.unknownCode);
    const lookUp = await hal.client.get(`${MINE}/code?code=${unknownCode}`);
    expect(lookUp.status).toBe(404);
    expect(lookUp.data.error).toBe(CHECK_IN_MESSAGES.unknownCode);
  });

  it("bad input: a malformed code, both code and ID, minutes out of range, an old kill", async () => {
    const ivo = await raider("Ivory");
    const malformed = await checkIn(ivo.client, { code: "AB0", memberId: ivo.main.id });
    expect(malformed).toMatchObject({ status: 400, data: { error: CHECK_IN_MESSAGES.code } });
    const both = await checkIn(ivo.client, { code: "ABCDEF", id: 1, memberId: ivo.main.id });
    expect(both).toMatchObject({ status: 400, data: { error: CHECK_IN_MESSAGES.codeOrId } });
    const killedAt = new Date();
    for (const minutes of [4, 181, 20.5]) {
      const res = await officer.post(CHECK_INS, { bossName: boss, killedAt, minutes });
      expect(res).toMatchObject({ status: 400, data: { error: CHECK_IN_MESSAGES.minutes } });
    }
    const old = await officer.post(CHECK_INS, {
      bossName: boss,
      killedAt: new Date(Date.now() - 25 * 3_600_000),
    });
    expect(old).toMatchObject({ status: 400, data: { error: CHECK_IN_MESSAGES.killTooOld } });
    const noBoss = await officer.post(CHECK_INS, { bossName: "No Such Boss", killedAt });
    expect(noBoss).toMatchObject({ status: 404, data: { error: 'Boss "No Such Boss" not found.' } });
  });
});

describe("the officer corrects the list", () => {
  it("adds by name (any case), refuses a name twice or off the roster, removes; a raider the officer added checks in", async () => {
    const opened = await open();
    const jun = await raider("Juniper");
    const kit = await raider("Kitswell");
    const added = await officer.post(`${CHECK_INS}/add`, {
      id: opened.id,
      memberName: jun.main.playerName.toUpperCase(),
    });
    expect(added.status, added.text).toBe(200);
    expect((added.data.checkIn as unknown as CheckInDetail).entries).toMatchObject([
      { memberName: jun.main.playerName, addedBy: "officer" },
    ]);
    const twice = await officer.post(`${CHECK_INS}/add`, { id: opened.id, memberName: jun.main.playerName });
    expect(twice).toMatchObject({
      status: 409,
      data: { error: alreadyOnCheckInMessage(jun.main.playerName) },
    });
    const stranger = await officer.post(`${CHECK_INS}/add`, { id: opened.id, memberName: "Nobody Here" });
    expect(stranger).toMatchObject({ status: 400, data: { error: notAnActiveMemberMessage("Nobody Here") } });

    // Juniper checks in too: counted once, and the app says so.
    const own = await checkIn(jun.client, { id: opened.id, memberId: jun.main.id });
    expect(own.status, own.text).toBe(200);
    expect((own.data as unknown as MyCheckInAnswer).checkIn.checkedInAs?.name).toBe(jun.main.playerName);
    expect((await checkIn(jun.client, { id: opened.id, memberId: jun.main.id })).status).toBe(409);

    expect((await checkIn(kit.client, { id: opened.id, memberId: kit.main.id })).status).toBe(200);
    const removed = await officer.post(`${CHECK_INS}/remove`, { id: opened.id, memberId: kit.main.id });
    expect(removed.status, removed.text).toBe(200);
    expect(
      (removed.data.checkIn as unknown as CheckInDetail).entries.map((entry) => entry.memberName),
    ).toEqual([jun.main.playerName]);
    const gone = await officer.post(`${CHECK_INS}/remove`, { id: opened.id, memberId: kit.main.id });
    expect(gone).toMatchObject({ status: 404, data: { error: CHECK_IN_MESSAGES.entryNotFound } });

    expect((await officer.post(`${CHECK_INS}/cancel`, { id: opened.id })).status).toBe(200);
    const afterCancel = await officer.post(`${CHECK_INS}/add`, {
      id: opened.id,
      memberName: kit.main.playerName,
    });
    expect(afterCancel).toMatchObject({ status: 409, data: { error: CHECK_IN_MESSAGES.notOpen } });
    const closeCancelled = await officer.post(`${CHECK_INS}/close`, { id: opened.id, into: "attendance" });
    expect(closeCancelled).toMatchObject({ status: 409, data: { error: CHECK_IN_MESSAGES.notOpen } });
    const audit = await auditFor(portal.db, "check_in", opened.id);
    expect(audit.map((entry) => entry.action)).toEqual([
      "open",
      "add_name",
      "check_in",
      "check_in",
      "remove_name",
      "cancel",
    ]);
  });

  it("refuses to close an empty check-in into a record", async () => {
    const opened = await open();
    const empty = await officer.post(`${CHECK_INS}/close`, { id: opened.id, into: "attendance" });
    expect(empty).toMatchObject({ status: 400, data: { error: CHECK_IN_MESSAGES.nobodyCheckedIn } });
    expect((await read(opened.id)).status).toBe("open");
  });
});

describe("at once and live", () => {
  it("20 raiders checking in at once are all counted once; a double tap is counted once", async () => {
    const opened = await open();
    const raiders: Raider[] = [];
    for (let i = 0; i < 20; i += 1) raiders.push(await raider("Horde"));
    const [first] = raiders as [Raider];
    const answers = await Promise.all([
      ...raiders.map((one) => checkIn(one.client, { code: opened.code, memberId: one.main.id })),
      checkIn(first.client, { code: opened.code, memberId: first.main.id }),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses, answers.map((answer) => answer.text).join("\n")).toEqual([...Array(20).fill(200), 409]);
    const detail = await read(opened.id);
    expect(detail.entries.map((entry) => entry.memberId).sort((a, b) => a - b)).toEqual(
      raiders.map((one) => one.main.id).sort((a, b) => a - b),
    );
    const closed = await officer.post(`${CHECK_INS}/close`, { id: opened.id, into: "attendance" });
    expect((closed.data as unknown as CheckInClosed).attendanceRecord?.participatedMembers).toHaveLength(20);
    for (const one of raiders) expect(await raidCount(one.main.id)).toBe(1);
  });

  it("tells open apps, a raider's and the officer's, of an opened check-in and of each check-in", async () => {
    const lin = await raider("Linden");
    const raiderFeed = await openFeed(lin.client, portal.app);
    const officerFeed = await openFeed(officer, portal.app);
    try {
      expect(await raiderFeed.next()).toEqual({ type: "ready" });
      expect(await officerFeed.next()).toEqual({ type: "ready" });
      const opened = await open();
      expect(await raiderFeed.next(2_000)).toEqual({ type: "changed", collections: ["check-ins"] });
      expect(await officerFeed.next(2_000)).toEqual({ type: "changed", collections: ["check-ins"] });
      const started = Date.now();
      expect((await checkIn(lin.client, { id: opened.id, memberId: lin.main.id })).status).toBe(200);
      expect(await officerFeed.next(2_000)).toEqual({ type: "changed", collections: ["check-ins"] });
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await raiderFeed.close();
      await officerFeed.close();
    }
  });
});

describe("roles", () => {
  it("refuses the officers' calls to raiders (403) and visitors (401), and a raider's to visitors", async () => {
    const opened = await open();
    const calls: [string, string, unknown?][] = [
      ["GET", CHECK_INS],
      ["GET", `${CHECK_INS}/one?id=${opened.id}`],
      ["POST", CHECK_INS, { bossName: boss, killedAt: new Date() }],
      ["POST", `${CHECK_INS}/add`, { id: opened.id, memberName: "Anyone" }],
      ["POST", `${CHECK_INS}/remove`, { id: opened.id, memberId: 1 }],
      ["POST", `${CHECK_INS}/close`, { id: opened.id, into: "attendance" }],
      ["POST", `${CHECK_INS}/cancel`, { id: opened.id }],
    ];
    for (const [method, path, body] of calls) {
      expect((await portal.user.call(method, path, body)).status, `${method} ${path}`).toBe(403);
      expect((await portal.anonymous.call(method, path, body)).status, `${method} ${path}`).toBe(401);
    }
    expect((await portal.anonymous.get(MINE)).status).toBe(401);
    expect((await portal.anonymous.post(MINE, { id: opened.id, memberId: 1 })).status).toBe(401);
    expect((await read(opened.id)).status).toBe("open");
  });
});
