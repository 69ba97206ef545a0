/**
 * A device a restore signed out (decision 089): the session check's 401 then carries the restore's time, and the
 * login page says why the device has to sign in again. No imports: the session check, in every page's first
 * JavaScript, reads the field's name.
 */

/** The field beside `error` in the session check's 401: when the restore that ended this device's session ran. */
export const RESTORED_AT = "restoredAt";

/** What the login page says; `when` is the restore's date and time as the device shows them. */
export const restoredNotice = (when: string) =>
  `The guild's data was restored from a backup on ${when}, which signed this device out. Sign in again to go on.`;
