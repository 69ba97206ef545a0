/** Attendance records shaped for the screens: names, the calendar day, ordering and the member filter. */

import {
  indexParticipantRoster,
  type ParticipantRosterMember,
  parseParticipantNames,
  resolveParticipantsIn,
} from "@shared/participants/parse-participants.ts";
import type { AttendanceRecord, MarketItem } from "@web/data/portal-db.ts";
import { localDay } from "./attendance-form.ts";

/** The API answers the names as a list, already read from the stored text. */
export function recordNames(record: AttendanceRecord): string[] {
  return [...record.participatedMembers];
}

/** The record's day on this device ('YYYY-MM-DD'), as the form picked it. */
export function recordDay(record: AttendanceRecord): string {
  const date = new Date(record.dateAttended);
  return Number.isNaN(date.getTime()) ? "" : localDay(date);
}

const timeOf = (record: AttendanceRecord) => new Date(record.dateAttended).getTime() || 0;

/** Newest date first; records not yet on the server (negative ids) first among equals. */
export function sortRecords(records: readonly AttendanceRecord[]): AttendanceRecord[] {
  return [...records].sort((a, b) => timeOf(b) - timeOf(a) || a.id - b.id);
}

export function recordIncludes(record: AttendanceRecord, playerName: string): boolean {
  const key = playerName.toLowerCase();
  return recordNames(record).some((name) => name.toLowerCase() === key);
}

/** A loot item with its participants' names, the roster's spelling (an alias stands for the player's characters). */
export interface LootRow {
  item: MarketItem;
  participants: string[];
}

/** Every item with its participants, the roster indexed once for the whole list. */
export function lootParticipation(
  items: readonly MarketItem[],
  roster: readonly ParticipantRosterMember[],
): LootRow[] {
  const index = indexParticipantRoster(roster);
  return items.map((item) => ({
    item,
    participants: resolveParticipantsIn(parseParticipantNames(item.participatedMembers ?? ""), index).map(
      (p) => p.name,
    ),
  }));
}

/**
 * The rows that name a player (case-insensitively), in the list's order. The index is built on the first
 * question, once per list, so picking member after member does not scan thousands of rows each time.
 */
export function rowsNaming<T>(
  rows: readonly T[],
  namesOf: (row: T) => readonly string[],
): (name: string) => T[] {
  let index: Map<string, T[]> | undefined;
  return (name) => {
    if (!index) {
      index = new Map();
      for (const row of rows) {
        for (const key of new Set(namesOf(row).map((n) => n.toLowerCase()))) {
          const list = index.get(key);
          if (list) list.push(row);
          else index.set(key, [row]);
        }
      }
    }
    return index.get(name.toLowerCase()) ?? [];
  };
}
