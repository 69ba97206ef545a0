/**
 * An account's signed-in devices (issue 25, point 5; decision 068): what GET /_api/me/sessions answers and the body
 * of signing one out. Used by the worker to validate and by My earnings' devices card.
 */
import * as z from "zod";
import { idField, unknownKeys } from "./accounts.ts";

export const SESSION_MESSAGES = {
  notFound: "That device is no longer signed in.",
} as const;

export const endSessionSchema = z.strictObject({ id: idField }, unknownKeys);
export type EndSessionInput = z.input<typeof endSessionSchema>;

/** One signed-in device of the account. */
export interface DeviceSession {
  id: number;
  /** The browser and system, named from the User-Agent at sign-in ('Chrome on Android'). */
  device: string;
  signedInAt: Date;
  /** When the session was last used, to the day (a session's expiry slides at most daily). */
  lastActiveAt: Date;
  /** The session of the device asking. */
  current: boolean;
}
