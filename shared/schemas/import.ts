/**
 * Market data import: the body of /_api/admin/import-market-data and its rules for each row
 * (docs/product.md#market-import), shared by the server and the import page (which can check a file
 * before sending it).
 */
import * as z from "zod";
import { isNoDate } from "../import/read-import-date.ts";
import {
  calendarDayField,
  itemBossNameField,
  LOOT_STATUSES,
  type LootStatus,
  lootNameField,
  moneyCentsField,
  PARTICIPANTS_NOT_TEXT,
  STATUS_INVALID,
  unknownField,
} from "./market.ts";

export const MAX_IMPORT_ROWS = 20_000;
/** Far above 20,000 rows of ordinary loot (about 6 MB). */
export const MAX_IMPORT_BYTES = 32 * 1024 * 1024;

export const VALUE_NOT_POSITIVE = "Value must be a positive number";
export const TOTAL_FUNDS_INVALID = "Total funds must be a non-negative number";
export const NOT_AN_ARRAY = "Invalid JSON structure. Expected an array of items.";
export const NO_ITEMS = "No market data items found in the file.";
export const TOO_MANY_ROWS = `An import can hold at most ${MAX_IMPORT_ROWS} items; split the file.`;
export const IMPORT_TOO_LARGE = `The import is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB; split the file.`;
export const ROW_NOT_OBJECT = "Each item must be an object.";

export const DUPLICATE_HANDLING = ["skip", "import"] as const;
export const DUPLICATES_INVALID = "Duplicates must be skip or import.";
export const ALREADY_IN_MARKET = "Already in the market (same boss, loot, date and value); not added again";

export const rowMessage = (row: number, message: string) => `Row ${row}: ${message}`;

const blankToUndefined = (v: unknown) => (v === null || v === "" ? undefined : v);

/** One item of marketData, as the import rules read it (docs/product.md#market-import). */
export const importRowSchema = z.strictObject(
  {
    bossName: itemBossNameField,
    lootName: lootNameField,
    value: moneyCentsField({
      notANumber: VALUE_NOT_POSITIVE,
      tooSmall: VALUE_NOT_POSITIVE,
      tooManyDecimals: "Value cannot have more than 2 decimals.",
      tooLarge: "Value cannot exceed 999999999999.99.",
      positive: true,
    }),
    /** Pending or Sold in any letter case; missing or empty means Pending. */
    status: z.preprocess(
      (v) => {
        const blank = blankToUndefined(v);
        if (typeof blank !== "string") return blank;
        return LOOT_STATUSES.find((s) => s.toLowerCase() === blank.trim().toLowerCase()) ?? blank;
      },
      z.enum(LOOT_STATUSES, { error: STATUS_INVALID }).default("Pending" satisfies LootStatus),
    ),
    /** 'N/A', '-', 'null' and the like (any case) mean no date, as blank does (decision 047). */
    dateAcquired: z
      .preprocess(
        (v) => (v === null || (typeof v === "string" && isNoDate(v)) ? undefined : v),
        calendarDayField.optional(),
      )
      .transform((v) => v ?? null),
    /**
     * Kept as written (a migration keeps its data; the fix tool finds corrupted lists, names with invisible
     * or broken characters among them: participant-corruption.ts); an array of names is
     * stored as a JSON array text. Missing means no participants.
     */
    participatedMembers: z
      .union([z.string(), z.array(z.string()), z.null()], { error: PARTICIPANTS_NOT_TEXT })
      .optional()
      .transform((v) =>
        v === null || v === undefined ? "" : typeof v === "string" ? v.trim() : JSON.stringify(v),
      ),
    totalFunds: z
      .preprocess(
        blankToUndefined,
        moneyCentsField({
          notANumber: TOTAL_FUNDS_INVALID,
          tooSmall: TOTAL_FUNDS_INVALID,
          tooManyDecimals: "Total funds cannot have more than 2 decimals.",
          tooLarge: "Total funds cannot exceed 999999999999.99.",
        }).optional(),
      )
      .transform((v) => v ?? 0),
  },
  { error: unknownField },
);
/** Money in integer cents; participatedMembers the text to store. */
export type ImportRow = z.infer<typeof importRowSchema>;

/**
 * The whole body. Every row is checked; the first bad one fails the import with its 1-based number
 * ('Row 17: Value must be a positive number').
 */
export const importMarketDataSchema = z.strictObject(
  {
    /**
     * Rows equal to an item already in the market (same boss, loot, date and value): `skip` (the default) leaves
     * them out and lists them in the answer, so importing a file twice adds nothing; `import` adds them, when
     * the admin confirmed they are new drops.
     */
    duplicates: z.enum(DUPLICATE_HANDLING, { error: DUPLICATES_INVALID }).default("skip"),
    marketData: z
      .array(z.unknown(), { error: NOT_AN_ARRAY })
      .min(1, { error: NO_ITEMS })
      .max(MAX_IMPORT_ROWS, { error: TOO_MANY_ROWS })
      .transform((rows, ctx) => {
        const parsed: ImportRow[] = [];
        for (const [index, row] of rows.entries()) {
          if (row === null || typeof row !== "object" || Array.isArray(row)) {
            ctx.issues.push({ code: "custom", message: rowMessage(index + 1, ROW_NOT_OBJECT), input: row });
            return z.NEVER;
          }
          const result = importRowSchema.safeParse(row);
          if (!result.success) {
            const message = result.error.issues[0]?.message ?? "Invalid item";
            ctx.issues.push({ code: "custom", message: rowMessage(index + 1, message), input: row });
            return z.NEVER;
          }
          parsed.push(result.data);
        }
        return parsed;
      }),
  },
  { error: unknownField },
);
export type ImportMarketDataInput = z.infer<typeof importMarketDataSchema>;

/** A row the server left out: its 1-based position in marketData and why. */
export interface ImportSkippedRow {
  row: number;
  message: string;
}

export interface ImportResult {
  insertedCount: number;
  /** Rows left out (duplicates when `duplicates` is `skip`); never left out silently. */
  skipped: ImportSkippedRow[];
}
