/**
 * Random bodies to every write route never give a 500: whatever arrives, the answer is a success or a
 * clear { error } with a 4xx status, and the portal keeps answering.
 */
import fc from "fast-check";
import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Portal, setUpPortal } from "../salary/portal-test-setup.ts";

const ROUTES: Record<string, string[]> = {
  "/guild-members": ["playerName", "category", "mainMemberId", "playerAlias"],
  "/guild-member/update": [
    "id",
    "playerName",
    "category",
    "raidsParticipated",
    "salary",
    "mainMemberId",
    "playerAlias",
  ],
  "/guild-member/delete": ["id"],
  "/guild-member/kick": ["id", "finalSalaryAmount"],
  "/guild-member/mark-paid": ["id"],
  "/market-exchange": [
    "totalFunds",
    "lootName",
    "bossName",
    "value",
    "status",
    "participatedMembers",
    "dateAcquired",
  ],
  "/market-exchange/update": [
    "id",
    "lootName",
    "bossName",
    "value",
    "status",
    "participatedMembers",
    "dateAcquired",
  ],
  "/market-exchange/delete": ["id"],
  "/boss-names": ["name", "respawn_time_hours"],
  "/boss-names/update": ["id", "name", "respawn_time_hours"],
  "/boss-names/delete": ["id"],
  "/boss-timers": ["bossName", "startTime", "testDuration"],
  "/boss-timers/delete": ["bossName"],
  "/attendance": ["bossName", "dateAttended", "participatedMembers"],
  "/attendance/update": ["id", "dateAttended", "participatedMembers"],
  "/attendance/delete": ["id"],
  "/admin/import-market-data": ["marketData"],
  "/admin/fix-corrupted-participants": ["dryRun", "fixAction"],
  "/admin/accounts": ["email", "displayName", "role", "password"],
  "/admin/accounts/update": ["id", "role", "displayName", "password", "disabled"],
  "/auth/login_with_password": ["email", "password"],
};

/** Values a client might send by mistake or on purpose, plus plausible ones so deeper checks run too. */
const value: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue(),
  fc.integer({ min: -2, max: 6 }),
  fc.constantFrom(
    "Sold",
    "Pending",
    "Core",
    "Members",
    "Guild Master",
    "admin",
    "user",
    "reset_participants",
    "recalculate_all_salaries",
    "Gravemaw",
    "Ashvale",
    "Ashvale, Brightforge",
    '["Ashvale"',
    "2026-11-20",
    "1e309",
    "-0",
    "NaN",
    "99999999999999.999",
    "a@b.c",
    "",
    " ",
    "\u0000",
    "x".repeat(5000),
  ),
  fc.double(),
  fc.date({ noInvalidDate: false }),
  fc.array(fc.oneof(fc.string(), fc.constantFrom("Ashvale", "Larkspire"), fc.integer()), { maxLength: 4 }),
  fc.array(fc.dictionary(fc.constantFrom("bossName", "lootName", "value", "status"), fc.jsonValue()), {
    maxLength: 3,
  }),
);

const bodyFor = (keys: string[]): fc.Arbitrary<unknown> =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record(Object.fromEntries(keys.map((k) => [k, value])), { requiredKeys: [] }),
    },
    { weight: 1, arbitrary: fc.jsonValue() },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), value, { maxKeys: 4 }) },
  );

/** superjson like the web app, or plain JSON; bodies superjson will not encode (own __proto__ keys) go plain. */
function encode(body: unknown, asPlainJson: boolean): string {
  if (!asPlainJson) {
    try {
      return superjson.stringify(body);
    } catch {
      // fall through to plain JSON
    }
  }
  return JSON.stringify(body) ?? "null";
}

let portal: Portal;

beforeAll(async () => {
  portal = await setUpPortal("fuzz");
  // A little data, so random ids and names meet real rows.
  await portal.db.exec(`
    INSERT INTO guild_members (player_name, category) VALUES ('Ashvale', 'Guild Master'), ('Larkspire', 'Members');
    INSERT INTO boss_names (name, respawn_time_hours) VALUES ('Gravemaw', 10), ('RINGOR', -2);
    INSERT INTO market_exchange (loot_name, boss_name, value, status, participated_members)
      VALUES ('Fang', 'Gravemaw', 100, 'Sold', '["Ashvale","Larkspire"]');
    INSERT INTO attendance_records (boss_name, date_attended, participated_members)
      VALUES ('Gravemaw', '2026-11-01 12:00:00+00', '["Ashvale"]');
  `);
});
afterAll(async () => {
  await portal?.close();
});

describe("random bodies to every write route", () => {
  for (const [path, keys] of Object.entries(ROUTES)) {
    it(`POST ${path} never answers 500`, async () => {
      await fc.assert(
        fc.asyncProperty(bodyFor(keys), fc.boolean(), async (body, asPlainJson) => {
          const res = await portal.admin.call("POST", `/_api${path}`, encode(body, asPlainJson));
          expect(res.status, `${path} ${res.text}`).toBeLessThan(500);
          if (res.status >= 400) {
            expect(Object.keys(res.data)).toEqual(["error"]);
            expect(typeof res.data.error).toBe("string");
            expect(res.text).not.toMatch(/\bat .+\.(ts|js):\d+/);
          }
        }),
        {
          numRuns: 25,
          // Bodies that once broke a route, kept as fixed cases (own __proto__/prototype keys among them).
          examples: [
            [JSON.parse('{"__proto__": false}'), false],
            [{ [keys[0] as string]: JSON.parse('{"prototype": null, "__proto__": {"x": 1}}') }, false],
            [{ [keys[0] as string]: "\u0000" }, true],
            [JSON.parse('{"json": {"a": 1}, "meta": {"values": {"__proto__": ["Date"]}}}'), true],
            [JSON.parse('{"json": {"a": {}}, "meta": {"values": {"a.__proto__.polluted": ["Date"]}}}'), true],
            [{ json: {}, meta: { values: { [keys[0] as string]: ["class", "Nope"] } } }, true],
          ],
        },
      );
    });
  }

  it("the portal still answers after the fuzzing", async () => {
    expect((await portal.anonymous.get("/_api/public/guild-members")).status).toBe(200);
  });
});
