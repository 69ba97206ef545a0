/**
 * For data-layer tests: the real API (createApp on a migrated in-memory PGlite) served over HTTP on
 * 127.0.0.1 behind ApiFaults, and a browser's fetch for it that keeps the session cookie and sends what
 * a page of the same origin sends. One per test file (`testApiServer`); `reset` gives each test the
 * same small guild. What the server holds is read back through the API or from its database.
 */
import type { AddressInfo } from "node:net";
import { type HttpBindings, serve } from "@hono/node-server";
import { Hono } from "hono";
import superjson from "superjson";
import { afterAll, beforeAll } from "vitest";
import type { BossTimer } from "@shared/schemas/boss-timers.ts";
import type { GuildMember } from "@shared/schemas/members.ts";
import type { WriteOwner } from "@web/data/portal-db.ts";
import {
  auditFor,
  createAccount,
  type Portal,
  resetPortalData,
  setUpPortal,
  TEST_PASSWORD,
} from "@worker/salary/portal-test-setup.ts";
import { ApiFaults } from "./api-faults.ts";

export interface AppliedWrite {
  key: string;
  /** The account whose session the server applied it under. */
  userId: number | null;
  /** Path under /_api. */
  path: string;
  /** The answer the server stored for the key. */
  answer: Record<string, unknown>;
}

/** Every test starts from this guild: three active members, one kicked, five bosses (one on a fixed schedule). */
const SEED = `
  INSERT INTO guild_members (player_name, category, raids_participated, salary, status, kicked_date) VALUES
    ('Aldric', 'Guild Master', 3, 440, 'active', NULL),
    ('Brina', 'Core', 3, 440, 'active', NULL),
    ('Corvin', 'Members', 3, 440, 'active', NULL),
    ('Dagny', 'Members', 3, 440, 'kicked', now());
  INSERT INTO boss_names (name, respawn_time_hours) VALUES
    ('VENATUS', 10), ('VIORENT', 10), ('EGO', 21), ('LIVERA', 24), ('CLEMANTIS', -8);
  UPDATE guild_funds SET reserved_guild_funds = 320, admin_fund = 160;
`;

/** A fetch that keeps cookies like a browser's jar and marks its requests as the same origin's. */
export function browserFetch(origin: string, jar = new Map<string, string>()): typeof fetch {
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set("Sec-Fetch-Site", "same-origin");
    if ((init?.method ?? "GET") !== "GET") headers.set("Origin", origin);
    if (jar.size > 0) headers.set("Cookie", [...jar].map(([name, value]) => `${name}=${value}`).join("; "));
    const response = await fetch(input, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const name = pair.slice(0, pair.indexOf("=")).trim();
      const value = pair.slice(pair.indexOf("=") + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age\s*=\s*0\s*$/i.test(a));
      if (value === "" || expired) jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  };
}

/** Who the browser is signed in as: the admin account, a second admin, an officer, the raider account, or nobody. */
export type BrowserSession = "admin" | "otherAdmin" | "officer" | "user" | null;

export class TestApiServer {
  readonly faults = new ApiFaults();
  private sessionExpired = false;
  private signedInAs: BrowserSession = "admin";
  private signedInUser: WriteOwner | null = null;
  /** The browser's cookies. */
  private readonly jar = new Map<string, string>();
  /**
   * Each account's session once it has logged in: switching back to it puts its cookie back instead of logging
   * in again (a login hashes the password, 100,000 PBKDF2 iterations, which runs of many switches can't afford).
   */
  private readonly sessions = new Map<
    Exclude<BrowserSession, null>,
    { cookies: [string, string][]; user: WriteOwner }
  >();
  private running: {
    portal: Portal;
    origin: string;
    fetch: typeof fetch;
    email: string;
    otherEmail: string;
    officerEmail: string;
    userEmail: string;
    close(): void;
  } | null = null;

  private get live() {
    if (!this.running) throw new Error("The test API server is not running: call testApiServer() at the top");
    return this.running;
  }

  get origin(): string {
    return this.live.origin;
  }

  /** The fetch of the browser the layers run in: signed in as an admin once `start` has run. */
  get fetch(): typeof fetch {
    return this.live.fetch;
  }

  async start(): Promise<void> {
    const portal = await setUpPortal("data-layer");
    const outer = new Hono<{ Bindings: HttpBindings }>();
    outer.use(this.faults.middleware);
    outer.all("*", (c) => portal.app.fetch(c.req.raw));
    const server = serve({ fetch: outer.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => server.once("listening", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const close = () => {
      if ("closeAllConnections" in server) server.closeAllConnections();
      server.close();
    };
    this.running = {
      portal,
      origin,
      fetch: browserFetch(origin, this.jar),
      email: await createAccount(portal.db, "browser", "admin"),
      otherEmail: await createAccount(portal.db, "browser", "admin"),
      officerEmail: await createAccount(portal.db, "browser", "officer"),
      userEmail: await createAccount(portal.db, "browser", "user"),
      close,
    };
    await this.signIn();
  }

  async close(): Promise<void> {
    const running = this.running;
    this.running = null;
    running?.close();
    await running?.portal.close();
  }

  /** Back to the seeded guild, with the browser signed in and no faults or recorded requests. */
  async reset(): Promise<void> {
    const { db } = this.live.portal;
    await resetPortalData(db);
    await db.exec(`DELETE FROM boss_timers; DELETE FROM boss_names; ${SEED}`);
    if (this.sessionExpired || this.signedInAs !== "admin") await this.signIn();
    this.faults.clear();
  }

  /** Logs the browser in as the admin through the API, as the login page does. */
  signIn(): Promise<void> {
    return this.signInAs("admin");
  }

  /**
   * Signs the browser in as one of the accounts through the API (once per account; later switches put its
   * session cookie back), or out (null: the browser forgets its cookie). The server answers GET /changes for the
   * session it sees, so tests keep it the same as the layer's role.
   */
  async signInAs(session: BrowserSession): Promise<void> {
    const { origin, email, otherEmail, officerEmail, userEmail } = this.live;
    const post = (path: string, body: unknown) =>
      this.fetch(`${origin}/_api/auth/${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    this.jar.clear();
    this.signedInAs = null;
    this.signedInUser = null;
    if (session === null) return;
    const kept = this.sessions.get(session);
    if (kept) {
      for (const [name, value] of kept.cookies) this.jar.set(name, value);
      this.signedInAs = session;
      this.signedInUser = kept.user;
      return;
    }
    const login = {
      email: { admin: email, otherAdmin: otherEmail, officer: officerEmail, user: userEmail }[session],
      password: TEST_PASSWORD,
    };
    const response = await post("login_with_password", login);
    if (!response.ok) throw new Error(`Login failed: ${response.status} ${await response.text()}`);
    const { user } = (await response.json()) as { user: WriteOwner };
    this.sessionExpired = false;
    this.signedInAs = session;
    this.signedInUser = { id: user.id, email: user.email, displayName: user.displayName };
    this.sessions.set(session, { cookies: [...this.jar], user: this.signedInUser });
  }

  /** The account the browser is signed in as (null: nobody). */
  get account(): WriteOwner | null {
    return this.signedInUser;
  }

  /** The browser's session runs out on the server (its cookie is still sent). */
  async expireSession(): Promise<void> {
    await this.live.portal.db.query(
      `UPDATE sessions SET expires_at = now() - interval '1 minute'
        WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
      [this.live.email],
    );
    this.sessions.delete("admin");
    this.sessionExpired = true;
  }

  /** The writes the server applied with an Idempotency-Key, in the order it applied them. */
  async applied(): Promise<AppliedWrite[]> {
    const rows = await this.live.portal.db.query<{
      key: string;
      userId: number | null;
      path: string;
      body: string;
    }>(
      `SELECT key, user_id AS "userId", path, response_body AS body FROM idempotency_keys
        WHERE response_status BETWEEN 200 AND 299 ORDER BY created_at, key`,
    );
    return rows.map((row) => ({
      key: row.key,
      userId: row.userId,
      path: row.path.replace(/^\/_api/, ""),
      answer: superjson.parse<Record<string, unknown>>(row.body),
    }));
  }

  /** The audit log's actions on one entity, oldest first: one per change the server made. */
  async auditedActions(entity: string, entityId: string | number): Promise<string[]> {
    return (await auditFor(this.live.portal.db, entity, entityId)).map((entry) => entry.action);
  }

  /** The audit log's entries on one entity, oldest first. */
  auditEntries(entity: string, entityId: string | number) {
    return auditFor(this.live.portal.db, entity, entityId);
  }

  /** The emails of the accounts the test browser signs in as (not the app's own admin client). */
  deviceAccountEmails(): string[] {
    const { email, otherEmail, officerEmail, userEmail } = this.live;
    return [email, otherEmail, officerEmail, userEmail];
  }

  /** Who made each change the server recorded on one entity, oldest first (the audit log's account). */
  async auditedActors(entity: string, entityId: string | number): Promise<(string | null)[]> {
    return (await auditFor(this.live.portal.db, entity, entityId)).map((entry) => entry.actorEmail);
  }

  /** The admin roster as the API answers it now. */
  async members(): Promise<GuildMember[]> {
    return (await this.answer<{ guildMembers: GuildMember[] }>("/guild-members?status=all")).guildMembers;
  }

  async memberId(playerName: string): Promise<number> {
    const member = (await this.members()).find((m) => m.playerName === playerName);
    if (!member) throw new Error(`The server has no member ${playerName}`);
    return member.id;
  }

  /** A boss's timer as GET /boss-timers answers it now. */
  async timer(bossName: string): Promise<BossTimer | undefined> {
    const { timers } = await this.answer<{ timers: BossTimer[] }>("/boss-timers");
    return timers.find((timer) => timer.bossName === bossName);
  }

  /** Another admin's call, straight to the app (not through the faults, not recorded). */
  async asAnotherAdmin(path: string, body: unknown): Promise<void> {
    const response = await this.live.portal.admin.post(`/_api${path}`, body);
    if (response.status >= 300) throw new Error(`${path} answered ${response.status}: ${response.text}`);
  }

  /** GETs of a path under /_api (with its query) that reached the server so far. */
  /** GETs of a path: with a query, that exact one; without, with any query (e.g. every GET /changes). */
  readsOf(path: string): number {
    const matches = (seen: string) => seen === path || (!path.includes("?") && seen.split("?")[0] === path);
    return this.faults.requests.filter((r) => r.method === "GET" && matches(r.path)).length;
  }

  /** The data writes that reached the server so far (logins left out). */
  writes() {
    return this.faults.requests.filter((r) => r.method === "POST" && !r.path.startsWith("/auth/"));
  }

  /** Resolves once `condition` holds; for requests still on their way. */
  async until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error("The test API server never saw the expected request");
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }

  /** What GET of a path under /_api answers an admin now, straight from the app. */
  async answer<T>(path: string): Promise<T> {
    const response = await this.live.portal.admin.get(`/_api${path}`);
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${response.text}`);
    return response.data as T;
  }
}

/** The real API for this test file: started before its tests, closed after them. */
export function testApiServer(): TestApiServer {
  const server = new TestApiServer();
  beforeAll(() => server.start());
  afterAll(() => server.close());
  return server;
}
