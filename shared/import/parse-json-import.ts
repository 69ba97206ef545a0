/**
 * A market-data .json file: an array of items. The first 10 items are checked for the fields every row
 * needs; the server checks every row in full and answers 'Row N: ...' for the first bad one.
 */
import { decimalTextOf, moneyProblem } from "../money/money.ts";
import { ImportFileError, type ImportItem, type ParsedImport } from "./import-item.ts";

export const NOT_AN_ARRAY = "Invalid JSON structure. Expected an array of items.";
export const NO_ITEMS = "No market data items found in the file.";
export const INVALID_JSON = "The file is not valid JSON.";
export const invalidItemMessage = (item: number) =>
  `Invalid data structure at item ${item}. Required fields: bossName, lootName, value`;

const CHECKED_ITEMS = 10;
/** The fields the import call takes; anything else an export carried (id, createdAt) is left behind. */
const IMPORT_FIELDS = [
  "bossName",
  "lootName",
  "value",
  "status",
  "dateAcquired",
  "participatedMembers",
  "totalFunds",
] as const;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** A decimal number or text, as the money parser reads it (its decimals and range are the server's to judge). */
const isNumeric = (v: unknown): boolean =>
  (typeof v === "number" || typeof v === "string") &&
  moneyProblem(typeof v === "number" ? decimalTextOf(v) : v) !== "not-a-number";

function hasRequiredFields(item: unknown): boolean {
  return (
    isRecord(item) &&
    typeof item.bossName === "string" &&
    item.bossName.trim() !== "" &&
    typeof item.lootName === "string" &&
    item.lootName.trim() !== "" &&
    isNumeric(item.value)
  );
}

function pickImportFields(item: unknown): ImportItem {
  if (!isRecord(item)) return item as ImportItem;
  const picked: Record<string, unknown> = {};
  for (const field of IMPORT_FIELDS) if (field in item) picked[field] = item[field];
  return picked as unknown as ImportItem;
}

/** A field as a cell of the skipped-rows download. */
const cellText = (value: unknown): string =>
  value === null || value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value);

export function parseJsonImport(text: string): ParsedImport {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    throw new ImportFileError(INVALID_JSON);
  }
  if (!Array.isArray(data)) throw new ImportFileError(NOT_AN_ARRAY);
  if (data.length === 0) throw new ImportFileError(NO_ITEMS);
  for (const [index, item] of data.slice(0, CHECKED_ITEMS).entries()) {
    if (!hasRequiredFields(item)) throw new ImportFileError(invalidItemMessage(index + 1));
  }
  const items = data.map(pickImportFields);
  return {
    format: "json",
    items,
    rows: items.map((_, index) => index + 1),
    cells: items.map((item) => IMPORT_FIELDS.map((field) => cellText(item[field]))),
    headers: [...IMPORT_FIELDS],
    questions: [],
    choices: { decimal: ".", dateOrder: "dmy" },
    reread: null,
    mode: "strict",
    skipped: [],
    strictError: null,
    debug: null,
  };
}
