import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app/create-app.ts";
import type { Db } from "../db/types.ts";
import { TestClient } from "../test/api-client.ts";
import { createTestDb } from "../test/test-db.ts";
import { hashPassword } from "./password-hash.ts";
import { PEPPER_MISMATCH, pepperFingerprint } from "./pepper-fingerprint.ts";
import { setPasswordHash } from "./user-passwords-repo.ts";
import { insertUser } from "./users-repo.ts";

// One pepper (issue 31 point 3, decision 066): a server given another AUTH_PEPPER than the database's says so.
const pepper = "fingerprint-pepper-0123456789";
const password = "correct horse battery";
let db: Db;

beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db?.close();
});

const appWith = (serverPepper: string) =>
  createApp({ db, config: { brand: "Test Guild", timeZone: null, pepper: serverPepper } });

describe(`the pepper's fingerprint (${process.env.TEST_DRIVER ?? "default"} driver)`, () => {
  it("is recorded by a login its password proves; a server with another pepper then refuses logins naming the mismatch", async () => {
    const user = await insertUser(db, { email: "pepper@guild.test", displayName: "Pepper", role: "admin" });
    await setPasswordHash(db, user.id, await hashPassword(password, pepper));

    expect((await new TestClient(appWith(pepper)).login(user.email, password)).status).toBe(200);
    const [stored] = await db.query<{ fingerprint: string }>("SELECT fingerprint FROM auth_pepper");
    expect(stored?.fingerprint).toBe(await pepperFingerprint(pepper));
    expect(stored?.fingerprint).toMatch(/^[0-9a-f]{64}$/);

    const refused = await new TestClient(appWith("another-pepper-0123456789")).login(user.email, password);
    expect(refused.status).toBe(503);
    expect(refused.data).toEqual({ error: PEPPER_MISMATCH });
    expect(PEPPER_MISMATCH).toContain("AUTH_PEPPER");
    // Not counted as a failed attempt: the right pepper signs in at once afterwards.
    const attempts = await db.query("SELECT 1 FROM login_attempts WHERE NOT success");
    expect(attempts).toHaveLength(0);
    expect((await new TestClient(appWith(pepper)).login(user.email, password)).status).toBe(200);
  });
});
