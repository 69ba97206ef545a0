import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_REMOVED_NOTICE } from "@shared/auth/access-removed.ts";
import { ACCOUNT_MESSAGES } from "@shared/schemas/accounts.ts";
import { createApp } from "../app/create-app.ts";
import { KEY_REUSED } from "../app/write.ts";
import { hashPassword } from "../auth/password-hash.ts";
import { setPasswordHash } from "../auth/user-passwords-repo.ts";
import { insertUser, type Role } from "../auth/users-repo.ts";
import type { Db } from "../db/types.ts";
import { TestClient } from "../test/api-client.ts";
import { createTestDb } from "../test/test-db.ts";

const pepper = "test-pepper-0123456789";
const PASSWORD = "correct horse battery";
const ACCOUNT_KEYS = ["avatarUrl", "createdAt", "disabled", "displayName", "email", "id", "role"];

interface Env {
  db: Db;
  app: ReturnType<typeof createApp>;
}

let shared: Env;
let passwordHash: string;
const ownDbs: Db[] = [];

async function newEnv(): Promise<Env> {
  const db = await createTestDb();
  ownDbs.push(db);
  return { db, app: createApp({ db, config: { brand: "Test Guild", timeZone: null, pepper } }) };
}

function uniqueEmail(prefix: string) {
  return `${prefix}-${crypto.randomUUID()}@guild.test`;
}

/** A stored account of the given role, signed in on its own client. */
async function signIn(env: Env, role: Role, options: { disabled?: boolean } = {}) {
  const email = uniqueEmail(role);
  const user = await insertUser(env.db, { email, displayName: `${role} account`, role });
  await setPasswordHash(env.db, user.id, passwordHash);
  const client = new TestClient(env.app);
  expect((await client.login(email, PASSWORD)).status).toBe(200);
  if (options.disabled) await env.db.query("UPDATE users SET disabled = true WHERE id = $1", [user.id]);
  return { user, client };
}

async function auditRows(db: Db, entityId: number) {
  return db.query<{
    action: string;
    actor_email: string | null;
    before: unknown;
    after: unknown;
    text: string;
  }>(
    `SELECT action, actor_email, before, after, concat_ws(' ', before::text, after::text) AS text
       FROM audit_log WHERE entity = 'account' AND entity_id = $1 ORDER BY id`,
    [String(entityId)],
  );
}

/** The account's sessions that still sign it in (a disabled account's are kept, marked, decision 073). */
async function sessionCount(db: Db, userId: number) {
  const rows = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND access_removed_at IS NULL",
    [userId],
  );
  return rows[0]?.n;
}

beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD, pepper);
  shared = await newEnv();
});
afterAll(async () => {
  await Promise.all(ownDbs.map((db) => db.close()));
});

describe("accounts: roles", () => {
  it("answers 401 to anonymous callers and 403 to users on every accounts call", async () => {
    const anonymous = new TestClient(shared.app);
    const { client: user } = await signIn(shared, "user");
    const body = { email: uniqueEmail("x"), displayName: "X", role: "user", password: "long enough" };
    const calls = [
      (c: TestClient) => c.get("/_api/admin/accounts"),
      (c: TestClient) => c.post("/_api/admin/accounts", body),
      (c: TestClient) => c.post("/_api/admin/accounts/update", { id: 1, displayName: "Y" }),
    ];
    for (const call of calls) {
      expect(await call(anonymous)).toMatchObject({
        status: 401,
        data: { error: "Authentication required" },
      });
      expect(await call(user)).toMatchObject({
        status: 403,
        data: { error: "Access denied. Your role (user) lacks required permissions." },
      });
    }
    const created = await shared.db.query("SELECT 1 FROM users WHERE email = $1", [body.email]);
    expect(created).toHaveLength(0);
  });
});

describe("accounts: list and create", () => {
  it("lists accounts with their public fields only", async () => {
    const { client, user } = await signIn(shared, "admin");
    const res = await client.get("/_api/admin/accounts");
    expect(res.status).toBe(200);
    const accounts = res.data.accounts as Record<string, unknown>[];
    const mine = accounts.find((a) => a.id === user.id);
    expect(mine).toEqual({
      id: user.id,
      email: user.email,
      displayName: user.displayName,
      role: "admin",
      avatarUrl: null,
      disabled: false,
      createdAt: user.createdAt,
    });
    for (const account of accounts) expect(Object.keys(account).sort()).toEqual(ACCOUNT_KEYS);
    expect(res.text).not.toMatch(/pbkdf2|password/i);
  });

  it("creates an account that can sign in, answers 201 with it, and audits it without secrets", async () => {
    const { client, user: admin } = await signIn(shared, "admin");
    const email = uniqueEmail("Raider");
    const password = "a new 'secret' password";
    const res = await client.post("/_api/admin/accounts", {
      email: `  ${email.toUpperCase()} `,
      displayName: "  Raider One ",
      role: "user",
      password,
    });
    expect(res.status).toBe(201);
    const account = res.data.account as Record<string, unknown>;
    expect(account).toMatchObject({
      email: email.toLowerCase(),
      displayName: "Raider One",
      role: "user",
      avatarUrl: null,
      disabled: false,
    });
    expect(Object.keys(account).sort()).toEqual(ACCOUNT_KEYS);
    expect(account.createdAt).toBeInstanceOf(Date);
    expect(res.text).not.toMatch(/pbkdf2|secret/);

    const login = await new TestClient(shared.app).login(email, password);
    expect(login.status).toBe(200);
    expect(login.data.user).toMatchObject({ id: account.id, role: "user" });

    const audit = await auditRows(shared.db, account.id as number);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "create",
      actor_email: admin.email,
      before: null,
      after: { id: account.id, email: email.toLowerCase(), role: "user", disabled: false },
    });
    expect(audit[0]?.text).not.toMatch(/pbkdf2|secret|password/i);
  });

  it("creates admins too", async () => {
    const { client } = await signIn(shared, "admin");
    const email = uniqueEmail("officer");
    const res = await client.post("/_api/admin/accounts", {
      email,
      displayName: "Officer",
      role: "admin",
      password: "12345678",
    });
    expect(res.status).toBe(201);
    const login = await new TestClient(shared.app).login(email, "12345678");
    expect(login.data.user).toMatchObject({ role: "admin" });
  });

  it("refuses a second account with the same email, whatever its case, with 409", async () => {
    const { client } = await signIn(shared, "admin");
    const email = uniqueEmail("twin");
    const body = { email, displayName: "Twin", role: "user", password: "password one" };
    expect((await client.post("/_api/admin/accounts", body)).status).toBe(201);
    const again = await client.post("/_api/admin/accounts", { ...body, email: email.toUpperCase() });
    expect(again).toMatchObject({ status: 409, data: { error: ACCOUNT_MESSAGES.duplicateEmail } });
    const rows = await shared.db.query("SELECT id FROM users WHERE email = $1", [email]);
    expect(rows).toHaveLength(1);
  });

  it("validates the create body with clear messages, unknown fields included", async () => {
    const { client } = await signIn(shared, "admin");
    const valid = { email: uniqueEmail("v"), displayName: "Valid", role: "user", password: "long enough" };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, email: "not an email" }, ACCOUNT_MESSAGES.emailInvalid],
      [{ ...valid, email: "   " }, ACCOUNT_MESSAGES.emailRequired],
      [{ ...valid, email: undefined }, ACCOUNT_MESSAGES.emailRequired],
      [{ ...valid, displayName: "  " }, ACCOUNT_MESSAGES.displayNameRequired],
      [{ ...valid, displayName: "x".repeat(101) }, ACCOUNT_MESSAGES.displayNameTooLong],
      [{ ...valid, role: "owner" }, ACCOUNT_MESSAGES.role],
      [{ ...valid, password: "1234567" }, ACCOUNT_MESSAGES.passwordTooShort],
      [{ ...valid, password: undefined }, ACCOUNT_MESSAGES.passwordRequired],
      [{ ...valid, isAdmin: true }, "Unknown field: isAdmin"],
    ];
    for (const [body, message] of cases) {
      const res = await client.post("/_api/admin/accounts", body);
      expect({ body, status: res.status, data: res.data }).toEqual({
        body,
        status: 400,
        data: { error: message },
      });
    }
    const rows = await shared.db.query("SELECT 1 FROM users WHERE email = $1", [valid.email]);
    expect(rows).toHaveLength(0);
  });

  it("applies a create once for a repeated Idempotency-Key and answers 422 when the key is reused for another body", async () => {
    const { client } = await signIn(shared, "admin");
    const email = uniqueEmail("once");
    const body = { email, displayName: "Once", role: "user", password: "password once" };
    const headers = { "Idempotency-Key": `create-${crypto.randomUUID()}` };
    const first = await client.post("/_api/admin/accounts", body, headers);
    const second = await client.post("/_api/admin/accounts", body, headers);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get("Idempotent-Replayed")).toBe("true");
    expect(second.data).toEqual(first.data);
    const rows = await shared.db.query<{ id: number }>("SELECT id FROM users WHERE email = $1", [email]);
    expect(rows).toHaveLength(1);
    expect(await auditRows(shared.db, rows[0]?.id as number)).toHaveLength(1);

    const other = await client.post(
      "/_api/admin/accounts",
      { ...body, email: uniqueEmail("other") },
      headers,
    );
    expect(other).toMatchObject({ status: 422, data: { error: KEY_REUSED } });
  });
});

describe("accounts: update", () => {
  it("changes the display name and role, answers the account and audits before and after", async () => {
    const { client, user: admin } = await signIn(shared, "admin");
    const { user: target } = await signIn(shared, "user");
    const res = await client.post("/_api/admin/accounts/update", {
      id: target.id,
      displayName: " Promoted ",
      role: "admin",
    });
    expect(res.status).toBe(200);
    expect(res.data.account).toEqual({
      id: target.id,
      email: target.email,
      displayName: "Promoted",
      role: "admin",
      avatarUrl: null,
      disabled: false,
      createdAt: target.createdAt,
    });
    const audit = await auditRows(shared.db, target.id);
    expect(audit).toEqual([
      expect.objectContaining({
        action: "update",
        actor_email: admin.email,
        before: expect.objectContaining({ role: "user", displayName: "user account" }),
        after: expect.objectContaining({ role: "admin", displayName: "Promoted" }),
      }),
    ]);
    // A role change keeps the account's sessions; the next request sees the new role.
    const session = await new TestClient(shared.app).login(target.email, PASSWORD);
    expect(session.data.user).toMatchObject({ role: "admin" });
  });

  it("validates the update body", async () => {
    const { client, user } = await signIn(shared, "admin");
    const cases: [Record<string, unknown>, string][] = [
      [{ id: user.id }, ACCOUNT_MESSAGES.nothingToUpdate],
      [{ displayName: "No id" }, ACCOUNT_MESSAGES.id],
      [{ id: "1", displayName: "x" }, ACCOUNT_MESSAGES.id],
      [{ id: 1.5, displayName: "x" }, ACCOUNT_MESSAGES.id],
      [{ id: 0, displayName: "x" }, ACCOUNT_MESSAGES.id],
      [{ id: user.id, role: "owner" }, ACCOUNT_MESSAGES.role],
      [{ id: user.id, password: "short" }, ACCOUNT_MESSAGES.passwordTooShort],
      [{ id: user.id, disabled: "yes" }, ACCOUNT_MESSAGES.disabled],
      [{ id: user.id, displayName: "" }, ACCOUNT_MESSAGES.displayNameRequired],
      [{ id: user.id, email: "new@guild.test" }, "Unknown field: email"],
    ];
    for (const [body, message] of cases) {
      const res = await client.post("/_api/admin/accounts/update", body);
      expect({ body, status: res.status, data: res.data }).toEqual({
        body,
        status: 400,
        data: { error: message },
      });
    }
  });

  it("answers 404 for an unknown id and writes nothing", async () => {
    const { client } = await signIn(shared, "admin");
    const res = await client.post("/_api/admin/accounts/update", { id: 2_000_000_000, displayName: "Ghost" });
    expect(res).toMatchObject({ status: 404, data: { error: ACCOUNT_MESSAGES.notFound } });
    expect(await auditRows(shared.db, 2_000_000_000)).toHaveLength(0);
  });

  it("disabling ends the account's sessions and blocks sign-in until it is enabled again", async () => {
    const { client: admin } = await signIn(shared, "admin");
    const { user: target, client: targetClient } = await signIn(shared, "user");
    expect((await targetClient.get("/_api/auth/session")).status).toBe(200);

    const res = await admin.post("/_api/admin/accounts/update", { id: target.id, disabled: true });
    expect(res.status).toBe(200);
    expect(res.data.account).toMatchObject({ id: target.id, disabled: true });
    expect(await sessionCount(shared.db, target.id)).toBe(0);
    expect((await targetClient.get("/_api/auth/session")).data).toEqual({ error: ACCESS_REMOVED_NOTICE });
    expect((await new TestClient(shared.app).login(target.email, PASSWORD)).status).toBe(401);

    const enabled = await admin.post("/_api/admin/accounts/update", { id: target.id, disabled: false });
    expect(enabled.data.account).toMatchObject({ disabled: false });
    expect((await new TestClient(shared.app).login(target.email, PASSWORD)).status).toBe(200);
  });

  it("a password reset ends the account's sessions; only the new password works; the audit keeps no secret", async () => {
    const { client: admin } = await signIn(shared, "admin");
    const { user: target, client: targetClient } = await signIn(shared, "user");
    const newPassword = "brand new passphrase";
    const res = await admin.post("/_api/admin/accounts/update", { id: target.id, password: newPassword });
    expect(res.status).toBe(200);
    expect(res.text).not.toMatch(/pbkdf2|passphrase/);
    expect(await sessionCount(shared.db, target.id)).toBe(0);
    expect((await targetClient.get("/_api/auth/session")).status).toBe(401);
    expect((await new TestClient(shared.app).login(target.email, PASSWORD)).status).toBe(401);
    expect((await new TestClient(shared.app).login(target.email, newPassword)).status).toBe(200);

    const audit = await auditRows(shared.db, target.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after).toMatchObject({ id: target.id, passwordReset: true });
    expect(audit[0]?.text).not.toMatch(/pbkdf2|passphrase|correct horse/);
    expect(audit[0]?.text).not.toContain('"password"');
  });

  it("an admin resetting their own password stays signed in here and is signed out elsewhere", async () => {
    const { user: admin, client: here } = await signIn(shared, "admin");
    const elsewhere = new TestClient(shared.app);
    expect((await elsewhere.login(admin.email, PASSWORD)).status).toBe(200);
    const res = await here.post("/_api/admin/accounts/update", {
      id: admin.id,
      password: "my own new password",
    });
    expect(res.status).toBe(200);
    expect((await here.get("/_api/auth/session")).status).toBe(200);
    expect((await elsewhere.get("/_api/auth/session")).status).toBe(401);
    expect(await sessionCount(shared.db, admin.id)).toBe(1);
  });
});

describe("accounts: the last active admin", () => {
  it("cannot disable or demote themself, counting disabled admins as gone; can once another admin exists", async () => {
    const env = await newEnv();
    const { user: admin, client } = await signIn(env, "admin");
    await signIn(env, "admin", { disabled: true });
    await signIn(env, "user");

    for (const change of [{ disabled: true }, { role: "user" }, { role: "user", disabled: true }]) {
      const res = await client.post("/_api/admin/accounts/update", { id: admin.id, ...change });
      expect(res).toMatchObject({ status: 400, data: { error: ACCOUNT_MESSAGES.lastAdmin } });
    }
    const [still] = await env.db.query<{ role: string; disabled: boolean }>(
      "SELECT role, disabled FROM users WHERE id = $1",
      [admin.id],
    );
    expect(still).toEqual({ role: "admin", disabled: false });
    expect(await auditRows(env.db, admin.id)).toHaveLength(0);
    expect((await client.get("/_api/auth/session")).status).toBe(200);

    // Other changes to the last admin are fine.
    expect(
      (await client.post("/_api/admin/accounts/update", { id: admin.id, displayName: "Chief" })).status,
    ).toBe(200);

    const created = await client.post("/_api/admin/accounts", {
      email: uniqueEmail("second"),
      displayName: "Second",
      role: "admin",
      password: "second admin pw",
    });
    const second = created.data.account as { id: number; email: string };
    const demoted = await client.post("/_api/admin/accounts/update", { id: admin.id, role: "user" });
    expect(demoted).toMatchObject({ status: 200, data: { account: { role: "user" } } });

    // Now the second admin is the last one.
    const secondClient = new TestClient(env.app);
    expect((await secondClient.login(second.email, "second admin pw")).status).toBe(200);
    const refused = await secondClient.post("/_api/admin/accounts/update", { id: second.id, disabled: true });
    expect(refused).toMatchObject({ status: 400, data: { error: ACCOUNT_MESSAGES.lastAdmin } });
    const active = await env.db.query(
      "SELECT id FROM users WHERE role = 'admin' AND NOT disabled AND id = $1",
      [second.id],
    );
    expect(active).toHaveLength(1);
  });
});
