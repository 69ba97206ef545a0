/** Attendance records shaped for the screens: names, the calendar day, ordering and the member filter. */

import type { AttendanceRecord } from "@web/data/portal-db.ts";
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
