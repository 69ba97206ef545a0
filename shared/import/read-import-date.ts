/**
 * Date cells of an imported file. Spreadsheets write '2026-11-05', '05/11/2026', '5.11.2026' or 'N/A'; the
 * portal itself prints 'N/A' for a missing date. Slash, dot and dash dates with the year last are read day
 * first or month first: a cell decides when one of its numbers is above 12, otherwise the file's order (the
 * admin's answer when every such cell reads both ways) is used. Nothing is read month first without asking.
 */

export type DateOrder = "dmy" | "mdy";

/** Cells that mean "no date" (any case): blank, 'N/A', '-', 'null' and the like. */
const NO_DATE = /^(|n\/?a|-+|—|null|undefined|none)$/i;

export const isNoDate = (text: string): boolean => NO_DATE.test(text.trim());

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

const NUMERIC_DATE = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?:[ T].*)?$/;

/** A calendar day that exists, as 'YYYY-MM-DD', or null. */
function calendarDay(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1) return null;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > days) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/**
 * Which order a cell allows: `dmy`/`mdy` when only one reads it as a real day, `either` when both read it the
 * same (5/5/2026) or it is not a numeric date, `ambiguous` when both read it but differently (05/11/2026).
 */
export function dateOrderHint(text: string): DateOrder | "either" | "ambiguous" {
  const match = NUMERIC_DATE.exec(text.trim());
  if (!match) return "either";
  const [a, b, y] = [Number(match[1]), Number(match[2]), fullYear(match[3] ?? "")];
  const dmy = calendarDay(y, b, a);
  const mdy = calendarDay(y, a, b);
  if (dmy && mdy) return dmy === mdy ? "either" : "ambiguous";
  if (dmy) return "dmy";
  if (mdy) return "mdy";
  return "either";
}

const fullYear = (text: string) => (text.length === 2 ? 2000 + Number(text) : Number(text));

/**
 * A date cell as a calendar day 'YYYY-MM-DD': null for no date; `{ error }` when it is not a date or does not
 * exist in the given order. ISO texts are read as written; other texts ('Nov 5, 2026') by Date.parse.
 */
export function readImportDate(text: string, order: DateOrder): { day: string | null } | { error: true } {
  const trimmed = text.trim();
  if (isNoDate(trimmed)) return { day: null };
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(trimmed);
  if (iso) {
    const day = calendarDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
    return day ? { day } : { error: true };
  }
  const numeric = NUMERIC_DATE.exec(trimmed);
  if (numeric) {
    const [a, b, y] = [Number(numeric[1]), Number(numeric[2]), fullYear(numeric[3] ?? "")];
    const day = order === "dmy" ? calendarDay(y, b, a) : calendarDay(y, a, b);
    return day ? { day } : { error: true };
  }
  const time = Date.parse(trimmed);
  if (Number.isNaN(time)) return { error: true };
  const date = new Date(time);
  return { day: `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` };
}
