/**
 * Check-in for a boss kill (issue 27, point 1; decision 079). An officer opens a check-in and shows its code; a
 * signed-in raider checks in as their main or one of its alts while it is open, once per kill; the officer adds or
 * removes names and closes it into an attendance record (recordRaid, the path of POST /attendance) or only closes
 * it, or cancels it. Every change is a write (audited, announced to open apps by the live feed after its commit).
 * A check-in that reaches the server after the close is refused with when it closed, never counted.
 */

import type { Context } from "hono";
import { CHECK_IN_CALLS, MY_CHECK_IN_CALLS } from "@shared/contract/check-ins.ts";
import { dateStamp } from "@shared/format/format-date.ts";
import { instantOfWallClock, wallClockAt } from "@shared/format/zoned-time.ts";
import { attendanceBossNotFound } from "@shared/schemas/attendance.ts";
import {
  alreadyOnCheckInMessage,
  CHECK_IN_MESSAGES,
  CHECK_IN_RECENT_MS,
  type CheckInAnswer,
  type CheckInDetail,
  notAnActiveMemberMessage,
} from "@shared/schemas/check-ins.ts";
import type { SessionUser } from "@shared/schemas/login.ts";
import { ApiError } from "../app/api-error.ts";
import type { AppEnv } from "../app/context.ts";
import { sendData } from "../app/respond.ts";
import { serveCalls } from "../app/serve-calls.ts";
import { type WriteTools, write } from "../app/write.ts";
import { recordRaid } from "../attendance/record-raid.ts";
import { signedInUser } from "../auth/require-role.ts";
import { findBossByName } from "../bosses/boss-names-repo.ts";
import type { Queryable } from "../db/types.ts";
import { runInBackground } from "../discord/background.ts";
import { deliverDiscordAfterCommit } from "../discord/discord-alerts.ts";
import { enqueueCheckInOpened } from "../discord/discord-store.ts";
import { outboundOf } from "../outbound/guarded-fetch.ts";
import { guildTimeZone } from "../settings/guild-time-zone.ts";
import { newCheckInCode } from "./check-in-code.ts";
import { type OpenedCheckIn, pushCheckInOpened } from "./check-in-push.ts";
import {
  type CheckInRow,
  charactersOf,
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
  readCheckIn,
} from "./check-ins-repo.ts";
import { checkInAs, oneRaiderView, raiderViews, refusalOf } from "./raider-check-in.ts";

const ENTITY = "check_in";

/** Codes drawn before giving up: with a few check-ins open among 887 million codes, a second draw is already rare. */
const CODE_DRAWS = 8;

type Caller = Pick<SessionUser, "id" | "displayName">;

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

/** The page a raider opens from the code's link: the check-in screen of the portal the officer is using. */
const checkInLink = (requestUrl: string, code: string) => `${new URL(requestUrl).origin}/check-in/${code}`;

/** After the open's commit: the push notice to the raiders' devices, when push is set up (check-in-push.ts). */
function notifyDevicesAfterCommit(c: Context<AppEnv>, checkIn: OpenedCheckIn): void {
  const config = c.get("config");
  const vapid = config.vapid;
  if (!vapid) return;
  const db = c.get("db");
  runInBackground(c, db, "Check-in notice", async () => {
    const zone = await guildTimeZone(db, config.timeZone);
    await pushCheckInOpened(db, { vapid, outbound: outboundOf(config) }, checkIn, zone);
  });
}

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
  throw new ApiError(503, CHECK_IN_MESSAGES.noFreeCode);
}

export const checkInRoutes = serveCalls(CHECK_IN_CALLS, {
  list: async (c) => sendData(c, { checkIns: await listCheckIns(c.get("db"), CHECK_IN_RECENT_MS) }),
  read: async (c) => sendData(c, await detailOf(c.get("db"), c.req.valid("query").id)),
  open: async (c) => {
    const input = c.req.valid("json");
    let toDiscord = false;
    let opened: CheckInDetail | undefined;
    const response = await write(
      c,
      async (tools) => {
        const answer = await openCheckIn(tools, input, signedInUser(c), c.req.url, () => (toDiscord = true));
        opened = answer.checkIn;
        return answer;
      },
      201,
    );
    if (toDiscord) deliverDiscordAfterCommit(c);
    if (opened) notifyDevicesAfterCommit(c, opened);
    return response;
  },
  add: (c) => {
    const { id, memberName } = c.req.valid("json");
    const caller = signedInUser(c);
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
    const caller = signedInUser(c);
    return write(c, async (tools) => {
      const row = await lockOpen(tools.tx, id);
      const names = await entryNames(tools.tx, id);
      const zone = await guildTimeZone(tools.tx, c.get("config").timeZone);
      const dateAttended = raidDayOf(row.killedAt, zone);
      let attendanceRecord = null;
      if (into === "attendance") {
        if (names.length === 0) throw new ApiError(400, CHECK_IN_MESSAGES.nobodyCheckedIn);
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
      return { checkIn, names, raidDay: dateStamp(dateAttended, zone), attendanceRecord };
    });
  },
  cancel: (c) => {
    const { id } = c.req.valid("json");
    const caller = signedInUser(c);
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
    const { id: userId } = signedInUser(c);
    const configuredZone = c.get("config").timeZone;
    const answer = await c.get("db").transaction(async (tx) => {
      await tx.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY");
      const characters = await charactersOf(tx, userId);
      const main = characters.find((one) => one.isMain);
      const rows = await listAcceptingCheckIns(tx);
      return {
        character: main ? { memberId: main.memberId, name: main.name } : null,
        characters,
        checkIns: await raiderViews(tx, rows, userId, characters, await guildTimeZone(tx, configuredZone)),
      };
    });
    return sendData(c, answer);
  },
  lookUp: async (c) => {
    const { id: userId } = signedInUser(c);
    const db = c.get("db");
    const id = await findCheckInIdByCode(db, c.req.valid("query").code);
    const row = id === undefined ? undefined : await findCheckIn(db, id);
    if (!row) throw new ApiError(404, CHECK_IN_MESSAGES.unknownCode);
    const zone = await guildTimeZone(db, c.get("config").timeZone);
    return sendData(c, await oneRaiderView(db, row, userId, zone));
  },
  checkIn: (c) => {
    const input = c.req.valid("json");
    const caller = signedInUser(c);
    return write(c, async ({ tx, audit }) => {
      const id = input.code === undefined ? input.id : await findCheckInIdByCode(tx, input.code);
      const row = id === undefined ? undefined : await lockCheckIn(tx, id, "share");
      if (!row) {
        const unknown =
          input.code === undefined ? CHECK_IN_MESSAGES.checkInNotFound : CHECK_IN_MESSAGES.unknownCode;
        throw new ApiError(404, unknown);
      }
      const zone = await guildTimeZone(tx, c.get("config").timeZone);
      const refused = refusalOf(row, zone);
      if (refused !== null) throw new ApiError(409, refused);
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
      return oneRaiderView(tx, row, caller.id, zone);
    });
  },
});
