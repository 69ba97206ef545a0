/**
 * The audit log's entries as a person reads them: what kind of thing changed, what was done, and, field by
 * field, the value before and after (only the fields that changed on an update).
 */
import { formatDate, formatDateTime } from "@shared/format/format-date.ts";
import { formatMoney } from "@shared/money/money.ts";

/** The entity filter's choices: every entity the server records. */
export const AUDIT_ENTITIES = [
  { value: "account", label: "Accounts" },
  { value: "guild_member", label: "Guild members" },
  { value: "market_item", label: "Market items" },
  { value: "attendance_record", label: "Attendance records" },
  { value: "boss_name", label: "Boss names" },
  { value: "boss_timer", label: "Boss timers" },
  { value: "salaries", label: "Salaries" },
  { value: "payout", label: "Payouts" },
  { value: "fund_spending", label: "Fund spending" },
  { value: "backup", label: "Backups" },
] as const;

const ENTITY_NAMES: Readonly<Record<string, string>> = {
  account: "Account",
  guild_member: "Guild member",
  market_item: "Market item",
  attendance_record: "Attendance record",
  boss_name: "Boss name",
  boss_timer: "Boss timer",
  salaries: "Salaries",
  payout: "Payout",
  fund_spending: "Fund spending",
  backup: "Backup",
};

/** 'guild_member' -> 'Guild member'; unknown names are made readable the same way. */
export function entityLabel(entity: string): string {
  return ENTITY_NAMES[entity] ?? humanize(entity);
}

/** 'mark_paid' -> 'Mark paid', 'create' -> 'Create'. */
export function actionLabel(action: string): string {
  return humanize(action);
}

function humanize(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** 'playerName' -> 'Player name'. */
export function fieldLabel(field: string): string {
  return humanize(field);
}

const MAX_VALUE_LENGTH = 200;

/** Fields that hold an amount: shown grouped, with two decimals and the currency. */
export const MONEY_FIELDS: ReadonlySet<string> = new Set([
  "value",
  "totalFunds",
  "salary",
  "finalSalaryAmount",
  "reservedGuildFunds",
  "adminFund",
  "totalAdminFund",
  "totalGuildFund",
  "amount",
  "from",
  "to",
]);

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A stored value as text: amounts of a money field as '1,425.00 USDT', calendar days and instants in the app's
 * date format, other strings as they are, nothing as an em dash, lists of names joined with commas, other lists
 * and objects as compact JSON.
 */
export function formatAuditValue(value: unknown, timeZone?: string | null, field?: string): string {
  if (value === undefined || value === null || value === "") return "—";
  if (
    field !== undefined &&
    MONEY_FIELDS.has(field) &&
    (typeof value === "string" || typeof value === "number")
  ) {
    // Stored amounts are decimal text ('1425.00'); a number here is an amount too, not cents.
    const money = formatMoney(typeof value === "number" ? String(value) : value, "usdt");
    if (money !== "N/A") return money;
  }
  if (field === "participatedMembers" && typeof value === "string" && value.startsWith("[")) {
    try {
      return formatAuditValue(JSON.parse(value), timeZone);
    } catch {
      return value;
    }
  }
  if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === "string")) {
    const names = value.join(", ");
    return names.length > MAX_VALUE_LENGTH ? `${names.slice(0, MAX_VALUE_LENGTH)}…` : names;
  }
  if (typeof value === "string") {
    if (DATE_ONLY.test(value)) return formatDate(value);
    if (!ISO_INSTANT.test(value)) return value;
    const instant = new Date(value);
    return Number.isNaN(instant.getTime()) ? value : formatDateTime(instant, timeZone);
  }
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint")
    return String(value);
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? "Invalid Date" : formatDateTime(value, timeZone);
  const json = JSON.stringify(value);
  return json.length > MAX_VALUE_LENGTH ? `${json.slice(0, MAX_VALUE_LENGTH)}…` : json;
}

export interface FieldChange {
  field: string;
  label: string;
  before: string | null;
  after: string | null;
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Fields that name the thing come first; the rest keep the stored order. */
const LEADING_FIELDS = ["playerName", "lootName", "name", "bossName", "displayName", "email", "role"];

/** Bookkeeping fields the entry itself says better: its time, and its item's id (the History button). */
const HIDDEN_FIELDS: ReadonlySet<string> = new Set(["id", "createdAt", "updatedAt"]);

const isEmpty = (value: unknown) => value === undefined || value === null || value === "";

/**
 * The fields to show for an entry (never its id and timestamps): on an update, only those whose value changed; on a create, every filled
 * field of the new value (before is null); on a delete, every filled field of the old one (after is null).
 * A value that is not an object (a list, a number) is one row named 'Value'.
 */
export function auditChanges(before: unknown, after: unknown, timeZone?: string | null): FieldChange[] {
  const hasBefore = before !== null && before !== undefined;
  const hasAfter = after !== null && after !== undefined;
  if (!hasBefore && !hasAfter) return [];
  const b = asRecord(before);
  const a = asRecord(after);
  if ((hasBefore && !b) || (hasAfter && !a)) {
    if (same(before, after)) return [];
    return [
      {
        field: "value",
        label: "Value",
        before: hasBefore ? formatAuditValue(before, timeZone) : null,
        after: hasAfter ? formatAuditValue(after, timeZone) : null,
      },
    ];
  }
  const stored = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  const fields = [
    ...LEADING_FIELDS.filter((field) => stored.includes(field)),
    ...stored.filter((field) => !LEADING_FIELDS.includes(field)),
  ];
  const changes: FieldChange[] = [];
  for (const field of fields) {
    if (HIDDEN_FIELDS.has(field)) continue;
    const old = b?.[field];
    const now = a?.[field];
    if (b && a && same(old, now)) continue;
    if (!(b && a) && isEmpty(old) && isEmpty(now)) continue;
    changes.push({
      field,
      label: fieldLabel(field),
      before: b ? formatAuditValue(old, timeZone, field) : null,
      after: a ? formatAuditValue(now, timeZone, field) : null,
    });
  }
  return changes;
}
