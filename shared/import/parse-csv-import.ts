/**
 * A market-data .csv file. Headers are normalised (lower case, only letters and digits) and mapped to the
 * import fields through aliases; each data row is checked. Strict mode fails on the first bad row; when it
 * does, skip mode keeps the valid rows and lists the others. Rows are collected as they arrive, in chunks so
 * a large file can show its progress (see CsvImportReader), then read together: amounts and dates are read
 * with the decimal separator and date order the file's cells decide, or the admin chooses when they do not
 * (decision 047). Total rows and blank rows are left out with a note; no row with money is left out without
 * being listed.
 */
import Papa from "papaparse";
import {
  type Cents,
  type DecimalSeparator,
  decideSeparator,
  formatMoney,
  type MoneyText,
  moneyText,
  parseMoney,
  readFormattedMoney,
} from "../money/money.ts";
import { importRowSchema } from "../schemas/import.ts";
import {
  type ImportChoices,
  ImportFileError,
  type ImportItem,
  type ImportQuestion,
  type ParsedImport,
  type SkippedRow,
} from "./import-item.ts";
import { type DateOrder, dateOrderHint, isNoDate, readImportDate } from "./read-import-date.ts";

export const TOO_FEW_ROWS = "CSV file must have at least a header row and one data row.";
export const NO_VALID_ROWS = "No valid data rows found in CSV file. All rows had validation errors.";
export const DEBUG_SAMPLE_ROWS = 5;

type Field = keyof ImportItem;

/** Each field in plain words, for a required field no column maps to. */
const FIELD_LABELS: Record<Field, string> = {
  bossName: "Boss name",
  lootName: "Loot name",
  value: "Value",
  status: "Status",
  dateAcquired: "Date acquired",
  participatedMembers: "Participants",
  totalFunds: "Total funds",
};

/**
 * The name a row's reasons give each field: the file's own header for the column it was read from, as written
 * ('Item is empty or missing', not the code's 'lootName'; decision 089); the field in plain words when no column
 * maps to it.
 */
export type ColumnNames = Readonly<Record<Field, string>>;

export function columnNames(
  headers: readonly string[],
  mapping: Partial<Record<Field, number>>,
): ColumnNames {
  const names = { ...FIELD_LABELS };
  for (const field of Object.keys(names) as Field[]) {
    const index = mapping[field];
    const header = index === undefined ? "" : (headers[index] ?? "").trim();
    if (header !== "") names[field] = header;
  }
  return names;
}

// '{field}' in the specification's row messages is the column's name (ColumnNames).
export const notMappedMessage = (field: Field) =>
  `${FIELD_LABELS[field]} could not be mapped from any column`;
export const emptyMessage = (column: string) => `${column} is empty or missing`;
export const notANumberMessage = (column: string, text: string) =>
  `${column} "${text}" is not a valid number`;
export const notPositiveMessage = (column: string, value: string) =>
  `${column} must be greater than 0, got ${value}`;
export const negativeMessage = (column: string, value: string) =>
  `${column} cannot be negative, got ${value}`;
export const invalidDateMessage = (column: string, text: string) => `${column} "${text}" is not a valid date`;
export const rowError = (row: number, message: string) => `Row ${row}: ${message}`;
export const BLANK_ROW = "Blank row";
export const tooManyDecimalsMessage = (column: string) => `${column} cannot have more than 2 decimals.`;
export const tooLargeMessage = (column: string) => `${column} cannot exceed 999999999999.99.`;
export const totalRowMessage = (value: Cents, sum: Cents) =>
  value === sum
    ? `Total row: its value ${formatMoney(value)} is the sum of the items above it`
    : `Looks like a total row ("Total" or "Sum"), but its value ${formatMoney(value)} is not the sum of the items above it (${formatMoney(sum)}); add it by hand if it is an item`;
export const totalRowNoValueMessage = 'Total row ("Total" or "Sum")';

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
 * A money cell as the plain decimal text the server reads ('5,287.06' gives '5287.06'), read by the one
 * money module with the file's decimal separator, once the server's rules for the field accept it.
 */
function readAmount(
  field: "value" | "totalFunds",
  column: string,
  text: string,
  decimal: DecimalSeparator,
): { amount: MoneyText } | { error: string } {
  const read = readFormattedMoney(text, decimal);
  if ("reason" in read) {
    if (read.reason === "too-many-decimals") return { error: tooManyDecimalsMessage(column) };
    if (read.reason === "not-a-number") return { error: notANumberMessage(column, text) };
    return { error: tooLargeMessage(column) };
  }
  if (field === "value" && read.cents <= 0) return { error: notPositiveMessage(column, text) };
  if (read.cents < 0) return { error: negativeMessage(column, text) };
  const amount = moneyText(read.cents);
  const checked = importRowSchema.shape[field].safeParse(amount);
  if (checked.success) return { amount };
  return { error: checked.error.issues[0]?.message ?? notANumberMessage(column, text) };
}

const DEFAULT_CHOICES: Required<ImportChoices> = { decimal: ".", dateOrder: "dmy" };

/** One data row as an import item, or the first rule it breaks, named by the file's `columns`. */
export function readCsvRow(
  row: readonly string[],
  mapping: Partial<Record<Field, number>>,
  choices: Required<ImportChoices> = DEFAULT_CHOICES,
  columns: ColumnNames = FIELD_LABELS,
): { item: ImportItem } | { error: string } {
  for (const field of REQUIRED) {
    if (mapping[field] === undefined) return { error: notMappedMessage(field) };
  }
  const bossName = cell(row, mapping.bossName);
  if (bossName === "") return { error: emptyMessage(columns.bossName) };
  const lootName = cell(row, mapping.lootName);
  if (lootName === "") return { error: emptyMessage(columns.lootName) };
  const valueText = cell(row, mapping.value);
  if (valueText === "") return { error: emptyMessage(columns.value) };
  const value = readAmount("value", columns.value, valueText, choices.decimal);
  if ("error" in value) return value;
  const fundsText = cell(row, mapping.totalFunds);
  const totalFunds = readAmount(
    "totalFunds",
    columns.totalFunds,
    fundsText === "" ? "0" : fundsText,
    choices.decimal,
  );
  if ("error" in totalFunds) return totalFunds;
  const dateText = (mapping.dateAcquired === undefined ? "" : row[mapping.dateAcquired]) ?? "";
  const date = readImportDate(dateText, choices.dateOrder);
  if ("error" in date) return { error: invalidDateMessage(columns.dateAcquired, dateText.trim()) };
  return {
    item: {
      bossName,
      lootName,
      value: value.amount,
      status: cell(row, mapping.status).toLowerCase() === "sold" ? "Sold" : "Pending",
      dateAcquired: date.day,
      participatedMembers: cell(row, mapping.participatedMembers),
      totalFunds: totalFunds.amount,
    },
  };
}

const isBlankRow = (row: readonly string[]) => row.every((c) => c.trim() === "");

/** 'Total', 'TOTAL:', 'Grand total', 'Sum', 'Subtotal' as a whole cell. */
const TOTAL_WORD = /^(grand\s*)?(sub\s*)?(total|totals|sum)\s*:?$/i;

/** A spreadsheet's total row: its boss or loot cell (or its first cell) is only a total word. */
function isTotalRow(row: readonly string[], mapping: Partial<Record<Field, number>>): boolean {
  const texts = [cell(row, mapping.bossName), cell(row, mapping.lootName), (row[0] ?? "").trim()];
  return texts.some((text) => TOTAL_WORD.test(text));
}

const MAX_EXAMPLES = 3;

/** A data row as it came: its 1-based row number in the file and its cells. */
interface SourceRow {
  row: number;
  cells: string[];
}

/**
 * Reads parsed CSV rows as they arrive (the first non-blank row is the header) and gives the result at the
 * end. Row numbers count the file's rows (records), the header being row 1, as a spreadsheet numbers them.
 * `finish` can be called again with the admin's answers to the questions the first reading asked.
 */
export class CsvImportReader {
  private headers: string[] | null = null;
  private mapping: Partial<Record<Field, number>> = {};
  private columns: ColumnNames = FIELD_LABELS;
  private records = 0;
  private readonly data: SourceRow[] = [];
  /** Blank rows seen since the last non-blank one: noted only when a row follows (not the file's end). */
  private pendingBlank: number[] = [];
  private readonly blank: number[] = [];

  /** Data rows read so far. */
  get rowsRead(): number {
    return this.data.length;
  }

  addRows(rows: readonly (readonly string[])[]): void {
    for (const row of rows) {
      this.records += 1;
      if (isBlankRow(row)) {
        if (this.headers !== null) this.pendingBlank.push(this.records);
        continue;
      }
      if (this.headers === null) {
        this.headers = row.map((h) => h.trim().replace(/^\uFEFF/, ""));
        this.mapping = mapHeaders(this.headers);
        this.columns = columnNames(this.headers, this.mapping);
        continue;
      }
      this.blank.push(...this.pendingBlank);
      this.pendingBlank = [];
      this.data.push({ row: this.records, cells: [...row] });
    }
  }

  /** The decimal separator and date order the cells decide, and the questions when they do not. */
  private detect(choices: ImportChoices): { choices: Required<ImportChoices>; questions: ImportQuestion[] } {
    const amounts: string[] = [];
    const dates = { dmy: 0, mdy: 0, ambiguous: [] as string[] };
    for (const { cells } of this.data) {
      if (isTotalRow(cells, this.mapping)) continue;
      for (const index of [this.mapping.value, this.mapping.totalFunds]) {
        const text = cell(cells, index);
        if (text !== "") amounts.push(text);
      }
      const dateText = cell(cells, this.mapping.dateAcquired);
      if (isNoDate(dateText)) continue;
      const hint = dateOrderHint(dateText);
      if (hint === "dmy" || hint === "mdy") dates[hint] += 1;
      else if (hint === "ambiguous" && dates.ambiguous.length < MAX_EXAMPLES) dates.ambiguous.push(dateText);
    }
    const questions: ImportQuestion[] = [];
    let decimal: DecimalSeparator | undefined = choices.decimal;
    if (decimal === undefined) {
      // The forms read a typed amount by the same rule, as a file of one cell (decision 060).
      const decided = decideSeparator(amounts, MAX_EXAMPLES);
      if ("separator" in decided) decimal = decided.separator;
      else questions.push({ kind: "decimal", examples: decided.ambiguous });
    }
    let dateOrder: DateOrder | undefined = choices.dateOrder;
    if (dateOrder === undefined) {
      if (dates.dmy > 0 && dates.mdy === 0) dateOrder = "dmy";
      else if (dates.mdy > 0 && dates.dmy === 0) dateOrder = "mdy";
      else if (dates.dmy > 0 || dates.ambiguous.length > 0)
        questions.push({ kind: "dateOrder", examples: dates.ambiguous });
    }
    return {
      choices: {
        decimal: decimal ?? DEFAULT_CHOICES.decimal,
        dateOrder: dateOrder ?? DEFAULT_CHOICES.dateOrder,
      },
      questions,
    };
  }

  finish(answers: ImportChoices = {}): ParsedImport {
    const headers = this.headers;
    if (headers === null || this.data.length === 0) throw new ImportFileError(TOO_FEW_ROWS);
    const { choices, questions } = this.detect(answers);
    const items: ImportItem[] = [];
    const rows: number[] = [];
    const cells: string[][] = [];
    const skipped: SkippedRow[] = this.blank.map((row) => ({
      row,
      message: BLANK_ROW,
      kind: "blank",
      cells: [],
    }));
    let sinceTotal: Cents = 0;
    for (const source of this.data) {
      if (isTotalRow(source.cells, this.mapping)) {
        const valueText = cell(source.cells, this.mapping.value);
        const read = valueText === "" ? null : readFormattedMoney(valueText, choices.decimal);
        const message =
          read !== null && "cents" in read ? totalRowMessage(read.cents, sinceTotal) : totalRowNoValueMessage;
        skipped.push({ row: source.row, message, kind: "total", cells: source.cells });
        sinceTotal = 0;
        continue;
      }
      const result = readCsvRow(source.cells, this.mapping, choices, this.columns);
      if ("item" in result) {
        items.push(result.item);
        rows.push(source.row);
        cells.push(source.cells);
        sinceTotal += parseMoney(String(result.item.value));
      } else skipped.push({ row: source.row, message: result.error, kind: "invalid", cells: source.cells });
    }
    skipped.sort((a, b) => a.row - b.row);
    const invalid = skipped.filter((s) => s.kind === "invalid");
    const first = invalid[0];
    if (first && items.length === 0) {
      throw new ImportFileError(NO_VALID_ROWS, rowError(first.row, first.message));
    }
    const mapping: Record<string, string> = {};
    for (const [field, index] of Object.entries(this.mapping)) mapping[field] = headers[index] ?? "";
    return {
      format: "csv",
      items,
      rows,
      cells,
      headers,
      questions,
      choices,
      reread: (next) => this.finish({ ...answers, ...next }),
      mode: skipped.length > 0 ? "skip" : "strict",
      skipped,
      strictError: first ? rowError(first.row, first.message) : null,
      debug: {
        headers,
        mapping,
        sampleRows: this.data
          .slice(0, DEBUG_SAMPLE_ROWS)
          .map(({ cells: row }) =>
            Object.fromEntries(headers.map((header, i) => [header || `Column ${i + 1}`, row[i] ?? ""])),
          ),
      },
    };
  }
}

/** A whole CSV text at once (the page streams files through CsvImportReader instead). */
export function parseCsvImport(text: string, answers: ImportChoices = {}): ParsedImport {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""));
  const reader = new CsvImportReader();
  reader.addRows(parsed.data);
  return reader.finish(answers);
}
