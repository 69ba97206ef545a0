/**
 * Record a raid (decision 045): one boss, one day and one list of participants, then any number of loot items
 * from that raid. The form is checked as a whole with the rules the two forms it replaces already use (the
 * attendance form's rules and the shared market schema, its value read by the one money input rule), and
 * comes out as the arguments of the existing createAttendance and createMarketItem writes: one attendance record
 * and one item per loot row, so no server change is needed.
 */
import { moneyText } from "@shared/money/money.ts";
import { parseParticipantNames } from "@shared/participants/parse-participants.ts";
import type { CreateAttendanceInput } from "@shared/schemas/attendance.ts";
import { checkForm } from "@shared/schemas/form-errors.ts";
import { createMarketItemSchema, type LootStatus } from "@shared/schemas/market.ts";
import type { commands } from "@web/data/lazy-data-layer.ts";
import { checkAttendanceForm } from "@web/lib/attendance-form.ts";

type CreateMarketItemArgs = Parameters<typeof commands.createMarketItem>[0];

export interface LootDraft {
  /** A key for React and for the item's messages; not sent. */
  key: string;
  lootName: string;
  /** Decimal text as typed. */
  value: string;
  status: LootStatus;
  /** Null: the raid's participants (followed as they change); a list once edited for this item. */
  participants: string[] | null;
}

export interface RaidDraft {
  bossName: string;
  /** 'YYYY-MM-DD' */
  date: string;
  participants: string[];
  items: LootDraft[];
}

export type LootField = "lootName" | "value" | "status" | "participatedMembers";
export type LootErrors = Partial<Record<LootField, string>>;

export type RaidCheck =
  | { ok: true; attendance: CreateAttendanceInput; items: CreateMarketItemArgs[] }
  | {
      ok: false;
      /** The message about the raid (boss, date, participants), as the attendance form gives it. */
      message?: string;
      dateError?: string;
      /** Each loot row's messages, by its key, as the loot form gives them. */
      itemErrors: Record<string, LootErrors>;
    };

export function emptyLoot(key: string): LootDraft {
  return { key, lootName: "", value: "", status: "Pending", participants: null };
}

/** A raid on `day` with nothing chosen yet. */
export function emptyRaid(day: string): RaidDraft {
  return { bossName: "", date: day, participants: [], items: [] };
}

/** An item's participants: its own list once edited, else the raid's. */
export function lootParticipants(item: LootDraft, raid: readonly string[]): string[] {
  return item.participants ?? [...raid];
}

/** The loot row's messages, from the shared market schema ('Loot name is required', ...: docs/product.md#record-a-raid). */
export function checkLoot(
  item: LootDraft,
  raid: { bossName: string; date: string; participants: readonly string[] },
): { errors: LootErrors; args: CreateMarketItemArgs | null } {
  const result = checkForm(
    createMarketItemSchema,
    {
      lootName: item.lootName,
      bossName: raid.bossName,
      value: item.value,
      status: item.status,
      participatedMembers: lootParticipants(item, raid.participants),
      totalFunds: "0",
      dateAcquired: raid.date === "" ? null : raid.date,
    },
    ["value"],
  );
  if (!result.ok) return { errors: result.errors, args: null };
  const data = result.data;
  return {
    errors: {},
    args: {
      lootName: data.lootName,
      bossName: data.bossName,
      value: moneyText(data.value),
      status: data.status,
      participatedMembers: parseParticipantNames(data.participatedMembers),
      totalFunds: moneyText(data.totalFunds),
      dateAcquired: data.dateAcquired,
    },
  };
}

/**
 * Checks the whole raid: the attendance part with the attendance form's rules against `activeNames`, each loot
 * row with the market schema, its boss and day the raid's. Every message is found at once, so one submit shows
 * everything that needs fixing.
 */
export function checkRaid(draft: RaidDraft, activeNames: readonly string[], now: Date): RaidCheck {
  const attendance = checkAttendanceForm(
    "add",
    { bossName: draft.bossName, date: draft.date, participants: draft.participants },
    activeNames,
    now,
  );
  const raid = {
    bossName: attendance.ok ? attendance.bossName : draft.bossName,
    date: draft.date,
    participants: attendance.ok ? attendance.participatedMembers : draft.participants,
  };
  const itemErrors: Record<string, LootErrors> = {};
  const items: CreateMarketItemArgs[] = [];
  for (const item of draft.items) {
    const { errors, args } = checkLoot(item, raid);
    // The boss and the day are the raid's: their messages are the raid's message.
    const { lootName, value, status, participatedMembers } = errors;
    const own = Object.fromEntries(
      Object.entries({ lootName, value, status, participatedMembers }).filter(([, v]) => v !== undefined),
    ) as LootErrors;
    if (Object.keys(own).length > 0) itemErrors[item.key] = own;
    if (args) items.push(args);
  }
  if (!attendance.ok || Object.keys(itemErrors).length > 0 || items.length !== draft.items.length) {
    return {
      ok: false,
      message: attendance.ok ? undefined : attendance.message,
      dateError: attendance.ok ? undefined : attendance.dateError,
      itemErrors,
    };
  }
  return {
    ok: true,
    attendance: {
      bossName: attendance.bossName,
      dateAttended: attendance.dateAttended,
      participatedMembers: attendance.participatedMembers,
    },
    items,
  };
}

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** The toast once everything is queued: what was recorded. */
export function raidRecordedMessage(bossName: string, participants: number, items: number): string {
  const loot = items === 0 ? "no loot" : count(items, "loot item", "loot items");
  return `Raid recorded: ${bossName}, ${count(participants, "participant", "participants")}, ${loot}.`;
}

/** The submit button's text. */
export function submitLabel(items: number): string {
  return items === 0 ? "Record raid" : `Record raid and ${count(items, "loot item", "loot items")}`;
}

export const RAID_FAILED = "Failed to record the raid.";
/** The form's message when only loot rows need fixing (each row shows its own). */
export const LOOT_NEEDS_FIXING = "Please fix the loot items below.";
/** When the record was queued but an item could not be (the device's storage refused it). */
export const SOME_LOOT_NOT_SAVED = (saved: number, total: number) =>
  `The attendance record and ${saved} of ${total} loot items were saved; add the rest on the Market Exchange page.`;

/** Record a raid's address may name where to start (a check-in closed into it, decision 080). */
export interface RecordRaidSearch {
  boss?: unknown;
  day?: unknown;
  participants?: unknown;
}

/**
 * The raid an address starts from: its boss, day and names when they are well formed (a day the form accepts is
 * checked on submit), else the empty raid on `today`.
 */
export function raidFromSearch(search: RecordRaidSearch, today: string): RaidDraft {
  const raid = emptyRaid(today);
  const text = (v: unknown) => (typeof v === "string" && v.length <= 200 ? v : undefined);
  const names = Array.isArray(search.participants)
    ? search.participants.filter((n): n is string => typeof n === "string" && n.length <= 200).slice(0, 500)
    : [];
  return {
    ...raid,
    bossName: text(search.boss) ?? raid.bossName,
    date: /^\d{4}-\d{2}-\d{2}$/.test(text(search.day) ?? "") ? (search.day as string) : raid.date,
    participants: [...new Set(names)],
  };
}
