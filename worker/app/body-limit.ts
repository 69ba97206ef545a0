/**
 * How large a request body each call may send (decision 028). The limit is checked before the body is read:
 * a declared Content-Length over it answers 413 at once, and a body without one (chunked) is counted as it
 * streams in and refused once it passes the limit. Routes apply it after their role check (validate.ts), so a
 * refused caller's body is never read at all.
 */
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { BACKUP_TOO_LARGE, MAX_BACKUP_BYTES } from "@shared/schemas/backup.ts";
import { IMPORT_TOO_LARGE, MAX_IMPORT_BYTES } from "@shared/schemas/import.ts";
import { ApiError } from "./api-error.ts";

export interface BodySizeLimit {
  maxBytes: number;
  /** The 413's message. */
  message: string;
}

const KB = 1024;
const tooLarge = (maxBytes: number) =>
  `The request body is larger than ${maxBytes / KB} KB, the most this call accepts.`;

/** Every JSON call without a limit of its own: login, accounts, members, bosses, timers, the fix tool. */
export const JSON_BODY_LIMIT: BodySizeLimit = { maxBytes: 64 * KB, message: tooLarge(64 * KB) };

/**
 * A loot item (up to 1,000 participants) or an attendance record (up to 500): names of at most 100 characters,
 * each at most 3 bytes in UTF-8 (a character outside the BMP is 2 of the 100 and 4 bytes), so 1,000 names take
 * at most about 303,000 bytes (296 KB) written as a JSON array or a comma list.
 */
export const PARTICIPANT_LIST_BODY_LIMIT: BodySizeLimit = { maxBytes: 512 * KB, message: tooLarge(512 * KB) };

/** The market data import: 20,000 rows of ordinary loot take about 6 MB. */
export const IMPORT_BODY_LIMIT: BodySizeLimit = { maxBytes: MAX_IMPORT_BYTES, message: IMPORT_TOO_LARGE };

/** A restore (admin): a whole backup file, 10,000 sold items and a long audit log included (decision 052). */
export const RESTORE_BODY_LIMIT: BodySizeLimit = { maxBytes: MAX_BACKUP_BYTES, message: BACKUP_TOO_LARGE };

/** Hono's bodyLimit, answering 413 in the API's error shape. */
export function limitBody(limit: BodySizeLimit): MiddlewareHandler {
  return bodyLimit({
    maxSize: limit.maxBytes,
    onError: () => {
      throw new ApiError(413, limit.message);
    },
  });
}
