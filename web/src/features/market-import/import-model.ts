/** The import screen's states and the messages of its failures (docs/product.md#market-import). */
import { ImportFileError, type ParsedImport, type SkippedRow } from "@shared/import/import-item.ts";
import { ApiError } from "@web/lib/api-client.ts";
import { PARSE_FAILED, type ParseProgress } from "./read-import-file.ts";

export const IMPORT_MARKET_DATA_FAILED = "Failed to import market data";
export const IMPORT_DATA_FAILED = "Failed to import data";
export const PREVIEW_ITEMS = 3;
export const PREVIEW_SAMPLE_ROWS = 3;

export type ImportState =
  | { step: "idle" }
  | { step: "loading"; fileName: string; progress: ParseProgress }
  | { step: "preview"; fileName: string; parsed: ParsedImport }
  | { step: "importing"; fileName: string; count: number }
  | {
      step: "success";
      insertedCount: number;
      /** Every row left out, by the page or by the server, with file row numbers. */
      skipped: SkippedRow[];
      headers: string[];
      fileName: string;
    }
  | { step: "error"; message: string; detail: string | null };

export function parseFailure(error: unknown): ImportState {
  if (error instanceof ImportFileError)
    return { step: "error", message: error.message, detail: error.detail };
  return {
    step: "error",
    message: error instanceof Error && error.message ? error.message : PARSE_FAILED,
    detail: null,
  };
}

/** The server's message ('Row 17: Value must be a positive number') when it gave one. */
export function importFailure(error: unknown): ImportState {
  if (error instanceof ApiError)
    return { step: "error", message: error.message || IMPORT_MARKET_DATA_FAILED, detail: null };
  return {
    step: "error",
    message: error instanceof Error && error.message ? error.message : IMPORT_DATA_FAILED,
    detail: null,
  };
}
