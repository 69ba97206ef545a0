/**
 * Who is signed in, and signing out (decision 002). Kept apart from the login (login.ts), whose schema brings
 * zod: every page asks for the session before anything else loads.
 */
import type { SessionUser } from "../schemas/login.ts";
import { answer, call } from "./call.ts";

export const SESSION_CALLS = {
  session: call({
    method: "GET",
    path: "/auth/session",
    role: "public",
    summary:
      "The account signed in; 401 when none (with `restoredAt` when a restore ended the cookie's session, decision 089); 403 when the cookie's account lost its access (disabled, or its Discord roles; decision 073).",
    answer: answer<{ user: SessionUser }>(),
  }),
  logout: call({
    method: "POST",
    path: "/auth/logout",
    role: "public",
    summary: "Ends this session and clears its cookie.",
    answer: answer<{ success: true }>(),
  }),
};
