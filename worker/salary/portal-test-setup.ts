/**
 * Test set-up shared by the member, market, funds, salary and import tests: one migrated database per test
 * file, the app, and clients signed in as an admin and as a user. Tests talk to the app over HTTP only.
 */
import { expect } from "vitest";
import type { GuildMember } from "@shared/schemas/members.ts";
import { createApp } from "../app/create-app.ts";
import { hashPassword } from "../auth/password-hash.ts";
import { setPasswordHash } from "../auth/user-passwords-repo.ts";
import { insertUser, type Role } from "../auth/users-repo.ts";
import type { Db } from "../db/types.ts";
import { TestClient } from "../test/api-client.ts";
import { createTestDb } from "../test/test-db.ts";

const PEPPER = "test-pepper-0123456789";
/** The password of every account createAccount makes. */
export const TEST_PASSWORD = "correct horse battery";

export interface Portal {
  db: Db;
  app: ReturnType<typeof createApp>;
  admin: TestClient;
  user: TestClient;
  anonymous: TestClient;
  close(): Promise<void>;
}

let seq = 0;
/**
 * TEST_PASSWORD's hash, made once and given to every account: one PBKDF2 run (100,000 iterations) per test
 * worker instead of one per account. Logins still verify it in full (decision 064).
 */
let testPasswordHash: Promise<string> | undefined;

/** A new account with TEST_PASSWORD on a portal's database; answers its email. */
export async function createAccount(db: Db, label: string, role: Role): Promise<string> {
  seq += 1;
  const email = `${label}-${role}-${seq}@guild.test`;
  const created = await insertUser(db, { email, displayName: `${role} ${seq}`, role });
  testPasswordHash ??= hashPassword(TEST_PASSWORD, PEPPER);
  await setPasswordHash(db, created.id, await testPasswordHash);
  return email;
}

async function signedIn(app: Portal["app"], email: string): Promise<TestClient> {
  const client = new TestClient(app);
  expect((await client.login(email, TEST_PASSWORD)).status).toBe(200);
  return client;
}

/** A client signed in to a portal as a new account of the role. */
export async function signInAs(
  portal: Pick<Portal, "db" | "app">,
  label: string,
  role: Role,
): Promise<TestClient> {
  return signedIn(portal.app, await createAccount(portal.db, label, role));
}

/**
 * A new raider account, signed in: named `displayName` (as Discord sign-in names an account after its nickname)
 * and, with `memberId`, linked to that main character (as an approved claim links it, decision 071).
 */
export async function signInRaider(
  portal: Pick<Portal, "db" | "app">,
  label: string,
  account: { displayName: string; memberId?: number },
): Promise<{ id: number; client: TestClient }> {
  const email = await createAccount(portal.db, label, "user");
  const [row] = await portal.db.query<{ id: number }>(
    "UPDATE users SET display_name = $2, member_id = $3 WHERE email = $1 RETURNING id",
    [email, account.displayName, account.memberId ?? null],
  );
  return { id: row?.id as number, client: await signedIn(portal.app, email) };
}

/** A raider signed in with a new main character of their own (as an approved claim links it). */
export interface RaiderWithMain {
  client: TestClient;
  main: GuildMember;
}

/** A new main character named after `name` (made unique), and a raider account linked to it, signed in. */
export async function signInRaiderWithMain(
  portal: Portal,
  label: string,
  name: string,
): Promise<RaiderWithMain> {
  const main = await addRosterMember(portal, uniqueName(name), { category: "Members" });
  const displayName = `${main.playerName}'s account`;
  const { client } = await signInRaider(portal, label, { displayName, memberId: main.id });
  return { client, main };
}

/** A member added by the portal's admin: a main, or with `mainMemberId` an alt of it. */
export async function addRosterMember(
  portal: Pick<Portal, "admin">,
  playerName: string,
  fields: { category: string; mainMemberId?: number },
): Promise<GuildMember> {
  const res = await portal.admin.post("/_api/guild-members", { playerName, ...fields });
  expect(res.status, res.text).toBe(201);
  return res.data.guildMember as GuildMember;
}

export async function setUpPortal(label: string): Promise<Portal> {
  const db = await createTestDb();
  const app = createApp({ db, config: { brand: "Test Guild", timeZone: null, pepper: PEPPER } });
  return {
    db,
    app,
    admin: await signInAs({ db, app }, label, "admin"),
    user: await signInAs({ db, app }, label, "user"),
    anonymous: new TestClient(app),
    close: () => db.close(),
  };
}

/** Empties members, loot, attendance, audit and idempotency records and zeroes the funds (accounts stay). */
export async function resetPortalData(db: Db): Promise<void> {
  await db.exec(`
    DELETE FROM attendance_records;
    DELETE FROM salary_shares;
    DELETE FROM salary_earners;
    UPDATE salary_totals SET item_count = 0, guild_fund = 0, admin_fund = 0;
    DELETE FROM salary_items;
    DELETE FROM market_exchange;
    UPDATE guild_members SET main_member_id = NULL;
    DELETE FROM guild_members;
    DELETE FROM audit_log;
    DELETE FROM idempotency_keys;
    UPDATE guild_funds SET reserved_guild_funds = 0, admin_fund = 0;
  `);
}

let nameSeq = 0;
/** A name no other test uses, so tests can share a file's database without depending on each other. */
export const uniqueName = (label: string) => `${label}${++nameSeq}`;

export interface AuditEntry {
  action: string;
  entity: string;
  entityId: string | null;
  actorEmail: string | null;
  before: unknown;
  after: unknown;
}

/** The audit entries for an entity id, oldest first. */
export async function auditFor(db: Db, entity: string, entityId: number | string): Promise<AuditEntry[]> {
  return db.query<AuditEntry>(
    `SELECT action, entity, entity_id AS "entityId", actor_email AS "actorEmail", before, after
       FROM audit_log WHERE entity = $1 AND entity_id = $2 ORDER BY id`,
    [entity, String(entityId)],
  );
}

/** Stored salaries by player name, and the funds row. */
export async function storedFigures(db: Db) {
  const members = await db.query<{ playerName: string; salary: string }>(
    `SELECT player_name AS "playerName", salary FROM guild_members ORDER BY id`,
  );
  const funds = await db.query<{ reservedGuildFunds: string; adminFund: string }>(
    `SELECT reserved_guild_funds AS "reservedGuildFunds", admin_fund AS "adminFund" FROM guild_funds WHERE id = 1`,
  );
  return {
    salaries: Object.fromEntries(members.map((m) => [m.playerName, m.salary])),
    funds: funds[0],
  };
}
