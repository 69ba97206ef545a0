/** Sign in with Discord (decision 070): the browser's steps and the admins' settings (the login page's question: auth.ts). */
import {
  type DiscordSignInSettings,
  discordSignInUpdateSchema,
  signInCallbackQuerySchema,
  signInStartQuerySchema,
} from "../schemas/discord-sign-in.ts";
import { answer, call, redirectAnswer } from "./call.ts";

export const DISCORD_SIGN_IN_CALLS = {
  start: call({
    method: "GET",
    path: "/auth/discord/start",
    role: "public",
    summary:
      "A browser's way to Discord: keeps a state and a PKCE verifier for 10 minutes, binds them to this browser with a cookie and redirects to Discord's authorization page (to /login?error=discord_not_configured when sign-in is not set up). `next`: the page to return to.",
    query: signInStartQuerySchema,
    answer: redirectAnswer(),
  }),
  callback: call({
    method: "GET",
    path: "/auth/discord/callback",
    role: "public",
    summary:
      "Where Discord sends the browser back: checks the state (once, this browser's), exchanges the code, reads the member's roles in the guild's server, signs in (making the account at the first sign-in) and redirects to the page; a refusal redirects to /login?error=<code>.",
    query: signInCallbackQuerySchema,
    answer: redirectAnswer(),
  }),
};

export const DISCORD_SIGN_IN_SETTINGS_CALLS = {
  read: call({
    method: "GET",
    path: "/admin/discord-sign-in",
    role: "admin",
    summary:
      "The Discord sign-in settings and the redirect URL to give Discord; whether a client secret is set, never the secret.",
    answer: answer<DiscordSignInSettings>(),
  }),
  save: call({
    method: "PUT",
    path: "/admin/discord-sign-in",
    role: "admin",
    summary:
      "Saves the client id, the client secret (kept encrypted; absent: unchanged, empty: removed), the server id and the role mapping; audited without the secret.",
    body: discordSignInUpdateSchema,
    answer: answer<DiscordSignInSettings>(),
  }),
};
