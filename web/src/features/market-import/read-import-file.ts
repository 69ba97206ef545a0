/**
 * Reads a chosen .json or .csv file into import items. CSV files are parsed by papaparse in chunks, so a
 * large file reports how many rows it has read and how far through the file it is.
 */
import Papa from "papaparse";
import { ImportFileError, type ParsedImport } from "@shared/import/import-item.ts";
import { CsvImportReader } from "@shared/import/parse-csv-import.ts";
import { parseJsonImport } from "@shared/import/parse-json-import.ts";

export const ACCEPTED_TYPES = ".json,.csv";
export const MAX_FILES = 1;
export const PARSE_FAILED = "Failed to parse file";
const CHUNK_BYTES = 256 * 1024;

export const tooManyFilesMessage = (max: number) => `Maximum ${max} file(s) allowed`;
export const invalidTypeMessage = (accepted: string) => `Invalid file type. Accepted: ${accepted}`;

export type ImportFormat = "json" | "csv";

export function fileFormat(name: string): ImportFormat | null {
  const lower = name.toLowerCase();
  if (lower.endsWith(".json")) return "json";
  if (lower.endsWith(".csv")) return "csv";
  return null;
}

/** Why a dropped or chosen set of files cannot be read, or null when it is one accepted file. */
export function checkFiles(files: readonly { name: string }[]): string | null {
  if (files.length > MAX_FILES) return tooManyFilesMessage(MAX_FILES);
  const [file] = files;
  if (!file) return null;
  return fileFormat(file.name) ? null : invalidTypeMessage(ACCEPTED_TYPES);
}

export interface ParseProgress {
  rowsRead: number;
  /** 0..1 of the file's bytes. */
  fraction: number;
}

function readCsv(
  file: File,
  onProgress: (p: ParseProgress) => void,
  signal: AbortSignal,
): Promise<ParsedImport> {
  const reader = new CsvImportReader();
  return new Promise((resolve, reject) => {
    Papa.parse<string[]>(file, {
      // Blank rows are kept so they are noted in the preview and row numbers match the spreadsheet's.
      chunkSize: CHUNK_BYTES,
      chunk(results, parser) {
        if (signal.aborted) {
          parser.abort();
          return;
        }
        reader.addRows(results.data);
        onProgress({
          rowsRead: reader.rowsRead,
          fraction: Math.min(1, results.meta.cursor / Math.max(1, file.size)),
        });
      },
      complete() {
        if (signal.aborted) return reject(new DOMException("Aborted", "AbortError"));
        try {
          resolve(reader.finish());
        } catch (error) {
          reject(error);
        }
      },
      error(error) {
        reject(new ImportFileError(error.message || PARSE_FAILED));
      },
    });
  });
}

export async function readImportFile(
  file: File,
  onProgress: (p: ParseProgress) => void,
  signal: AbortSignal,
): Promise<ParsedImport> {
  const format = fileFormat(file.name);
  if (format === "csv") return readCsv(file, onProgress, signal);
  if (format === "json") {
    const parsed = parseJsonImport(await file.text());
    onProgress({ rowsRead: parsed.items.length, fraction: 1 });
    return parsed;
  }
  throw new ImportFileError(invalidTypeMessage(ACCEPTED_TYPES));
}
