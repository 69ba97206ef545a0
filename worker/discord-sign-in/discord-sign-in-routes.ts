/**
 * Sign in with Discord (decision 070), the browser's two steps: start (a state and a PKCE verifier kept here for
 * 10 minutes, bound to this browser by a cookie, then off to Discord) and callback (the state once, the code
 * exchanged, the member's roles read, the account let in or refused). Both answer a redirect: to Discord, to the
 * page the person came from, or to /login?error=<code>, whose text the login page shows.
 */
import { generateCodeVerifier, generateState } from "arctic";
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { DiscordRefusal } from "@shared/auth/discord-sign-in-refusals.ts";
import { mayOpenPath } from "@shared/auth/page-roles.ts";
import { landingPath, safeNextPath } from "@shared/auth/safe-next.ts";
import { DISCORD_SIGN_IN_CALLS } from "@shared/contract/discord-sign-in.ts";
import { SIGN_IN_OPTION_CALLS } from "@shared/contract/sign-in-options.ts";
import { portalRoleOf } from "@shared/schemas/discord-sign-in.ts";
import type { AppEnv } from "../app/context.ts";
import { sendData } from "../app/respond.ts";
import { serveCalls } from "../app/serve-calls.ts";
import { toBase64Url } from "../auth/password-hash.ts";
import { isHttps, writeSessionCookie } from "../auth/session-cookie.ts";
import { hashSessionToken } from "../auth/session-token.ts";
import { OutboundRefused, OutboundTimeout, outboundOf } from "../outbound/guarded-fetch.ts";
import { admitDiscordMember } from "./admit-member.ts";
import {
  authorizationUrl,
  type DiscordApp,
  DiscordSignInRefused,
  discordDisplayName,
  exchangeCode,
  readDiscordUser,
  readGuildMember,
} from "./discord-api.ts";
import {
  insertPendingSignIn,
  MAX_PENDING_SIGN_INS,
  sweepPendingSignIns,
  takePendingSignIn,
} from "./discord-sign-in-repo.ts";
import { redirectUrlOf, signInInForce } from "./sign-in-settings.ts";

/** How long a started sign-in may take on Discord's pages. */
export const SIGN_IN_WINDOW_MS = 10 * 60_000;
/** Binds a started sign-in to the browser that started it; only the two steps' paths ever see it. */
export const BROWSER_COOKIE = "gp_discord_browser";
const COOKIE_PATH = "/_api/auth/discord";
const BROWSER_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const toLogin = (c: Context, refusal: DiscordRefusal) => c.redirect(`/login?error=${refusal}`, 302);

/** The browser's binding token: the one it has (other tabs' sign-ins keep working), else a new one. */
function browserToken(c: Context<AppEnv>): string {
  const held = getCookie(c, BROWSER_COOKIE);
  const token =
    held && BROWSER_TOKEN.test(held) ? held : toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
  setCookie(c, BROWSER_COOKIE, token, {
    httpOnly: true,
    // Lax: the cookie comes back with Discord's redirect, a top-level navigation from another site.
    sameSite: "Lax",
    path: COOKIE_PATH,
    secure: isHttps(c),
    maxAge: SIGN_IN_WINDOW_MS / 1000,
  });
  return token;
}

/** Discord's answers, or the refusal the login page shows; what Discord's trouble was is logged, not shown. */
async function askDiscord(app: DiscordApp, code: string, codeVerifier: string, guildId: string) {
  try {
    const accessToken = await exchangeCode(app, code, codeVerifier);
    const user = await readDiscordUser(app, accessToken);
    const member = await readGuildMember(app, accessToken, guildId);
    return { user, member };
  } catch (err) {
    if (err instanceof DiscordSignInRefused) {
      if (err.refusal === "discord_unavailable") console.error(`Discord sign-in: ${err.message}`);
      return err.refusal;
    }
    if (err instanceof OutboundRefused || err instanceof OutboundTimeout || err instanceof TypeError) {
      console.error(`Discord sign-in: Discord could not be reached (${err.message})`);
      return "discord_unavailable" as const;
    }
    throw err;
  }
}

export const discordSignInRoutes = serveCalls(
  { ...SIGN_IN_OPTION_CALLS, ...DISCORD_SIGN_IN_CALLS },
  {
    options: async (c) => sendData(c, { discord: (await signInInForce(c.get("db"), c.get("config"))).ready }),
    start: async (c) => {
      const db = c.get("db");
      const signIn = await signInInForce(db, c.get("config"));
      if (!signIn.ready) return toLogin(c, "discord_not_configured");
      if ((await sweepPendingSignIns(db)) >= MAX_PENDING_SIGN_INS) return toLogin(c, "discord_unavailable");
      const state = generateState();
      const codeVerifier = generateCodeVerifier();
      const redirectUri = redirectUrlOf(c);
      await insertPendingSignIn(
        db,
        await hashSessionToken(state),
        {
          browserHash: await hashSessionToken(browserToken(c)),
          codeVerifier,
          redirectUri,
          // A next that is not a path of this site is dropped: the sign-in lands on the role's page instead.
          nextPath: safeNextPath(c.req.valid("query").next),
        },
        new Date(Date.now() + SIGN_IN_WINDOW_MS),
      );
      return c.redirect(authorizationUrl({ ...signIn, redirectUri }, state, codeVerifier), 302);
    },
    callback: async (c) => {
      const { code, state, error } = c.req.valid("query");
      const db = c.get("db");
      const pending = state ? await takePendingSignIn(db, await hashSessionToken(state)) : undefined;
      if (!pending) return toLogin(c, "discord_state");
      const browser = getCookie(c, BROWSER_COOKIE);
      if (
        !browser ||
        !BROWSER_TOKEN.test(browser) ||
        (await hashSessionToken(browser)) !== pending.browserHash
      )
        return toLogin(c, "discord_browser");
      if (error !== undefined || !code)
        return toLogin(c, error === "access_denied" ? "discord_cancelled" : "discord_unavailable");

      const config = c.get("config");
      const signIn = await signInInForce(db, config);
      if (!signIn.ready || signIn.clientSecret === null) return toLogin(c, "discord_not_configured");
      const app: DiscordApp = {
        origin: signIn.origin,
        clientId: signIn.clientId,
        clientSecret: signIn.clientSecret,
        redirectUri: pending.redirectUri,
        outbound: outboundOf(config),
      };
      const answer = await askDiscord(app, code, pending.codeVerifier, signIn.guildId);
      if (typeof answer === "string") return toLogin(c, answer);

      const { user, member } = answer;
      const admission = await db.transaction((tx) =>
        admitDiscordMember(tx, {
          discordId: user.id,
          displayName: discordDisplayName(user, member),
          member: member !== null,
          role: member === null ? null : portalRoleOf(member.roles, signIn.roles),
          userAgent: c.req.header("user-agent") ?? "",
        }),
      );
      if (!admission.admitted) return toLogin(c, admission.refusal);
      writeSessionCookie(c, admission.token, admission.expiresAt);
      return c.redirect(landingPath(pending.nextPath, admission.account.role, mayOpenPath), 302);
    },
  },
);
