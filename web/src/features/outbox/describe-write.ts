/**
 * How a queued write is named in the outbox panel: what it does and to what, from its mutation name and the
 * body it sends. Pure, so the panel's wording is tested without a browser.
 */

const ACTIONS: Readonly<Record<string, string>> = {
  startTimer: "Start timer",
  undoTimerStart: "Undo timer start",
  resetTimers: "Reset timer",
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

function field(args: unknown, key: string): string | null {
  if (typeof args !== "object" || args === null || !(key in args)) return null;
  const value = (args as Record<string, unknown>)[key];
  if (typeof value === "string" && value.trim() !== "") return value.trim();
  if (typeof value === "number" && Number.isFinite(value)) return `#${value}`;
  return null;
}

/** 'Start timer: Duskwing', 'Edit member #12', 'Reset all timers'. */
export function describeWrite(name: string, args: unknown): string {
  if (name === "resetTimers" && field(args, "bossName") === null) return "Reset all timers";
  const action = ACTIONS[name] ?? name;
  const subject =
    field(args, "playerName") ??
    field(args, "lootName") ??
    field(args, "bossName") ??
    field(args, "name") ??
    field(args, "purpose") ??
    field(args, "memberId") ??
    field(args, "id");
  if (subject === null) return action;
  return subject.startsWith("#") ? `${action} ${subject}` : `${action}: ${subject}`;
}

/** The badge's text and its spoken label; null hides it (nothing waits and nothing failed). */
export function outboxBadge(
  pendingCount: number,
  failedCount: number,
  paused: boolean,
): { text: string; label: string; tone: "waiting" | "paused" | "failed" } | null {
  if (pendingCount === 0 && failedCount === 0) return null;
  const waiting = `${pendingCount} ${pendingCount === 1 ? "change" : "changes"} waiting to sync`;
  const failed = `${failedCount} failed`;
  const parts = [pendingCount > 0 ? waiting : null, failedCount > 0 ? failed : null].filter(Boolean);
  const label = parts.join(", ") + (paused && pendingCount > 0 ? " (paused until the next login)" : "");
  const tone = failedCount > 0 ? "failed" : paused ? "paused" : "waiting";
  return { text: String(pendingCount + failedCount), label, tone };
}

export const PAUSED_TEXT =
  "Your session has expired. These changes are kept on this device and will be sent after your next login.";
