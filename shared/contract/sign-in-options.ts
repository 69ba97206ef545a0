/**
 * What the login page offers besides the password (decision 070). A file of its own without zod: the login page asks
 * it, and the app's entry (which takes the session calls of auth.ts) does not carry it.
 */
import type { SignInOptions } from "../schemas/discord-sign-in.ts";
import { answer, call } from "./call.ts";

export const SIGN_IN_OPTION_CALLS = {
  options: call({
    method: "GET",
    path: "/public/sign-in-options",
    role: "public",
    summary: "Which ways to sign in the login page offers besides the password: `{ discord }`.",
    answer: answer<SignInOptions>(),
  }),
};
