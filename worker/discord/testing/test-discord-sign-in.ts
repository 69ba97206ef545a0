/**
 * Driving "Sign in with Discord" in tests (decision 070): steering the fake Discord's sign-in side
 * (fake-discord-oauth.ts) over HTTP, and a browser's cookie jar that follows the redirects between the portal and
 * the fake, so a test in workerd does what a Node test does.
 */
import type { RequestTarget } from "../../test/api-client.ts";

let nextSnowflake = 100_000_000_000_000_000n + BigInt(Math.floor(Math.random() * 1_000_000)) * 1_000_000n;
/**
 * The sign-in settings switched off. The settings are the installation's and outlive the sample data's restore, so a
 * browser test that set them up puts this back for the next file.
 */
export const DISCORD_SIGN_IN_OFF = { clientId: "", clientSecret: "", guildId: "", roles: [] };

/** Sign-in settings that make every member with `raiderRole` on the guild's server a raider. */
export const raiderSignIn = (app: {
  clientId: string;
  clientSecret: string;
  guildId: string;
  raiderRole: string;
}) => ({
  clientId: app.clientId,
  clientSecret: app.clientSecret,
  guildId: app.guildId,
  roles: [{ roleId: app.raiderRole, role: "user" as const, label: "" }],
});

/** A Discord id (18 digits) no other test of this run uses. */
export const newSnowflake = (): string => String(++nextSnowflake);

export interface FakeDiscordSignIn {
  url: string;
  registerApplication(clientId: string, clientSecret: string): Promise<void>;
  addUser(user: { id: string; username: string; globalName?: string | null }): Promise<void>;
  /** Puts the user in the server with these roles (and nickname); again to change them. */
  setMember(
    guildId: string,
    userId: string,
    member: { nick?: string | null; roles: string[] },
  ): Promise<void>;
  removeMember(guildId: string, userId: string): Promise<void>;
  /** Who the authorize page signs in for this client when the URL does not say (browser tests). */
  setNextUser(clientId: string, userId: string): Promise<void>;
  /** How many times each code of this client was exchanged. */
  exchanges(clientId: string): Promise<{ code: string; exchanges: number }[]>;
}

export function fakeDiscordSignIn(url: string): FakeDiscordSignIn {
  const send = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status !== 200) throw new Error(`fake Discord ${method} ${path} answered ${res.status}`);
    return res.json();
  };
  return {
    url,
    registerApplication: async (clientId, clientSecret) => {
      await send("POST", "/__oauth/applications", { clientId, clientSecret });
    },
    addUser: async (user) => {
      await send("POST", "/__oauth/users", user);
    },
    setMember: async (guildId, userId, member) => {
      await send("PUT", `/__oauth/guilds/${guildId}/members/${userId}`, member);
    },
    removeMember: async (guildId, userId) => {
      await send("DELETE", `/__oauth/guilds/${guildId}/members/${userId}`);
    },
    setNextUser: async (clientId, userId) => {
      await send("POST", "/__oauth/next-user", { clientId, userId });
    },
    exchanges: (clientId) => send("GET", `/__oauth/exchanges/${clientId}`),
  };
}

/** What a step answered: its status and where it sends the browser. */
export interface Step {
  status: number;
  location: string | null;
}

/** A browser's cookies for the portal, following the sign-in's redirects by hand. */
export class SignInBrowser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: RequestTarget,
    private readonly origin = "http://localhost",
  ) {}

  /** A GET to the portal with this browser's cookies, keeping what it sets. */
  async visit(pathOrUrl: string, headers: Record<string, string> = {}): Promise<Step> {
    const url = new URL(pathOrUrl, this.origin);
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const res = await this.app.request(`${this.origin}${url.pathname}${url.search}`, {
      method: "GET",
      headers: { ...headers, ...(cookie ? { cookie } : {}) },
      redirect: "manual",
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      const [name, value] = [pair.slice(0, at), pair.slice(at + 1)];
      if (value === "" || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    await res.body?.cancel();
    return { status: res.status, location: res.headers.get("location") };
  }

  /** The start step: answers Discord's authorization URL the portal sent the browser to. */
  async start(next?: string): Promise<string> {
    const step = await this.visit(
      `/_api/auth/discord/start${next === undefined ? "" : `?next=${encodeURIComponent(next)}`}`,
    );
    if (step.status !== 302 || !step.location)
      throw new Error(`start answered ${step.status} ${step.location}`);
    return step.location;
  }

  /** Discord's page, agreed to as `as` (a Discord user id, or "deny"): answers the callback URL it redirects to. */
  static async authorize(authorizationUrl: string, as: string): Promise<string> {
    const url = new URL(authorizationUrl);
    url.searchParams.set("as", as);
    const res = await fetch(url, { redirect: "manual" });
    await res.body?.cancel();
    const location = res.headers.get("location");
    if (res.status !== 302 || !location) throw new Error(`the fake's authorize answered ${res.status}`);
    return location;
  }

  /** The whole way: start, Discord's page as `as`, back to the portal; answers the callback's redirect. */
  async signIn(as: string, next?: string): Promise<Step> {
    return this.visit(await SignInBrowser.authorize(await this.start(next), as));
  }

  /** The session cookie as a TestClient takes it ("gp_session=..."), if signed in. */
  get session(): string | undefined {
    const token = this.cookies.get("gp_session");
    return token === undefined ? undefined : `gp_session=${token}`;
  }
}
