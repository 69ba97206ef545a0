/**
 * Check-in for a boss kill (issue 27, point 1; decision 079). An officer opens a check-in and shows its code; a
 * signed-in raider checks in as their main or one of its alts while it is open, once per kill; the officer adds or
 * removes names and closes it into an attendance record (recordRaid, the path of POST /attendance) or only closes
 * it, or cancels it. Every change is a write (audited, announced to open apps by the live feed after its commit).
 * A check-in that reaches the server after the close is refused with when it closed, never counted.
 */
import { CHECK_IN_CALLS, MY_CHECK_IN_CALLS } from "@shared/contract/check-ins.ts";
import { formatTime } from "@shared/format/format-date.ts";
import { instantOfWallClock, wallClockAt } from "@shared/format/zoned-time.ts";
import { attendanceBossNotFound } from "@shared/schemas/attendance.ts";
import {
  alreadyCheckedInMessage,
  alreadyOnCheckInMessage,
  CHECK_IN_MESSAGES,
  CHECK_IN_RECENT_MS,
  type CheckInAnswer,
  type CheckInDetail,
  checkInClosedMessage,
  type MyCheckInAnswer,
  type MyCheckInCharacter,
  notAnActiveMemberMessage,
  type RaiderCheckIn,
} from "@shared/schemas/check-ins.ts";
import { ApiError } from "../app/api-error.ts";
import { sendData } from "../app/respond.ts";
import { serveCalls } from "../app/serve-calls.ts";
import { type WriteTools, write } from "../app/write.ts";
import { recordRaid } from "../attendance/record-raid.ts";
import { findBossByName } from "../bosses/boss-names-repo.ts";
import type { Queryable } from "../db/types.ts";
import { deliverDiscordAfterCommit } from "../discord/discord-alerts.ts";
import { enqueueCheckInOpened } from "../discord/discord-store.ts";
import { guildTimeZone } from "../settings/guild-time-zone.ts";
import { newCheckInCode } from "./check-in-code.ts";
import {
  type CheckInRow,
  charactersOf,
  claimEntry,
  deleteEntry,
  endCheckIn,
  entryNames,
  findActiveMemberByName,
  findCheckIn,
  findCheckInIdByCode,
  insertCheckIn,
  insertEntry,
  listAcceptingCheckIns,
  listCheckIns,
  lockCheckIn,
  type OwnEntry,
  ownEntries,
  readCheckIn,
} from "./check-ins-repo.ts";

const ENTITY = "check_in";

/** Codes drawn before giving up: with a few check-ins open among 887 million codes, a second draw is already rare. */
const CODE_DRAWS = 8;

type Caller = { id: number; displayName: string };
const callerOf = (user: Caller | null): Caller => user as Caller;

async function detailOf(q: Queryable, id: number): Promise<CheckInAnswer> {
  const checkIn = await readCheckIn(q, id);
  if (!checkIn) throw new ApiError(404, CHECK_IN_MESSAGES.checkInNotFound);
  return { checkIn };
}

/** The officers' check-in, locked for a change; 404 when there is none, 409 once it is closed or cancelled. */
async function lockOpen(tx: Queryable, id: number): Promise<CheckInRow> {
  const row = await lockCheckIn(tx, id, "update");
  if (!row) throw new ApiError(404, CHECK_IN_MESSAGES.checkInNotFound);
  if (row.status !== "open") throw new ApiError(409, CHECK_IN_MESSAGES.notOpen);
  return row;
}

/**
 * The raid's day as Record a raid saves one: 12:00 on the kill's day in the guild's zone, so the record shows the
 * day the raiders saw (a kill at 01:30 is that day's raid, whatever UTC says) like the records typed in.
 */
function raidDayOf(killedAt: Date, zone: string): Date {
  const { year, month, day } = wallClockAt(killedAt.getTime(), zone);
  return new Date(instantOfWallClock({ year, month, day, hour: 12, minute: 0 }, zone));
}

/** What the audit log keeps of a check-in: enough to name it ("Duskwing, code ABC234"). */
const auditedCheckIn = (row: Pick<CheckInDetail, "bossName" | "code" | "killedAt">) => ({
  bossName: row.bossName,
  code: row.code,
  killedAt: row.killedAt,
});

/** Why a raider may not check in now (409), or null while it accepts check-ins. */
async function closedRefusal(tx: Queryable, row: CheckInRow, configuredZone: string | null | undefined) {
  if (row.status === "cancelled") return new ApiError(409, CHECK_IN_MESSAGES.cancelled);
  if (row.acceptsCheckIns) return null;
  const ended = row.endedAt && row.endedAt.getTime() < row.closesAt.getTime() ? row.endedAt : row.closesAt;
  const time = formatTime(ended, await guildTimeZone(tx, configuredZone));
  return new ApiError(409, checkInClosedMessage(row.bossName, time));
}

const raiderView = (row: CheckInRow, own: OwnEntry | undefined): RaiderCheckIn => ({
  id: row.id,
  code: row.code,
  bossName: row.bossName,
  killedAt: row.killedAt,
  closesAt: row.closesAt,
  status: row.status,
  acceptsCheckIns: row.acceptsCheckIns,
  checkedInAs: own ? { memberId: own.memberId, name: own.memberName } : null,
});

/** The check-ins as the account sees them, each with the entry that is its own. */
async function raiderViews(
  q: Queryable,
  rows: readonly CheckInRow[],
  userId: number,
  characters: readonly MyCheckInCharacter[],
): Promise<RaiderCheckIn[]> {
  const own = await ownEntries(
    q,
    rows.map((row) => row.id),
    userId,
    characters.map((character) => character.memberId),
  );
  return rows.map((row) =>
    raiderView(
      row,
      own.find((entry) => entry.checkInId === row.id),
    ),
  );
}

async function oneRaiderView(q: Queryable, row: CheckInRow, userId: number): Promise<MyCheckInAnswer> {
  const characters = await charactersOf(q, userId);
  const [checkIn] = await raiderViews(q, [row], userId, characters);
  return { checkIn: checkIn as RaiderCheckIn, characters };
}

/**
 * Puts the account on the check-in as `memberId`, or throws why not. An officer's entry of the same character
 * becomes the account's; any other entry of the account's characters means it is on already.
 */
async function checkInAs(tx: Queryable, row: CheckInRow, caller: Caller, memberId: number): Promise<string> {
  const characters = await charactersOf(tx, caller.id);
  if (characters.length === 0) throw new ApiError(400, CHECK_IN_MESSAGES.noCharacter);
  const character = characters.find((one) => one.memberId === memberId);
  if (!character) throw new ApiError(403, CHECK_IN_MESSAGES.notYourCharacter);
  const ids = characters.map((one) => one.memberId);
  // Twice at most: a request of the same account that committed meanwhile is seen on the second look.
  for (let look = 0; look < 2; look += 1) {
    const [own] = await ownEntries(tx, [row.id], caller.id, ids);
    if (own && (own.userId === caller.id || own.memberId !== memberId))
      throw new ApiError(409, alreadyCheckedInMessage(own.memberName));
    if (own) {
      if (await claimEntry(tx, row.id, memberId, caller.id)) return character.name;
    } else if (
      await insertEntry(tx, {
        checkInId: row.id,
        memberId,
        userId: caller.id,
        addedBy: caller.id,
        byOfficer: false,
      })
    )
      return character.name;
  }
  throw new ApiError(409, alreadyCheckedInMessage(character.name));
}

/** The page a raider opens from the code's link: the check-in screen of the portal the officer is using. */
const checkInLink = (requestUrl: string, code: string) => `${new URL(requestUrl).origin}/check-in/${code}`;

/** Opens a check-in under a code no open one has; queues its Discord post when a webhook is set (`posted`). */
async function openCheckIn(
  { tx, audit }: WriteTools,
  input: { bossName: string; killedAt: Date; minutes: number },
  caller: Caller,
  requestUrl: string,
  posted: () => void,
): Promise<CheckInAnswer> {
  const boss = await findBossByName(tx, input.bossName);
  if (!boss) throw new ApiError(404, attendanceBossNotFound(input.bossName));
  for (let draw = 0; draw < CODE_DRAWS; draw += 1) {
    const code = newCheckInCode();
    const id = await insertCheckIn(tx, { ...input, bossName: boss.name, code, openedBy: caller.id });
    if (id === null) continue;
    const answer = await detailOf(tx, id);
    const { closesAt } = answer.checkIn;
    const link = checkInLink(requestUrl, code);
    if (await enqueueCheckInOpened(tx, { id, bossName: boss.name, code, closesAt, link, now: new Date() }))
      posted();
    await audit({
      action: "open",
      entity: ENTITY,
      entityId: id,
      after: { ...auditedCheckIn(answer.checkIn), closesAt: answer.checkIn.closesAt },
    });
    return answer;
  }
  throw new ApiError(503, "No free check-in code was found. Try again.");
}

export const checkInRoutes = serveCalls(CHECK_IN_CALLS, {
  list: async (c) => sendData(c, { checkIns: await listCheckIns(c.get("db"), CHECK_IN_RECENT_MS) }),
  read: async (c) => sendData(c, await detailOf(c.get("db"), c.req.valid("query").id)),
  open: async (c) => {
    const input = c.req.valid("json");
    let toDiscord = false;
    const response = await write(
      c,
      (tools) => openCheckIn(tools, input, callerOf(c.get("user")), c.req.url, () => (toDiscord = true)),
      201,
    );
    if (toDiscord) deliverDiscordAfterCommit(c);
    return response;
  },
  add: (c) => {
    const { id, memberName } = c.req.valid("json");
    const caller = callerOf(c.get("user"));
    return write(c, async ({ tx, audit }) => {
      const row = await lockOpen(tx, id);
      const member = await findActiveMemberByName(tx, memberName);
      if (!member) throw new ApiError(400, notAnActiveMemberMessage(memberName));
      const input = { checkInId: id, memberId: member.id, userId: null, addedBy: caller.id, byOfficer: true };
      if (!(await insertEntry(tx, input))) throw new ApiError(409, alreadyOnCheckInMessage(member.name));
      await audit({
        action: "add_name",
        entity: ENTITY,
        entityId: id,
        after: { ...auditedCheckIn(row), memberId: member.id, memberName: member.name },
      });
      return detailOf(tx, id);
    });
  },
  remove: (c) => {
    const { id, memberId } = c.req.valid("json");
    return write(c, async ({ tx, audit }) => {
      const row = await lockOpen(tx, id);
      const memberName = await deleteEntry(tx, id, memberId);
      if (memberName === undefined) throw new ApiError(404, CHECK_IN_MESSAGES.entryNotFound);
      await audit({
        action: "remove_name",
        entity: ENTITY,
        entityId: id,
        before: { ...auditedCheckIn(row), memberId, memberName },
      });
      return detailOf(tx, id);
    });
  },
  close: (c) => {
    const { id, into } = c.req.valid("json");
    const caller = callerOf(c.get("user"));
    return write(c, async (tools) => {
      const row = await lockOpen(tools.tx, id);
      const names = await entryNames(tools.tx, id);
      let attendanceRecord = null;
      if (into === "attendance") {
        if (names.length === 0) throw new ApiError(400, CHECK_IN_MESSAGES.nobodyCheckedIn);
        const dateAttended = raidDayOf(row.killedAt, await guildTimeZone(tools.tx, c.get("config").timeZone));
        const raid = { bossName: row.bossName, dateAttended, participatedMembers: names };
        attendanceRecord = await recordRaid(tools, raid, caller.id);
      }
      await endCheckIn(tools.tx, id, "closed", caller.id, attendanceRecord?.id ?? null);
      await tools.audit({
        action: "close",
        entity: ENTITY,
        entityId: id,
        after: { ...auditedCheckIn(row), into, names, attendanceRecordId: attendanceRecord?.id ?? null },
      });
      const { checkIn } = await detailOf(tools.tx, id);
      return { checkIn, names, attendanceRecord };
    });
  },
  cancel: (c) => {
    const { id } = c.req.valid("json");
    const caller = callerOf(c.get("user"));
    return write(c, async ({ tx, audit }) => {
      const row = await lockOpen(tx, id);
      await endCheckIn(tx, id, "cancelled", caller.id, null);
      await audit({ action: "cancel", entity: ENTITY, entityId: id, after: auditedCheckIn(row) });
      return detailOf(tx, id);
    });
  },
});

export const myCheckInRoutes = serveCalls(MY_CHECK_IN_CALLS, {
  list: async (c) => {
    const { id: userId } = callerOf(c.get("user"));
    const answer = await c.get("db").transaction(async (tx) => {
      await tx.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY");
      const characters = await charactersOf(tx, userId);
      const main = characters.find((one) => one.isMain);
      const rows = await listAcceptingCheckIns(tx);
      return {
        character: main ? { memberId: main.memberId, name: main.name } : null,
        characters,
        checkIns: await raiderViews(tx, rows, userId, characters),
      };
    });
    return sendData(c, answer);
  },
  lookUp: async (c) => {
    const { id: userId } = callerOf(c.get("user"));
    const db = c.get("db");
    const id = await findCheckInIdByCode(db, c.req.valid("query").code);
    const row = id === undefined ? undefined : await findCheckIn(db, id);
    if (!row) throw new ApiError(404, CHECK_IN_MESSAGES.unknownCode);
    return sendData(c, await oneRaiderView(db, row, userId));
  },
  checkIn: (c) => {
    const input = c.req.valid("json");
    const caller = callerOf(c.get("user"));
    return write(c, async ({ tx, audit }) => {
      const id = input.code === undefined ? input.id : await findCheckInIdByCode(tx, input.code);
      const row = id === undefined ? undefined : await lockCheckIn(tx, id, "share");
      if (!row) {
        const unknown =
          input.code === undefined ? CHECK_IN_MESSAGES.checkInNotFound : CHECK_IN_MESSAGES.unknownCode;
        throw new ApiError(404, unknown);
      }
      const refused = await closedRefusal(tx, row, c.get("config").timeZone);
      if (refused) throw refused;
      const memberName = await checkInAs(tx, row, caller, input.memberId);
      await audit({
        action: "check_in",
        entity: ENTITY,
        entityId: row.id,
        after: {
          ...auditedCheckIn(row),
          memberId: input.memberId,
          memberName,
          accountName: caller.displayName,
        },
      });
      return oneRaiderView(tx, row, caller.id);
    });
  },
});
