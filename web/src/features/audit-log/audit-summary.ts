/**
 * An audit entry in one line a guild officer reads: what was done to what, by name ("Updated market item Dragon
 * Scale"), and, for the entries whose stored values are bookkeeping rather than a record's fields (a salary
 * recalculation, an import, a participant reset), a sentence instead of their JSON.
 */
import { countOf, formatCount, GLOSSARY, signedMoney } from "@shared/glossary/glossary.ts";
import { formatMoney, readMoney } from "@shared/money/money.ts";
import type { AuditLogEntry } from "@shared/schemas/audit-log.ts";

const PAST_TENSE: Readonly<Record<string, string>> = {
  create: "Added",
  update: "Updated",
  delete: "Deleted",
  kick: "Kicked",
  mark_paid: "Marked paid",
  start: "Started",
  undo_start: "Undid the start of",
  reset: "Reset",
  reset_all: "Reset all",
  no_spawn: "Moved on (didn't spawn)",
  recalculate: "Recalculated",
  recalculate_all: "Recalculated all",
  import: "Imported",
  reset_participants: "Cleared participants of",
  rewrite_participants: "Renamed in participant lists:",
  recount_raids: "Recounted raids of",
  link_character: "Linked a character to",
  approve: "Approved",
  reject: "Rejected",
  cancel: "Cancelled",
  open: "Opened",
  check_in: "Checked in to",
  add_name: "Added a name to",
  remove_name: "Removed a name from",
  close: "Closed",
};

const KIND_NAMES: Readonly<Record<string, string>> = {
  account: "account",
  guild_member: "member",
  market_item: "market item",
  attendance_record: "attendance record",
  boss_name: "boss name",
  boss_timer: "boss timer",
  boss_alert: "boss alert",
  salaries: "salaries",
  discord_settings: "Discord settings",
  character_claim: "character claim",
  check_in: "check-in",
};

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

const words = (name: string) => name.replace(/_/g, " ");

/** 'Updated market item', 'Kicked member', 'Recalculated salaries'. */
export function auditHeadline(entry: Pick<AuditLogEntry, "action" | "entity">): string {
  const verb = PAST_TENSE[entry.action] ?? words(entry.action).replace(/^./, (c) => c.toUpperCase());
  const kind = KIND_NAMES[entry.entity] ?? words(entry.entity);
  if (entry.action === "reset_all") return `Reset all ${kind}s`;
  if (entry.action === "maintenance") return `Server maintenance: ${kind}s reset`;
  return `${verb} ${kind}`;
}

/** How a fund moved: 'guild fund +320.00 USDT'; null when it did not. */
function fundMove(label: string, before: unknown, after: unknown): string | null {
  const from = typeof before === "string" ? readMoney(before) : null;
  const to = typeof after === "string" ? readMoney(after) : null;
  if (from === null || to === null || from === to) return null;
  return `${label.toLowerCase()} ${signedMoney(to - from)}`;
}

export interface SalaryMove {
  playerName: string;
  from: string;
  to: string;
}

export interface AuditSummary {
  /** One sentence: '12 salaries changed, guild fund +320.00 USDT'. */
  text: string;
  /** The salaries a recalculation moved, by name, for a list under the sentence. */
  salaries: SalaryMove[];
}

function salaryMoves(value: unknown): SalaryMove[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const r = record(item);
    if (!r || typeof r.playerName !== "string" || typeof r.from !== "string" || typeof r.to !== "string")
      return [];
    return [{ playerName: r.playerName, from: formatMoney(r.from, "usdt"), to: formatMoney(r.to, "usdt") }];
  });
}

const count = (value: unknown) => (typeof value === "number" && Number.isSafeInteger(value) ? value : null);

/**
 * The sentence of a bookkeeping entry, or null for an entry whose fields speak for themselves (a create, an
 * update, a delete), which the card shows field by field.
 */
export function auditSummary(
  entry: Pick<AuditLogEntry, "action" | "entity" | "before" | "after">,
): AuditSummary | null {
  const before = record(entry.before);
  const after = record(entry.after);
  if (entry.action === "recalculate" && after) {
    const salaries = salaryMoves(after.changedSalaries);
    const fundsBefore = record(before?.funds);
    const fundsAfter = record(after.funds);
    const parts = [
      `${countOf(salaries.length, "salary", "salaries")} changed`,
      fundMove(GLOSSARY.guildFund, fundsBefore?.reservedGuildFunds, fundsAfter?.reservedGuildFunds),
      fundMove(GLOSSARY.adminFund, fundsBefore?.adminFund, fundsAfter?.adminFund),
    ].filter((part): part is string => part !== null);
    return { text: parts.join(", "), salaries };
  }
  if (entry.action === "recalculate_all" && after) {
    const funds = record(after.funds);
    const parts = [
      `${countOf(count(after.changedSalaries) ?? 0, "salary", "salaries")} changed`,
      `${countOf(count(after.differingItems) ?? 0, "item")} distributed differently`,
    ];
    if (typeof funds?.totalGuildFund === "string")
      parts.push(`${GLOSSARY.guildFund.toLowerCase()} ${formatMoney(funds.totalGuildFund, "usdt")}`);
    if (typeof funds?.totalAdminFund === "string")
      parts.push(`${GLOSSARY.adminFund.toLowerCase()} ${formatMoney(funds.totalAdminFund, "usdt")}`);
    return { text: parts.join(", "), salaries: [] };
  }
  if (entry.action === "import" && after) {
    const inserted = count(after.insertedCount) ?? 0;
    const sold = count(after.soldCount);
    const soldPart = sold === null ? "" : `, ${formatCount(sold)} sold`;
    const text = `${countOf(inserted, "item")}${soldPart} imported`;
    return { text: text.replace(/^./, (c) => c.toUpperCase()), salaries: [] };
  }
  if (entry.action === "reset_participants") {
    const ids = Array.isArray(after?.resetItemIds) ? after.resetItemIds : [];
    return { text: `Participants cleared on ${countOf(ids.length, "item")}`, salaries: [] };
  }
  if (entry.action === "rewrite_participants" && after) {
    const items = Array.isArray(after.marketItemIds) ? after.marketItemIds.length : 0;
    const records = Array.isArray(after.attendanceRecordIds) ? after.attendanceRecordIds.length : 0;
    return {
      text: `Name rewritten in ${countOf(items, "market item")} and ${countOf(records, "attendance record")}`,
      salaries: [],
    };
  }
  if (entry.action === "maintenance" && after && Array.isArray(after.timers)) {
    const how = after.afterMaintenance === "restart" ? "restarted from" : "ready from";
    const back = typeof after.backAt === "string" ? after.backAt.slice(0, 16).replace("T", " ") : "?";
    return { text: `${countOf(after.timers.length, "timer")} ${how} ${back} UTC`, salaries: [] };
  }
  if (entry.action === "reset_all" && Array.isArray(entry.before)) {
    return { text: `${countOf(entry.before.length, "timer")} reset`, salaries: [] };
  }
  return null;
}
