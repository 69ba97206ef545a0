/**
 * How a queued write is named in the outbox panel and on the member and payout screens: what it does and to
 * what, from its mutation name, the body it sends and the names this device knows. Pure, so the wording is tested
 * without a browser.
 */
import { formatMoney } from "@shared/money/money.ts";
import { changesWaiting } from "@web/lib/sync-words.ts";

const ACTIONS: Readonly<Record<string, string>> = {
  startTimer: "Start timer",
  undoTimerStart: "Undo timer start",
  resetTimers: "Reset timer",
  noSpawn: "Didn't spawn",
  createMember: "Add member",
  updateMember: "Edit member",
  deleteMember: "Delete member",
  kickMember: "Kick member",
  markMemberPaid: "Mark member paid",
  createMarketItem: "Add loot",
  updateMarketItem: "Edit loot",
  deleteMarketItem: "Delete loot",
  createAttendance: "Add attendance record",
  updateAttendance: "Edit attendance record",
  deleteAttendance: "Delete attendance record",
  createBossName: "Add boss name",
  updateBossName: "Edit boss name",
  deleteBossName: "Delete boss name",
  createPayout: "Pay member",
  deletePayout: "Void payout",
  createSpending: "Record fund spending",
  deleteSpending: "Remove fund spending",
};

/** What the screens say for a member no longer on this device's roster, when nothing names them (decision 058). */
export const GONE_NOTE = "no longer on the roster";
export const GONE_MEMBER = `a member ${GONE_NOTE}`;

/** What this device knows of members' names. */
export interface DeviceNames {
  /** The roster on this device. */
  members?: readonly { id: number; playerName: string }[] | undefined;
  /** The payouts on this device: each keeps the name its member had when paid (decision 049). */
  payouts?: readonly { memberId: number | null; memberName: string; createdAt?: Date | string }[] | undefined;
}

/** A queued write as the descriptions read it. */
export interface DescribedWrite {
  name: string;
  args: unknown;
  /** A refused update's conflict: its subject names the row (decision 038). */
  conflict?: { entity: string; subject: string } | undefined;
}

function value(args: unknown, key: string): unknown {
  return typeof args === "object" && args !== null ? (args as Record<string, unknown>)[key] : undefined;
}

function text(args: unknown, key: string): string | null {
  const v = value(args, key);
  return typeof v === "string" && v.trim() !== "" ? v.trim() : null;
}

function idOf(args: unknown, key: string): number | null {
  const v = value(args, key);
  return typeof v === "number" && Number.isInteger(v) ? v : null;
}

/** The name a member write carries itself: the one its update was based on, the one it sets, its conflict's. */
function carriedName(write: DescribedWrite): string | null {
  const conflict = write.conflict?.entity === "guild_member" ? write.conflict.subject : null;
  return text(value(write.args, "base"), "playerName") ?? text(write.args, "playerName") ?? conflict;
}

/** The time a payout was recorded, for picking the newest; 0 when unknown. */
function recordedAt(createdAt: Date | string | undefined): number {
  const time = createdAt === undefined ? Number.NaN : new Date(createdAt).getTime();
  return Number.isNaN(time) ? 0 : time;
}

/**
 * A member as the screens name them, never by id: the roster's name; for a member gone from this device, the
 * name `carried` by the write itself, else the name of the newest payout to them on this device; null when none
 * has it.
 */
export function memberName(
  id: number | null | undefined,
  device: DeviceNames,
  carried: string | null = null,
): string | null {
  if (id === null || id === undefined) return carried;
  const onRoster = device.members?.find((m) => m.id === id)?.playerName;
  if (onRoster !== undefined) return onRoster;
  if (carried !== null) return carried;
  let newest: { memberName: string; at: number } | null = null;
  for (const payout of device.payouts ?? []) {
    if (payout.memberId !== id) continue;
    const at = recordedAt(payout.createdAt);
    if (newest === null || at >= newest.at) newest = { memberName: payout.memberName, at };
  }
  return newest?.memberName ?? null;
}

/** The member a write is for: its `id`, or the `memberId` of a payout. */
const MEMBER_OF: Readonly<Record<string, "id" | "memberId">> = {
  updateMember: "id",
  deleteMember: "id",
  kickMember: "id",
  markMemberPaid: "id",
  createPayout: "memberId",
};

/** The member a member or payout write is for, named (GONE_MEMBER when nothing on this device names them). */
function writeMember(write: DescribedWrite, device: DeviceNames): string {
  const key = MEMBER_OF[write.name];
  const id = key === undefined ? null : idOf(write.args, key);
  return memberName(id, device, carriedName(write)) ?? GONE_MEMBER;
}

/**
 * How the member and payout screens list a refused write: "Adding Aldric", "Paying 5.00 USDT to Aldric",
 * "Marking a member no longer on the roster as paid".
 */
export function describeMemberWrite(write: DescribedWrite, device: DeviceNames): string {
  switch (write.name) {
    case "createMember":
      return `Adding ${text(write.args, "playerName") ?? "a member"}`;
    case "updateMember":
      return `Updating ${writeMember(write, device)}`;
    case "deleteMember":
      return `Deleting ${writeMember(write, device)}`;
    case "kickMember":
      return `Kicking ${writeMember(write, device)}`;
    case "createPayout": {
      const amount = value(write.args, "amount");
      const paying = typeof amount === "string" ? `Paying ${formatMoney(amount, "usdt")}` : "Paying";
      return `${paying} to ${writeMember(write, device)}`;
    }
    case "deletePayout":
      return "Voiding a payout";
    default:
      return `Marking ${writeMember(write, device)} as paid`;
  }
}

/**
 * The outbox panel's name of a write: 'Start timer: Duskwing', 'Pay member: Aldric', 'Reset all timers'. Rows are
 * named as the screens name them, never by id (decision 058): a member by `device`'s names, or "(no longer on
 * the roster)"; a row the body does not name, by the action alone.
 */
export function describeWrite(name: string, args: unknown, device: DeviceNames = {}): string {
  if (name === "resetTimers" && text(args, "bossName") === null) return "Reset all timers";
  const action = ACTIONS[name] ?? name;
  const key = MEMBER_OF[name];
  const id = key === undefined ? null : idOf(args, key);
  if (id !== null) {
    const who = memberName(id, device, carriedName({ name, args }));
    return who === null ? `${action} (${GONE_NOTE})` : `${action}: ${who}`;
  }
  const subject =
    text(args, "playerName") ??
    text(args, "lootName") ??
    text(args, "bossName") ??
    text(args, "name") ??
    text(args, "purpose");
  return subject === null ? action : `${action}: ${subject}`;
}

/** The badge's text and its spoken label; null hides it (nothing waits and nothing failed). */
export function outboxBadge(
  pendingCount: number,
  failedCount: number,
  paused: boolean,
): { text: string; label: string; tone: "waiting" | "paused" | "failed" } | null {
  if (pendingCount === 0 && failedCount === 0) return null;
  const waiting = changesWaiting(pendingCount);
  const failed = `${failedCount} failed`;
  const parts = [pendingCount > 0 ? waiting : null, failedCount > 0 ? failed : null].filter(Boolean);
  const label = parts.join(", ") + (paused && pendingCount > 0 ? " (paused until the next login)" : "");
  const tone = failedCount > 0 ? "failed" : paused ? "paused" : "waiting";
  return { text: String(pendingCount + failedCount), label, tone };
}

export const PAUSED_TEXT =
  "Your session has expired. These changes are kept on this device and will be sent after your next login.";
