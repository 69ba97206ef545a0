/**
 * One row of market data as the data-migration page sends it to /_api/admin/import-market-data, and what a
 * parsed file gives the page to preview.
 */
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

/** A CSV row left out in skip mode: its 1-based row number in the file (the header is row 1) and why. */
export interface SkippedRow {
  row: number;
  message: string;
}

export interface ParsedImport {
  format: "json" | "csv";
  items: ImportItem[];
  /** "strict" when every row was valid; "skip" when invalid CSV rows were left out. */
  mode: "strict" | "skip";
  skipped: SkippedRow[];
  /** The strict pass's error when it failed and skip mode took over. */
  strictError: string | null;
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
