/**
 * For tests (Node only): Discord's side of "Sign in with Discord" (decision 070), served by the fake Discord
 * (fake-discord.ts) on the same 127.0.0.1 origin, which a portal reaches as DISCORD_OAUTH_TEST_ORIGIN.
 *
 *   GET  /oauth2/authorize?client_id&redirect_uri&state&code_challenge&code_challenge_method=S256&scope[&as=<id>]
 *        Discord's consent page, already agreed: 302 to redirect_uri with a new code and the state. The user is
 *        `as`, else the one POST /__oauth/next-user chose for that client id; `as=deny` answers error=access_denied
 *        as Discord does when the person presses Cancel.
 *   POST /api/oauth2/token   form: grant_type=authorization_code, code, redirect_uri, code_verifier, client_id,
 *        client_secret (or HTTP Basic). A code is good once (a second exchange is invalid_grant, as Discord's), for
 *        its client and redirect_uri, with the verifier whose S256 is the challenge; the secret must be the one
 *        registered for the client id (else 401 invalid_client).
 *   GET  /api/v10/users/@me                              Bearer: the user.
 *   GET  /api/v10/users/@me/guilds/<guild>/member        Bearer: nick and roles; 404 Unknown Guild (10004) when the
 *        user is in no such server, Unknown Member (10007) when the server exists but they left.
 * Steering (tests, over HTTP, so workerd and browser tests drive it as Node tests do):
 *   POST /__oauth/applications  { clientId, clientSecret }
 *   POST /__oauth/users         { id, username, globalName? }
 *   PUT  /__oauth/guilds/<guild>/members/<user>  { nick?, roles }     DELETE: the user leaves the server
 *   POST /__oauth/next-user     { clientId, userId }
 *   GET  /__oauth/exchanges/<clientId>  how many token exchanges each code had: [{ code, exchanges }]
 */
import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

interface Grant {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  userId: string;
  scopes: string[];
  exchanges: number;
}

type Json = (res: ServerResponse, status: number, body: unknown, headers?: Record<string, string>) => void;

const base64url = (bytes: Buffer) => bytes.toString("base64url");

/** What the fake knows: applications, users, servers and their members, codes and access tokens. */
class FakeDiscordState {
  readonly applications = new Map<string, string>();
  readonly users = new Map<string, { id: string; username: string; global_name: string | null }>();
  readonly guilds = new Map<string, Map<string, { nick: string | null; roles: string[] }>>();
  readonly nextUser = new Map<string, string>();
  readonly grants = new Map<string, Grant>();
  readonly tokens = new Map<string, { userId: string; scopes: string[] }>();
}

/** Discord's consent page, agreed to at once (or refused, as=deny): a redirect back with a code or an error. */
function authorize(fake: FakeDiscordState, json: Json, url: URL, res: ServerResponse): void {
  const q = url.searchParams;
  const clientId = q.get("client_id") ?? "";
  if (!fake.applications.has(clientId)) {
    json(res, 400, { message: "Invalid OAuth2 application", code: 50147 });
    return;
  }
  if (
    q.get("response_type") !== "code" ||
    q.get("code_challenge_method") !== "S256" ||
    !q.get("code_challenge")
  ) {
    json(res, 400, { message: "Invalid OAuth2 request" });
    return;
  }
  const redirectUri = q.get("redirect_uri") ?? "";
  const back = new URL(redirectUri);
  back.searchParams.set("state", q.get("state") ?? "");
  const who = q.get("as") ?? fake.nextUser.get(clientId);
  if (who === "deny") {
    back.searchParams.set("error", "access_denied");
    back.searchParams.set(
      "error_description",
      "The resource owner or authorization server denied the request",
    );
  } else if (!who || !fake.users.has(who)) {
    json(res, 400, { message: "No user chosen to sign in (POST /__oauth/next-user)" });
    return;
  } else {
    const code = base64url(randomBytes(20));
    const scopes = (q.get("scope") ?? "").split(" ").filter(Boolean);
    const codeChallenge = q.get("code_challenge") ?? "";
    fake.grants.set(code, { clientId, redirectUri, codeChallenge, userId: who, scopes, exchanges: 0 });
    back.searchParams.set("code", code);
  }
  res.writeHead(302, { location: back.toString() });
  res.end();
}

/** The token endpoint: a code once, for its client, redirect URI and PKCE verifier. */
function token(
  fake: FakeDiscordState,
  json: Json,
  req: IncomingMessage,
  form: URLSearchParams,
  res: ServerResponse,
) {
  let clientId = form.get("client_id") ?? "";
  let secret = form.get("client_secret") ?? "";
  const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? "");
  if (basic)
    [clientId = "", secret = ""] = Buffer.from(basic[1] as string, "base64")
      .toString()
      .split(":");
  if (!fake.applications.has(clientId) || fake.applications.get(clientId) !== secret) {
    json(res, 401, { error: "invalid_client" });
    return;
  }
  const grant = fake.grants.get(form.get("code") ?? "");
  if (form.get("grant_type") !== "authorization_code" || !grant) {
    json(res, 400, { error: "invalid_grant" });
    return;
  }
  grant.exchanges += 1;
  const challenge = base64url(
    createHash("sha256")
      .update(form.get("code_verifier") ?? "")
      .digest(),
  );
  const good =
    grant.exchanges === 1 &&
    grant.clientId === clientId &&
    grant.redirectUri === form.get("redirect_uri") &&
    grant.codeChallenge === challenge;
  if (!good) {
    json(res, 400, { error: "invalid_grant", error_description: 'Invalid "code" in request.' });
    return;
  }
  const accessToken = base64url(randomBytes(24));
  fake.tokens.set(accessToken, { userId: grant.userId, scopes: grant.scopes });
  json(res, 200, {
    access_token: accessToken,
    token_type: "Bearer",
    expires_in: 604800,
    refresh_token: base64url(randomBytes(24)),
    scope: grant.scopes.join(" "),
  });
}

/** The two reads the portal makes with an access token. */
function api(
  fake: FakeDiscordState,
  json: Json,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): void {
  const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
  const grant = bearer ? fake.tokens.get(bearer) : undefined;
  const user = grant ? fake.users.get(grant.userId) : undefined;
  if (!grant || !user) {
    json(res, 401, { message: "401: Unauthorized", code: 0 });
    return;
  }
  if (path === "/api/v10/users/@me") {
    json(res, 200, { ...user, discriminator: "0", avatar: null });
    return;
  }
  const guildId = /^\/api\/v10\/users\/@me\/guilds\/(\d+)\/member$/.exec(path)?.[1];
  const guild = guildId === undefined ? undefined : fake.guilds.get(guildId);
  const seat = guild?.get(grant.userId);
  if (guildId === undefined) json(res, 404, { message: "404: Not Found", code: 0 });
  else if (!grant.scopes.includes("guilds.members.read"))
    json(res, 403, { message: "Missing Access", code: 50001 });
  else if (!guild) json(res, 404, { message: "Unknown Guild", code: 10004 });
  else if (!seat) json(res, 404, { message: "Unknown Member", code: 10007 });
  else json(res, 200, { user, nick: seat.nick, roles: seat.roles, joined_at: "2024-01-01T00:00:00+00:00" });
}

/** The steering endpoints (/__oauth/...); false for a path that is not one. */
async function steer(
  fake: FakeDiscordState,
  req: IncomingMessage,
  path: string,
  body: () => Promise<Record<string, unknown>>,
): Promise<unknown> {
  if (req.method === "POST" && path === "/__oauth/applications") {
    const { clientId, clientSecret } = await body();
    fake.applications.set(String(clientId), String(clientSecret));
  } else if (req.method === "POST" && path === "/__oauth/users") {
    const user = await body();
    const id = String(user.id);
    fake.users.set(id, {
      id,
      username: String(user.username),
      global_name: (user.globalName as string) ?? null,
    });
  } else if (req.method === "POST" && path === "/__oauth/next-user") {
    const { clientId, userId } = await body();
    fake.nextUser.set(String(clientId), String(userId));
  } else if (
    /^\/__oauth\/guilds\/\d+\/members\/\d+$/.test(path) &&
    (req.method === "PUT" || req.method === "DELETE")
  ) {
    const [, , , guildId = "", , userId = ""] = path.split("/");
    const guild = fake.guilds.get(guildId) ?? new Map();
    fake.guilds.set(guildId, guild);
    if (req.method === "DELETE") guild.delete(userId);
    else {
      const member = await body();
      guild.set(userId, { nick: (member.nick as string) ?? null, roles: (member.roles as string[]) ?? [] });
    }
  } else if (req.method === "GET" && path.startsWith("/__oauth/exchanges/")) {
    const clientId = path.slice("/__oauth/exchanges/".length);
    return [...fake.grants]
      .filter(([, grant]) => grant.clientId === clientId)
      .map(([code, grant]) => ({ code, exchanges: grant.exchanges }));
  } else return false;
  return { ok: true };
}

export function fakeDiscordOAuth(json: Json, readBody: (req: IncomingMessage) => Promise<string>) {
  const fake = new FakeDiscordState();
  /** Answers the request when it is one of sign-in's paths; false for any other path. */
  return async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const path = url.pathname;
    if (req.method === "GET" && path === "/oauth2/authorize") authorize(fake, json, url, res);
    else if (req.method === "POST" && path === "/api/oauth2/token")
      token(fake, json, req, new URLSearchParams(await readBody(req)), res);
    else if (req.method === "GET" && path.startsWith("/api/v10/users/@me")) api(fake, json, req, res, path);
    else {
      const answer = await steer(fake, req, path, async () => JSON.parse((await readBody(req)) || "{}"));
      if (answer === false) return false;
      json(res, 200, answer);
    }
    return true;
  };
}
