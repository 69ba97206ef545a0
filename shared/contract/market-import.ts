/** The market data import (decision 047). Officers and admins (decision 067). */
import {
  IMPORT_TOO_LARGE,
  type ImportResult,
  importMarketDataSchema,
  MAX_IMPORT_BYTES,
} from "../schemas/import.ts";
import { answer, type BodyLimit, call } from "./call.ts";

/** The one write meant to be large: 20,000 rows of ordinary loot take about 6 MB. */
export const IMPORT_BODY_LIMIT: BodyLimit = { maxBytes: MAX_IMPORT_BYTES, message: IMPORT_TOO_LARGE };

export const IMPORT_CALLS = {
  importMarketData: call({
    method: "POST",
    path: "/admin/import-market-data",
    role: "officer",
    summary: "Adds many loot items in one transaction; rows already in the market are skipped when asked.",
    body: importMarketDataSchema,
    bodyLimit: IMPORT_BODY_LIMIT,
    answer: answer<ImportResult>(),
  }),
};
