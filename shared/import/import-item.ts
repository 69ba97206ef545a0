/**
 * One row of market data as the import page sends it to /_api/admin/import-market-data, and what a
 * parsed file gives the page to preview.
 */
import type { DecimalSeparator } from "../money/money.ts";
import type { DateOrder } from "./read-import-date.ts";

export interface ImportItem {
  bossName: string;
  lootName: string;
  /** A CSV cell's text; a JSON file's value as written (a decimal number or numeric text). */
  value: number | string;
  status: "Pending" | "Sold";
  dateAcquired: string | null;
  participatedMembers: string | string[];
  totalFunds: number | string;
}

/**
 * Why a row is left out: `invalid` breaks a rule; `total` is a spreadsheet's total row; `blank` has no cells;
 * `duplicate` is already in the market (left out when the admin keeps the default); `server` was refused by
 * the server after sending.
 */
export type SkipKind = "invalid" | "total" | "blank" | "duplicate" | "server";

/** A row left out: its 1-based row number in the file (the header is row 1), why, and its cells as written. */
export interface SkippedRow {
  row: number;
  message: string;
  kind?: SkipKind;
  cells?: string[];
}

/** The decimal separator and date order a CSV file is read with; absent: detected from the file. */
export interface ImportChoices {
  decimal?: DecimalSeparator;
  dateOrder?: DateOrder;
}

/**
 * What the admin must answer before the file can be read: `decimal` when amounts such as '1,250' read two
 * ways and no cell decides; `dateOrder` when dates such as '05/11/2026' read two ways and no cell decides.
 * Also asked when cells decide both ways (a mixed file). `examples` are cells that read both ways.
 */
export interface ImportQuestion {
  kind: "decimal" | "dateOrder";
  examples: string[];
}

export interface ParsedImport {
  format: "json" | "csv";
  items: ImportItem[];
  /** "strict" when every row was valid; "skip" when invalid CSV rows were left out. */
  mode: "strict" | "skip";
  skipped: SkippedRow[];
  /** The strict pass's error when it failed and skip mode took over. */
  strictError: string | null;
  /** Each item's 1-based row number in the file (a JSON item's position), in the order of `items`. */
  rows: number[];
  /** Each item's cells as written (a JSON item's fields), for the skipped-rows download. */
  cells: string[][];
  /** The file's header (a JSON file's field names). */
  headers: string[];
  /** Questions still open; the file is only read for import once they are answered (`reread`). */
  questions: ImportQuestion[];
  /** The choices the items were read with (detected or answered). */
  choices: Required<ImportChoices>;
  /** CSV only: the same file read again with the admin's answers. */
  reread: ((choices: ImportChoices) => ParsedImport) | null;
  /** CSV only: the header as found and up to 5 raw data rows, to see how columns were mapped. */
  debug: { headers: string[]; mapping: Record<string, string>; sampleRows: Record<string, string>[] } | null;
}

/** A file that cannot be imported: the message is the one the error screen shows. */
export class ImportFileError extends Error {
  /** The first row's error when every row failed, so the screen can say why. */
  readonly detail: string | null;

  constructor(message: string, detail: string | null = null) {
    super(message);
    this.name = "ImportFileError";
    this.detail = detail;
  }
}
