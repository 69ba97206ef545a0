/**
 * How large a request body a call may send (decision 028); a call's declaration names its limit when it is not
 * the JSON one (the import, the restore and the batch have theirs beside their declarations). The worker checks
 * it before the body is read (worker/app/body-limit.ts).
 */
import type { BodyLimit } from "./call.ts";

const KB = 1024;
const tooLarge = (maxBytes: number) =>
  `The request body is larger than ${maxBytes / KB} KB, the most this call accepts.`;

/** Every JSON call without a limit of its own: login, accounts, members, bosses, timers, the fix tool. */
export const JSON_BODY_LIMIT: BodyLimit = { maxBytes: 64 * KB, message: tooLarge(64 * KB) };

/**
 * A loot item (up to 1,000 participants) or an attendance record (up to 500): names of at most 100 characters,
 * each at most 3 bytes in UTF-8 (a character outside the BMP is 2 of the 100 and 4 bytes), so 1,000 names take
 * at most about 303,000 bytes (296 KB) written as a JSON array or a comma list.
 */
export const PARTICIPANT_LIST_BODY_LIMIT: BodyLimit = { maxBytes: 512 * KB, message: tooLarge(512 * KB) };
