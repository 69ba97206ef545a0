/**
 * Who is signed in, and signing out (decision 002). Kept apart from the login (login.ts), whose schema brings
 * zod: every page asks for the session before anything else loads.
 */
import type { SignInOptions } from "../schemas/discord-sign-in.ts";
import type { SessionUser } from "../schemas/login.ts";
import { answer, call } from "./call.ts";

export const SESSION_CALLS = {
  session: call({
    method: "GET",
    path: "/auth/session",
    role: "public",
    summary: "The account signed in; 401 when none.",
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

/** What the login page offers besides the password (decision 070); as light as the session calls for its page. */
export const SIGN_IN_OPTION_CALLS = {
  options: call({
    method: "GET",
    path: "/public/sign-in-options",
    role: "public",
    summary: "Which ways to sign in the login page offers besides the password: `{ discord }`.",
    answer: answer<SignInOptions>(),
  }),
};
