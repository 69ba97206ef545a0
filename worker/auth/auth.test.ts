import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_REMOVED_NOTICE } from "@shared/auth/access-removed.ts";
import { createApp } from "../app/create-app.ts";
import type { Db } from "../db/types.ts";
import { TestClient } from "../test/api-client.ts";
import { createTestDb } from "../test/test-db.ts";
import { INVALID_CREDENTIALS } from "./auth-routes.ts";
import { DEFAULT_ADMIN_EMAIL, ensureAdmin } from "./bootstrap-admin.ts";
import { hashPassword, PBKDF2_ITERATIONS } from "./password-hash.ts";
import { setPasswordHash } from "./user-passwords-repo.ts";
import { insertUser, type Role } from "./users-repo.ts";

const pepper = "test-pepper-0123456789";
let db: Db;
let app: ReturnType<typeof createApp>;
let seq = 0;

async function makeUser(role: Role, password = "correct horse battery") {
  seq += 1;
  const email = `${role}${seq}-${Date.now()}@guild.test`;
  const user = await insertUser(db, { email, displayName: `${role} ${seq}`, role });
  await setPasswordHash(db, user.id, await hashPassword(password, pepper));
  return { ...user, password };
}

beforeAll(async () => {
  db = await createTestDb();
  app = createApp({ db, config: { brand: "Test Guild", timeZone: null, pepper } });
});
afterAll(async () => {
  await db?.close();
});

describe(`auth (${process.env.TEST_DRIVER ?? "default"} driver)`, () => {
  it("logs in with email and password, sets a safe session cookie, and the session answers the user", async () => {
    const u = await makeUser("admin");
    const client = new TestClient(app);
    const res = await client.login(u.email.toUpperCase(), u.password);
    expect(res.status).toBe(200);
    expect(res.data.user).toMatchObject({ email: u.email, displayName: u.displayName, role: "admin" });
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^gp_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/i);
    const session = await client.get("/_api/auth/session");
    expect(session.status).toBe(200);
    expect(session.data.user).toMatchObject({ id: u.id, role: "admin" });
  });

  it("stores only the SHA-256 of the session token", async () => {
    const u = await makeUser("user");
    const client = new TestClient(app);
    await client.login(u.email, u.password);
    const token = client.cookie?.split("=")[1] ?? "";
    const rows = await db.query<{ token_hash: string }>(
      "SELECT token_hash FROM sessions WHERE user_id = $1",
      [u.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.token_hash).not.toContain(token);
  });

  it("marks the cookie Secure on https", async () => {
    const u = await makeUser("user");
    const res = await new TestClient(app, "https://guild.example").login(u.email, u.password);
    expect(res.headers.get("set-cookie")).toMatch(/Secure/i);
  });

  it("answers 401 with an error and no cookie for a wrong password or an unknown email, with the same message", async () => {
    const u = await makeUser("user");
    const wrong = await new TestClient(app).login(u.email, "not the password");
    const unknown = await new TestClient(app).login(`nobody-${Date.now()}@guild.test`, "whatever");
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.data).toEqual({ error: INVALID_CREDENTIALS });
      expect(res.headers.get("set-cookie")).toBeNull();
    }
  });

  it("validates the login body with the product's messages", async () => {
    const client = new TestClient(app);
    expect(
      (
        await client.call(
          "POST",
          "/_api/auth/login_with_password",
          JSON.stringify({ email: "", password: "x" }),
        )
      ).data,
    ).toEqual({ error: "Email is required" });
    expect(
      (
        await client.call(
          "POST",
          "/_api/auth/login_with_password",
          JSON.stringify({ email: "a@b.c", password: "" }),
        )
      ).data,
    ).toEqual({ error: "Password is required" });
    const extra = await client.call(
      "POST",
      "/_api/auth/login_with_password",
      JSON.stringify({ email: "a@b.c", password: "x", admin: true }),
    );
    expect(extra.status).toBe(400);
    expect(extra.data.error).toMatch(/admin/);
  });

  it("rejects an expired session", async () => {
    const u = await makeUser("admin");
    const client = new TestClient(app);
    await client.login(u.email, u.password);
    expect((await client.get("/_api/auth/session")).status).toBe(200);
    await db.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1", [u.id]);
    const res = await client.get("/_api/auth/session");
    expect(res.status).toBe(401);
    expect(res.data).toEqual({ error: "Not authenticated" });
  });

  it("slides the 30-day expiry forward at most once a day", async () => {
    const u = await makeUser("user");
    const client = new TestClient(app);
    await client.login(u.email, u.password);
    const fresh = await client.get("/_api/auth/session");
    expect(fresh.headers.get("set-cookie")).toBeNull();
    await db.query(
      "UPDATE sessions SET last_accessed_at = now() - interval '2 days', expires_at = now() + interval '28 days' WHERE user_id = $1",
      [u.id],
    );
    const stale = await client.get("/_api/auth/session");
    expect(stale.status).toBe(200);
    expect(stale.headers.get("set-cookie")).toMatch(/Max-Age=259\d{4}/);
    const rows = await db.query<{ days: number }>(
      "SELECT round(extract(epoch FROM expires_at - now()) / 86400)::int AS days FROM sessions WHERE user_id = $1",
      [u.id],
    );
    expect(rows[0]?.days).toBe(30);
  });

  it("logs out: the session is deleted and the cookie cleared", async () => {
    const u = await makeUser("user");
    const client = new TestClient(app);
    await client.login(u.email, u.password);
    const token = client.cookie;
    const res = await client.post("/_api/auth/logout", {});
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/gp_session=;.*Max-Age=0/);
    const rows = await db.query("SELECT 1 FROM sessions WHERE user_id = $1", [u.id]);
    expect(rows).toHaveLength(0);
    client.cookie = token; // even a replayed token is dead
    expect((await client.get("/_api/auth/session")).status).toBe(401);
  });

  it("refuses a disabled account", async () => {
    const u = await makeUser("admin");
    const client = new TestClient(app);
    await client.login(u.email, u.password);
    await db.query("UPDATE users SET disabled = true WHERE id = $1", [u.id]);
    // The device is told its access was removed (decision 073), and signs nobody in.
    const session = await client.get("/_api/auth/session");
    expect(session.status).toBe(403);
    expect(session.data).toEqual({ error: ACCESS_REMOVED_NOTICE });
    expect((await new TestClient(app).login(u.email, u.password)).status).toBe(401);
  });

  it("rehashes a password stored with other parameters on the next login", async () => {
    const u = await makeUser("user");
    await setPasswordHash(db, u.id, await hashPassword(u.password, pepper, 1000));
    expect((await new TestClient(app).login(u.email, u.password)).status).toBe(200);
    const rows = await db.query<{ h: string }>(
      "SELECT password_hash AS h FROM user_passwords WHERE user_id = $1",
      [u.id],
    );
    expect(rows[0]?.h.split("$").slice(0, 2)).toEqual(["pbkdf2-sha256", String(PBKDF2_ITERATIONS)]);
  });

  it("a password hashed with another pepper does not verify", async () => {
    const u = await makeUser("user");
    await setPasswordHash(db, u.id, await hashPassword(u.password, "another-pepper-value"));
    expect((await new TestClient(app).login(u.email, u.password)).status).toBe(401);
  });
});

describe(`roles (${process.env.TEST_DRIVER ?? "default"} driver)`, () => {
  it("admin-only calls answer 401 anonymously, 403 for a user, 200 for an admin", async () => {
    const anonymous = await new TestClient(app).get("/_api/admin/accounts");
    expect(anonymous.status).toBe(401);
    expect(anonymous.data).toEqual({ error: "Authentication required" });

    const user = await makeUser("user");
    const userClient = new TestClient(app);
    await userClient.login(user.email, user.password);
    const refused = await userClient.get("/_api/admin/accounts");
    expect(refused.status).toBe(403);
    expect(refused.data).toEqual({ error: "Access denied. Your role (user) lacks required permissions." });

    const admin = await makeUser("admin");
    const adminClient = new TestClient(app);
    await adminClient.login(admin.email, admin.password);
    const ok = await adminClient.get("/_api/admin/accounts");
    expect(ok.status).toBe(200);
    const emails = (ok.data.accounts as { email: string }[]).map((a) => a.email);
    expect(emails).toContain(user.email);
    expect(JSON.stringify(ok.data)).not.toMatch(/pbkdf2|password/i);
  });
});

describe(`CSRF and the wire format (${process.env.TEST_DRIVER ?? "default"} driver)`, () => {
  it("refuses a mutating call that is not application/json with 415", async () => {
    const res = await new TestClient(app).call(
      "POST",
      "/_api/auth/login_with_password",
      "email=a&password=b",
      {
        "content-type": "application/x-www-form-urlencoded",
      },
    );
    expect(res.status).toBe(415);
    expect(res.data).toEqual({ error: "Content-Type must be application/json" });
  });

  it("refuses a cross-site Origin or Sec-Fetch-Site with 403, and allows same-origin", async () => {
    const u = await makeUser("user");
    const body = JSON.stringify({ email: u.email, password: u.password });
    const client = new TestClient(app);
    const crossOrigin = await client.call("POST", "/_api/auth/login_with_password", body, {
      origin: "https://evil.example",
    });
    expect(crossOrigin.status).toBe(403);
    expect(crossOrigin.data).toEqual({ error: "Cross-site request refused" });
    const crossSite = await client.call("POST", "/_api/auth/login_with_password", body, {
      "sec-fetch-site": "cross-site",
    });
    expect(crossSite.status).toBe(403);
    const sameOrigin = await client.call("POST", "/_api/auth/login_with_password", body, {
      origin: "http://localhost",
      "sec-fetch-site": "same-origin",
    });
    expect(sameOrigin.status).toBe(200);
  });

  it("a body that is not JSON answers 400 with an error and no stack trace", async () => {
    for (const body of ["{not json", "", "[1,2", "null", "\u0000"]) {
      const res = await new TestClient(app).call("POST", "/_api/auth/login_with_password", body);
      expect(res.status).toBe(400);
      expect(Object.keys(res.data)).toEqual(["error"]);
      expect(res.text).not.toMatch(/at .*\.(ts|js):\d+/);
    }
  });

  it("an unknown /_api path answers 404 { error }", async () => {
    const res = await new TestClient(app).get("/_api/no/such/thing");
    expect(res.status).toBe(404);
    expect(res.data).toEqual({ error: "Not found" });
  });

  it("answers superjson on success and the brand in the public config", async () => {
    const res = await new TestClient(app).get("/_api/public/config");
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toHaveProperty("json");
    // No zone chosen and no GUILD_TIMEZONE: the runtime's own (decision 059).
    expect(res.data).toEqual({
      brand: "Test Guild",
      timeZone: new Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });
});

describe(`bootstrap admin (${process.env.TEST_DRIVER ?? "default"} driver)`, () => {
  it("creates admin@guild.local with a generated password when none exists, once", async () => {
    const fresh = await createTestDb();
    try {
      const first = await ensureAdmin(fresh, { pepper });
      expect(first).toMatchObject({ created: true, email: DEFAULT_ADMIN_EMAIL });
      expect(first.generatedPassword?.length).toBeGreaterThanOrEqual(16);
      expect(await ensureAdmin(fresh, { pepper })).toEqual({ created: false });
      const freshApp = createApp({ db: fresh, config: { brand: "B", timeZone: null, pepper } });
      const res = await new TestClient(freshApp).login(
        DEFAULT_ADMIN_EMAIL,
        first.generatedPassword as string,
      );
      expect(res.status).toBe(200);
      expect(res.data.user).toMatchObject({ role: "admin" });
    } finally {
      await fresh.close();
    }
  });

  it("uses ADMIN_EMAIL and ADMIN_PASSWORD when given", async () => {
    const fresh = await createTestDb();
    try {
      const result = await ensureAdmin(fresh, {
        email: "Chief@Guild.test",
        password: "a-strong-secret",
        pepper,
      });
      expect(result).toEqual({ created: true, email: "chief@guild.test", generatedPassword: undefined });
      const freshApp = createApp({ db: fresh, config: { brand: "B", timeZone: null, pepper } });
      expect((await new TestClient(freshApp).login("chief@guild.test", "a-strong-secret")).status).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});
