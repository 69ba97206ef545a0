/**
 * Check-in for a boss kill (issue 27, point 1; decision 079). Online calls, never queued: a check-in counts only
 * when the server has it while the check-in is open, and says why when it does not.
 */
import {
  addCheckInEntrySchema,
  type CheckInAnswer,
  type CheckInClosed,
  type CheckInList,
  checkInCodeQuerySchema,
  checkInIdSchema,
  checkInQuerySchema,
  checkInSchema,
  closeCheckInSchema,
  type MyCheckInAnswer,
  type MyCheckIns,
  openCheckInSchema,
  removeCheckInEntrySchema,
} from "../schemas/check-ins.ts";
import { answer, call } from "./call.ts";

/** The officers' side: open, watch, correct, close or cancel. */
export const CHECK_IN_CALLS = {
  list: call({
    method: "GET",
    path: "/check-ins",
    role: "officer",
    summary: "The open check-ins, then those closed or cancelled in the last day, newest first.",
    answer: answer<CheckInList>(),
  }),
  read: call({
    method: "GET",
    path: "/check-ins/one",
    role: "officer",
    summary: "One check-in with its names: who, added by the raider or an officer, and when.",
    query: checkInQuerySchema,
    answer: answer<CheckInAnswer>(),
  }),
  open: call({
    method: "POST",
    path: "/check-ins",
    role: "officer",
    summary:
      "Opens a check-in for a kill (201) with a 6-character code, for 20 minutes unless `minutes` says.",
    body: openCheckInSchema,
    answer: answer<CheckInAnswer>(),
  }),
  add: call({
    method: "POST",
    path: "/check-ins/add",
    role: "officer",
    summary: "Puts an active member on an open check-in by name; 409 when already on it.",
    body: addCheckInEntrySchema,
    answer: answer<CheckInAnswer>(),
  }),
  remove: call({
    method: "POST",
    path: "/check-ins/remove",
    role: "officer",
    summary: "Takes a member off an open check-in.",
    body: removeCheckInEntrySchema,
    answer: answer<CheckInAnswer>(),
  }),
  close: call({
    method: "POST",
    path: "/check-ins/close",
    role: "officer",
    summary:
      "Closes a check-in into an attendance record (raid counts +1), or only closes it and answers its names.",
    body: closeCheckInSchema,
    answer: answer<CheckInClosed>(),
  }),
  cancel: call({
    method: "POST",
    path: "/check-ins/cancel",
    role: "officer",
    summary: "Cancels an open check-in; nothing is recorded.",
    body: checkInIdSchema,
    answer: answer<CheckInAnswer>(),
  }),
};

/** The raider's side: what is open for me, look a code up, check in. */
export const MY_CHECK_IN_CALLS = {
  list: call({
    method: "GET",
    path: "/me/check-ins",
    role: "user",
    summary:
      "The check-ins open now, whether the account checked in to each and as whom, and its characters.",
    answer: answer<MyCheckIns>(),
  }),
  lookUp: call({
    method: "GET",
    path: "/me/check-ins/code",
    role: "user",
    summary: "The check-in a code names, open or not (404 for an unknown code).",
    query: checkInCodeQuerySchema,
    answer: answer<MyCheckInAnswer>(),
  }),
  checkIn: call({
    method: "POST",
    path: "/me/check-ins",
    role: "user",
    summary:
      "Checks the account in as its main or one of its alts, by code or ID; refused with why when it cannot.",
    body: checkInSchema,
    answer: answer<MyCheckInAnswer>(),
  }),
};
