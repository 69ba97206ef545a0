/** What a signed-in account reads about itself (decision 051) and its signed-in devices (decision 068). */
import type { MyEarnings } from "../schemas/my-earnings.ts";
import { type DeviceSession, endSessionSchema } from "../schemas/sessions.ts";
import { answer, call } from "./call.ts";

export const ME_CALLS = {
  earnings: call({
    method: "GET",
    path: "/me/earnings",
    role: "user",
    summary: "The shares, payouts, balance and latest raids of the account's main character and its alts.",
    answer: answer<MyEarnings>(),
  }),
  sessions: call({
    method: "GET",
    path: "/me/sessions",
    role: "user",
    summary: "The account's signed-in devices, the most recently used first, the asking one marked current.",
    answer: answer<{ sessions: DeviceSession[] }>(),
  }),
  endSession: call({
    method: "POST",
    path: "/me/sessions/end",
    role: "user",
    summary:
      "Signs one of the account's devices out (404 when it is not signed in); the asking one too, as a logout.",
    body: endSessionSchema,
    answer: answer<{ ended: true; current: boolean }>(),
  }),
};
