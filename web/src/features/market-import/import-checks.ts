/**
 * What the preview checks before anything is sent (decision 047): the items' totals, participants who are not
 * on the roster or no longer active, rows already in the market, and the skipped rows as a CSV file. Pure, so
 * the unit tests read real files through it.
 */
import Papa from "papaparse";
import type { ImportItem, ParsedImport, SkippedRow } from "@shared/import/import-item.ts";
import { isNoDate } from "@shared/import/read-import-date.ts";
import { type Cents, decimalTextOf, readMoney } from "@shared/money/money.ts";
import {
  indexParticipantRoster,
  parseParticipantNames,
  resolveParticipantsIn,
} from "@shared/participants/parse-participants.ts";
import type { MarketExchangeItem } from "@shared/schemas/market.ts";
import type { GuildMember, MemberStatus } from "@shared/schemas/members.ts";

export const ALREADY_PRESENT = "Already in the market (same boss, loot, date and value)";

export const count = (n: number) => n.toLocaleString("en-US");
export const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;
/** Row numbers, the first `max` of them and how many more. */
export const rowList = (rows: readonly number[], max = 8) =>
  rows.length > max
    ? `${rows.slice(0, max).join(", ")} and ${count(rows.length - max)} more`
    : rows.join(", ");

/** An item's value in cents, or null when the server will refuse it (a JSON file's bad value). */
export function itemCents(item: ImportItem): Cents | null {
  return readMoney(typeof item.value === "number" ? decimalTextOf(item.value) : String(item.value));
}

/** Items and their value in cents. */
export function importTotals(items: readonly ImportItem[]): { count: number; value: Cents } {
  let value = 0;
  for (const item of items) value += itemCents(item) ?? 0;
  return { count: items.length, value };
}

const participantNames = (value: ImportItem["participatedMembers"]): string[] =>
  parseParticipantNames(Array.isArray(value) ? JSON.stringify(value) : String(value ?? ""));

export interface FlaggedParticipant {
  name: string;
  /** null: not on the roster. */
  status: Exclude<MemberStatus, "active"> | null;
  /** File rows of the items naming them. */
  rows: number[];
}

/** Participants not on the roster, or on it but kicked or paid out, with the rows that name them. */
export function flaggedParticipants(
  parsed: Pick<ParsedImport, "items" | "rows">,
  roster: readonly GuildMember[],
): FlaggedParticipant[] {
  const flagged = new Map<string, FlaggedParticipant>();
  const index = indexParticipantRoster(roster);
  parsed.items.forEach((item, position) => {
    for (const { name, member } of resolveParticipantsIn(participantNames(item.participatedMembers), index)) {
      const status = member === null ? null : member.status;
      if (status === "active") continue;
      const key = name.toLowerCase();
      const entry: FlaggedParticipant = flagged.get(key) ?? { name, status, rows: [] };
      entry.rows.push(parsed.rows[position] ?? position + 1);
      flagged.set(key, entry);
    }
  });
  return [...flagged.values()].sort((a, b) => a.name.localeCompare(b.name));
}

const itemKey = (boss: string, loot: string, date: string | null, value: Cents | null) =>
  JSON.stringify([boss.trim().toLowerCase(), loot.trim().toLowerCase(), date ?? "", value]);

/** Indexes into `items` of the rows equal to an item already in the market: same boss, loot, date and value. */
export function duplicateIndexes(
  items: readonly ImportItem[],
  market: readonly Pick<MarketExchangeItem, "bossName" | "lootName" | "dateAcquired" | "value">[],
): number[] {
  const present = new Set(
    market.map((item) => itemKey(item.bossName, item.lootName, item.dateAcquired, readMoney(item.value))),
  );
  const found: number[] = [];
  items.forEach((item, index) => {
    const date = item.dateAcquired;
    const day = typeof date === "string" && !isNoDate(date) ? date.trim().slice(0, 10) : null;
    if (present.has(itemKey(String(item.bossName), String(item.lootName), day, itemCents(item)))) {
      found.push(index);
    }
  });
  return found;
}

/**
 * The rows left out, as the screen lists them (decision 089): the rows with errors first (a rule broken, a
 * total row, a row the server refused), then the rows already in the market by number only, then blank rows.
 */
export interface LeftOut {
  errors: SkippedRow[];
  /** File rows already in the market. */
  duplicates: number[];
  blank: number[];
}

export function leftOutRows(skipped: readonly SkippedRow[]): LeftOut {
  const sorted = [...skipped].sort((a, b) => a.row - b.row);
  return {
    errors: sorted.filter((row) => row.kind !== "blank" && row.kind !== "duplicate"),
    duplicates: sorted.filter((row) => row.kind === "duplicate").map((row) => row.row),
    blank: sorted.filter((row) => row.kind === "blank").map((row) => row.row),
  };
}

/** The skipped rows as a CSV file: row number, reason, then the file's own columns as written. */
export function skippedRowsCsv(headers: readonly string[], skipped: readonly SkippedRow[]): string {
  const rows = skipped
    .filter((row) => row.kind !== "blank")
    .map((row) => [String(row.row), row.message, ...(row.cells ?? [])]);
  return `${Papa.unparse([["Row", "Reason", ...headers], ...rows], { newline: "\r\n" })}\r\n`;
}

export const skippedFileName = (fileName: string) =>
  `${fileName.replace(/\.(csv|json)$/i, "")}-skipped-rows.csv`;
