/**
 * What the server answers a device whose account's access was removed (decision 073): an admin disabled it, or its
 * Discord roles no longer admit it. Its sessions are kept, marked, so the device is told so instead of being asked
 * to log in again. No imports: the session check, in every page's first JavaScript, reads it.
 */

/**
 * The answer to a device whose account was disabled, or whose Discord roles no longer admit it (decision 073): its
 * calls and queued writes are refused for good with this, where an expired session is asked to log in again.
 */
export const ACCESS_REMOVED =
  "Your access to the guild portal was removed, so this change was not saved. Ask a guild admin if this is a mistake.";

/** What the session check answers (403) to a device whose account's access was removed; the login page shows it. */
export const ACCESS_REMOVED_NOTICE =
  "Your access to the guild portal was removed, and this device is signed out. Ask a guild admin if this is a mistake.";
