/**
 * A market-data .csv file. Headers are normalised (lower case, only letters and digits) and mapped to the
 * import fields through aliases; each data row is checked. Strict mode fails on the first bad row; when it
 * does, skip mode keeps the valid rows and lists the others. Both come out of one pass, fed in chunks so a
 * large file can show its progress (see CsvImportReader).
 */
import Papa from "papaparse";
import { type MoneyText, moneyProblem, parseMoney } from "../money/money.ts";
import { importRowSchema } from "../schemas/import.ts";
import { ImportFileError, type ImportItem, type ParsedImport, type SkippedRow } from "./import-item.ts";

export const TOO_FEW_ROWS = "CSV file must have at least a header row and one data row.";
export const NO_VALID_ROWS = "No valid data rows found in CSV file. All rows had validation errors.";
export const DEBUG_SAMPLE_ROWS = 5;

type Field = keyof ImportItem;

const FIELD_LABELS: Partial<Record<Field, string>> = {
  bossName: "Boss name",
  lootName: "Loot name",
  value: "Value",
};
export const notMappedMessage = (field: Field) =>
  `${FIELD_LABELS[field] ?? field} could not be mapped from any column`;
export const emptyMessage = (field: Field) => `${field} is empty or missing`;
export const notANumberMessage = (field: Field, text: string) => `${field} "${text}" is not a valid number`;
export const notPositiveMessage = (value: string) => `value must be greater than 0, got ${value}`;
export const invalidDateMessage = (text: string) => `dateAcquired "${text}" is not a valid date`;
export const rowError = (row: number, message: string) => `Row ${row}: ${message}`;

/** Normalised header → field. Exact names first; the first column that matches a field wins. */
const ALIASES: Record<Field, readonly string[]> = {
  bossName: ["bossname", "boss", "bosses", "monster", "raidboss", "mob"],
  lootName: ["lootname", "loot", "item", "itemname", "name", "lootitem", "drop", "reward"],
  value: ["value", "price", "amount", "cost", "worth", "usdt", "valueusdt", "priceusdt"],
  status: ["status", "state", "condition", "lootstatus"],
  dateAcquired: ["dateacquired", "date", "acquired", "acquiredat", "acquireddate", "timestamp", "day"],
  participatedMembers: [
    "participatedmembers",
    "members",
    "participants",
    "players",
    "participant",
    "member",
    "raiders",
  ],
  totalFunds: ["totalfunds", "funds", "total", "fund", "totalfund"],
};
const REQUIRED: readonly Field[] = ["bossName", "lootName", "value"];

export const normalizeHeader = (header: string): string => header.toLowerCase().replace(/[^a-z0-9]/g, "");

/** Each import field's column index (absent when no header names it). */
export function mapHeaders(headers: readonly string[]): Partial<Record<Field, number>> {
  const normalised = headers.map(normalizeHeader);
  const mapping: Partial<Record<Field, number>> = {};
  const taken = new Set<number>();
  for (const field of Object.keys(ALIASES) as Field[]) {
    for (const alias of ALIASES[field]) {
      const index = normalised.findIndex((h, i) => h === alias && !taken.has(i));
      if (index >= 0) {
        mapping[field] = index;
        taken.add(index);
        break;
      }
    }
  }
  return mapping;
}

/** A cell as text: trimmed; 'null' and 'undefined' (any case) count as empty. */
function cell(row: readonly string[], index: number | undefined): string {
  if (index === undefined) return "";
  const text = (row[index] ?? "").trim();
  return /^(null|undefined)$/i.test(text) ? "" : text;
}

/**
 * A money cell, kept as the text it holds once the server's rules for the field accept it: read by the one
 * money parser, so '1e3' or '0x10' are not numbers here either.
 */
function readAmount(field: "value" | "totalFunds", text: string): { amount: MoneyText } | { error: string } {
  const problem = moneyProblem(text);
  if (problem === "not-a-number") return { error: notANumberMessage(field, text) };
  if (field === "value" && problem === null && parseMoney(text) <= 0)
    return { error: notPositiveMessage(text) };
  const checked = importRowSchema.shape[field].safeParse(text);
  if (checked.success) return { amount: text };
  return { error: checked.error.issues[0]?.message ?? notANumberMessage(field, text) };
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** A calendar day 'YYYY-MM-DD': ISO texts as written, other date texts read by Date.parse (local day). */
function readDate(text: string): string | null {
  if (/^\d{4}-\d{2}-\d{2}/.test(text)) return text;
  const time = Date.parse(text);
  if (Number.isNaN(time)) return null;
  const date = new Date(time);
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** One data row as an import item, or the first rule it breaks. */
export function readCsvRow(
  row: readonly string[],
  mapping: Partial<Record<Field, number>>,
): { item: ImportItem } | { error: string } {
  for (const field of REQUIRED) {
    if (mapping[field] === undefined) return { error: notMappedMessage(field) };
  }
  const bossName = cell(row, mapping.bossName);
  if (bossName === "") return { error: emptyMessage("bossName") };
  const lootName = cell(row, mapping.lootName);
  if (lootName === "") return { error: emptyMessage("lootName") };
  const valueText = cell(row, mapping.value);
  if (valueText === "") return { error: emptyMessage("value") };
  const value = readAmount("value", valueText);
  if ("error" in value) return value;
  const fundsText = cell(row, mapping.totalFunds);
  const totalFunds = readAmount("totalFunds", fundsText === "" ? "0" : fundsText);
  if ("error" in totalFunds) return totalFunds;
  const dateText = cell(row, mapping.dateAcquired);
  const dateAcquired = dateText === "" ? null : readDate(dateText);
  if (dateText !== "" && dateAcquired === null) return { error: invalidDateMessage(dateText) };
  return {
    item: {
      bossName,
      lootName,
      value: value.amount,
      status: cell(row, mapping.status).toLowerCase() === "sold" ? "Sold" : "Pending",
      dateAcquired,
      participatedMembers: cell(row, mapping.participatedMembers),
      totalFunds: totalFunds.amount,
    },
  };
}

const isBlankRow = (row: readonly string[]) => row.every((c) => c.trim() === "");

/**
 * Reads parsed CSV rows as they arrive (the first non-blank row is the header) and gives the result at the
 * end. Row numbers count the file's non-blank rows, the header being row 1.
 */
export class CsvImportReader {
  private headers: string[] | null = null;
  private mapping: Partial<Record<Field, number>> = {};
  private dataRows = 0;
  private readonly items: ImportItem[] = [];
  private readonly skipped: SkippedRow[] = [];
  private readonly samples: string[][] = [];

  /** Data rows read so far. */
  get rowsRead(): number {
    return this.dataRows;
  }

  addRows(rows: readonly (readonly string[])[]): void {
    for (const row of rows) {
      if (isBlankRow(row)) continue;
      if (this.headers === null) {
        this.headers = row.map((h) => h.trim().replace(/^\uFEFF/, ""));
        this.mapping = mapHeaders(this.headers);
        continue;
      }
      this.dataRows += 1;
      if (this.samples.length < DEBUG_SAMPLE_ROWS) this.samples.push([...row]);
      const result = readCsvRow(row, this.mapping);
      if ("item" in result) this.items.push(result.item);
      else this.skipped.push({ row: this.dataRows + 1, message: result.error });
    }
  }

  finish(): ParsedImport {
    const headers = this.headers;
    if (headers === null || this.dataRows === 0) throw new ImportFileError(TOO_FEW_ROWS);
    const first = this.skipped[0];
    if (first && this.items.length === 0) {
      throw new ImportFileError(NO_VALID_ROWS, rowError(first.row, first.message));
    }
    const mapping: Record<string, string> = {};
    for (const [field, index] of Object.entries(this.mapping)) mapping[field] = headers[index] ?? "";
    return {
      format: "csv",
      items: this.items,
      mode: first ? "skip" : "strict",
      skipped: this.skipped,
      strictError: first ? rowError(first.row, first.message) : null,
      debug: {
        headers,
        mapping,
        sampleRows: this.samples.map((row) =>
          Object.fromEntries(headers.map((header, i) => [header || `Column ${i + 1}`, row[i] ?? ""])),
        ),
      },
    };
  }
}

/** A whole CSV text at once (the page streams files through CsvImportReader instead). */
export function parseCsvImport(text: string): ParsedImport {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: "greedy" });
  const reader = new CsvImportReader();
  reader.addRows(parsed.data);
  return reader.finish();
}
