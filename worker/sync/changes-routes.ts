/**
 * GET /_api/changes?since=<cursor> (docs/decisions/031), beside the live feed that says when to ask (033): for the collections the session may read, the rows
 * written since the cursor, the ids that left, and the next cursor; without `since` (or with one older than
 * the kept tombstones) every collection whole. One REPEATABLE READ snapshot, so the answer is consistent and
 * the cursor describes exactly what it saw.
 */

import type { Context } from "hono";
import { type AccountRole, isStaff } from "@shared/contract/roles.ts";
import { SYNC_CALLS } from "@shared/contract/sync.ts";
import {
  type ChangedCollections,
  type ChangesAnswer,
  type CollectionChanges,
  CURSOR_AUDIENCES,
  CURSOR_PATTERN,
} from "@shared/schemas/changes.ts";
import { ApiError } from "../app/api-error.ts";
import type { AppEnv } from "../app/context.ts";
import { sendData } from "../app/respond.ts";
import { serveCalls } from "../app/serve-calls.ts";
import { listAttendance } from "../attendance/attendance-repo.ts";
import { listBossNames } from "../bosses/boss-names-repo.ts";
import { listBossesWithTimers } from "../bosses/boss-timers-repo.ts";
import { toBossTimer } from "../bosses/timer-answer.ts";
import type { Queryable } from "../db/types.ts";
import { listSpending } from "../funds/fund-spending-repo.ts";
import { getGuildFunds } from "../funds/funds-repo.ts";
import { listMarketItems } from "../market/market-repo.ts";
import { listMembers } from "../members/members-repo.ts";
import { listPayouts } from "../payouts/payouts-repo.ts";
import { anyChangeSince, canServeDelta, deletedSince, pullPoint } from "./changes-repo.ts";

type Role = AccountRole | null;

const whole = <Row>(rows: Row[]): CollectionChanges<Row, never> => ({ rows, deleted: [], replace: true });

/** A collection's answer, or undefined when nothing in it changed. */
function delta<Row, Key>(rows: Row[], deleted: Key[]): CollectionChanges<Row, Key> | undefined {
  return rows.length === 0 && deleted.length === 0 ? undefined : { rows, deleted, replace: false };
}

/** The roster: officers and admins read every member; everyone else the active ones, so a member who leaves it is deleted. */
async function members(tx: Queryable, role: Role, since: string | null) {
  if (since === null) return whole(await listMembers(tx, isStaff(role) ? "all" : "active"));
  const changed = await listMembers(tx, "all", since);
  const gone = await deletedSince(tx, "members", since);
  if (isStaff(role)) return delta(changed, gone);
  const visible = changed.filter((member) => member.status === "active");
  const left = changed.filter((member) => member.status !== "active").map((member) => member.id);
  return delta(visible, [...gone, ...left]);
}

async function market(tx: Queryable, since: string | null) {
  if (since === null) return whole(await listMarketItems(tx));
  return delta(await listMarketItems(tx, since), await deletedSince(tx, "market", since));
}

async function attendance(tx: Queryable, since: string | null) {
  if (since === null) return whole(await listAttendance(tx));
  return delta(await listAttendance(tx, since), await deletedSince(tx, "attendance", since));
}

/** Boss names, timers and the funds row are a few rows each: sent whole when anything in them changed. */
async function bossNames(tx: Queryable, since: string | null) {
  if (
    since !== null &&
    !(await anyChangeSince(tx, [{ table: "boss_names", tombstones: "boss-names" }], since))
  )
    return undefined;
  return whole(await listBossNames(tx));
}

async function timers(tx: Queryable, since: string | null) {
  const tables = [
    { table: "boss_names", tombstones: "boss-names" },
    { table: "boss_timers", tombstones: "boss-timers" },
  ] as const;
  if (since !== null && !(await anyChangeSince(tx, tables, since))) return undefined;
  const now = new Date();
  return whole((await listBossesWithTimers(tx)).map((row) => toBossTimer(row, now)));
}

async function payouts(tx: Queryable, since: string | null) {
  if (since === null) return whole(await listPayouts(tx));
  return delta(await listPayouts(tx, { changedSince: since }), await deletedSince(tx, "payouts", since));
}

async function fundSpending(tx: Queryable, since: string | null) {
  if (since === null) return whole(await listSpending(tx));
  return delta(await listSpending(tx, since), await deletedSince(tx, "fund-spending", since));
}

async function funds(tx: Queryable, since: string | null) {
  if (since !== null && !(await anyChangeSince(tx, [{ table: "guild_funds" }], since))) return undefined;
  const row = await getGuildFunds(tx);
  return whole(row ? [row] : []);
}

/** The transaction a cursor stands at, if it was given to this audience. */
function cursorFor(since: string | undefined, audience: string): string | null {
  const match = since === undefined ? null : CURSOR_PATTERN.exec(since);
  return match && match[1] === audience ? (match[2] as string) : null;
}

export async function readChanges(
  tx: Queryable,
  role: Role,
  since: string | undefined,
): Promise<ChangesAnswer> {
  await tx.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY");
  const point = await pullPoint(tx);
  const audience = CURSOR_AUDIENCES[role ?? "anyone"];
  const given = cursorFor(since, audience);
  const from = given !== null && canServeDelta(given, point) ? given : null;
  const changes: ChangedCollections = {
    guildMembers: await members(tx, role, from),
    marketItems: await market(tx, from),
    bossNames: await bossNames(tx, from),
    timers: await timers(tx, from),
  };
  if (isStaff(role)) {
    changes.attendance = await attendance(tx, from);
    changes.funds = await funds(tx, from);
    changes.payouts = await payouts(tx, from);
    changes.fundSpending = await fundSpending(tx, from);
  }
  for (const key of Object.keys(changes) as (keyof ChangedCollections)[]) {
    if (changes[key] === undefined) delete changes[key];
  }
  return { cursor: `${audience}.${point.cursor}`, full: from === null, changes };
}

/** The live feed's stream; an app built without one (a test's) answers as if the call did not exist. */
function connectLive(c: Context<AppEnv>): Response | Promise<Response> {
  const live = c.get("live");
  if (!live) throw new ApiError(404, "Not found");
  return live.connect(c);
}

export const changesRoutes = serveCalls(SYNC_CALLS, {
  changes: async (c) => {
    const { since } = c.req.valid("query");
    const role = c.get("user")?.role ?? null;
    return sendData(c, await c.get("db").transaction((tx) => readChanges(tx, role, since)));
  },
  live: connectLive,
});
