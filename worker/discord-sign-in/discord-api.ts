/**
 * What Discord sign-in asks Discord (decision 070). arctic builds the authorization URL (state, PKCE S256); the
 * token exchange and the two API reads go through guardedFetch (decision 053), which arctic's own requests would
 * pass by, and their answers are read with zod.
 */
import { CodeChallengeMethod, OAuth2Client } from "arctic";
import * as z from "zod";
import type { DiscordRefusal } from "@shared/auth/discord-sign-in-refusals.ts";
import { normalizeName, refusedCharacterIn } from "@shared/names/normalize-name.ts";
import { DISPLAY_NAME_MAX_LENGTH } from "@shared/schemas/accounts.ts";
import { guardedFetch, type Outbound } from "../outbound/guarded-fetch.ts";

export const DISCORD_ORIGIN = "https://discord.com";
export const DISCORD_SCOPES = ["identify", "guilds.members.read"];

export interface DiscordApp {
  /** https://discord.com, or a test's fake. */
  origin: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  outbound: Outbound;
}

/** Discord's page where the person allows the portal to read who they are and their roles in the server. */
export function authorizationUrl(
  app: Pick<DiscordApp, "origin" | "clientId" | "redirectUri">,
  state: string,
  codeVerifier: string,
): string {
  const client = new OAuth2Client(app.clientId, null, app.redirectUri);
  const url = client.createAuthorizationURLWithPKCE(
    `${app.origin}/oauth2/authorize`,
    state,
    CodeChallengeMethod.S256,
    codeVerifier,
    DISCORD_SCOPES,
  );
  // A member who allowed the portal before goes straight back instead of being asked again.
  url.searchParams.set("prompt", "none");
  return url.toString();
}

/** Discord said no, or answered what the portal cannot use: the login page shows `refusal`'s text. */
export class DiscordSignInRefused extends Error {
  override name = "DiscordSignInRefused";
  constructor(
    readonly refusal: DiscordRefusal,
    detail: string,
  ) {
    super(detail);
  }
}

const tokenAnswer = z.object({ access_token: z.string().min(1).max(2000), token_type: z.string().max(50) });
const tokenError = z.object({ error: z.string().max(200) });
const discordUser = z.object({
  id: z.string().regex(/^[1-9][0-9]{16,19}$/),
  username: z.string().min(1).max(100),
  global_name: z.string().max(100).nullish(),
});
const guildMember = z.object({
  nick: z.string().max(100).nullish(),
  roles: z.array(z.string().max(30)).max(500),
});
const apiError = z.object({ code: z.number() });

export type DiscordUser = z.infer<typeof discordUser>;
export type GuildMember = z.infer<typeof guildMember>;

/** Discord's codes for a server the user is not in (Unknown Guild) and for a non-member (Unknown Member). */
const NOT_A_MEMBER_CODES = new Set([10004, 10007]);

async function readJson(response: Response): Promise<unknown> {
  try {
    return JSON.parse(await response.text());
  } catch {
    return undefined;
  }
}

function unexpected(what: string, status: number): DiscordSignInRefused {
  return new DiscordSignInRefused("discord_unavailable", `Discord answered ${status} to ${what}`);
}

/** The access token for `code`; a code used twice or expired is Discord's `invalid_grant`. */
export async function exchangeCode(app: DiscordApp, code: string, codeVerifier: string): Promise<string> {
  const body = new URLSearchParams({
    grant_type: "authorization_code",
    code,
    redirect_uri: app.redirectUri,
    code_verifier: codeVerifier,
    client_id: app.clientId,
    client_secret: app.clientSecret,
  });
  const response = await guardedFetch(
    `${app.origin}/api/oauth2/token`,
    {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: body.toString(),
    },
    app.outbound,
  );
  const answer = await readJson(response);
  if (response.status === 200) {
    const tokens = tokenAnswer.safeParse(answer);
    if (tokens.success && tokens.data.token_type.toLowerCase() === "bearer") return tokens.data.access_token;
    throw unexpected("the token exchange", response.status);
  }
  const error = tokenError.safeParse(answer);
  if (response.status === 400 && error.success && error.data.error === "invalid_grant")
    throw new DiscordSignInRefused("discord_code", "Discord refused the code (invalid_grant)");
  if (error.success && error.data.error === "invalid_client")
    throw new DiscordSignInRefused("discord_unavailable", "Discord refused the client id or secret");
  throw unexpected("the token exchange", response.status);
}

async function apiGet(app: DiscordApp, path: string, accessToken: string): Promise<Response> {
  return guardedFetch(
    `${app.origin}/api/v10${path}`,
    { method: "GET", headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" } },
    app.outbound,
  );
}

/** Who signed in (scope `identify`). */
export async function readDiscordUser(app: DiscordApp, accessToken: string): Promise<DiscordUser> {
  const response = await apiGet(app, "/users/@me", accessToken);
  const user = discordUser.safeParse(await readJson(response));
  if (response.status !== 200 || !user.success) throw unexpected("users/@me", response.status);
  return user.data;
}

/** Their nickname and roles in the guild's server (scope `guilds.members.read`), or null when not a member. */
export async function readGuildMember(
  app: DiscordApp,
  accessToken: string,
  guildId: string,
): Promise<GuildMember | null> {
  const response = await apiGet(app, `/users/@me/guilds/${guildId}/member`, accessToken);
  const answer = await readJson(response);
  if (response.status === 404) {
    const error = apiError.safeParse(answer);
    if (error.success && NOT_A_MEMBER_CODES.has(error.data.code)) return null;
  }
  const member = guildMember.safeParse(answer);
  if (response.status !== 200 || !member.success) throw unexpected("the guild member read", response.status);
  return member.data;
}

/** A Discord name as the portal stores names: without the characters it refuses, NFC, trimmed, 100 at most. */
function storableName(name: string | null | undefined): string {
  const kept = [...(name ?? "")].filter((ch) => refusedCharacterIn(ch) === null).join("");
  let out = "";
  for (const ch of normalizeName(kept)) {
    if (out.length + ch.length > DISPLAY_NAME_MAX_LENGTH) break;
    out += ch;
  }
  return out.trim();
}

/** The name an account shows: the server nickname, else the Discord display name, else the username. */
export function discordDisplayName(user: DiscordUser, member: GuildMember | null): string {
  for (const name of [member?.nick, user.global_name, user.username]) {
    const stored = storableName(name);
    if (stored) return stored;
  }
  return `Discord ${user.id}`;
}
