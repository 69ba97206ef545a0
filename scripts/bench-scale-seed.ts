/**
 * The history `npm run bench:scale` seeds on top of the sample data, in set-based SQL: a roster of about 200
 * (a few linked characters, some members gone), N Sold items with 20 participants each spread over the last
 * two years (10,000 is about 15 a day), and one raid attendance record per three items. Only plain SQL: the
 * stored salaries and funds are left stale for the app to rebuild through its API.
 */
import type { Db, Queryable } from "../worker/db/types.ts";

export const ROSTER_SIZE = 200;
export const PARTICIPANTS = 20;
const ITEMS_PER_RAID = 3;
const DAYS = 730;

export interface SeededHistory {
  members: number;
  soldItems: number;
  attendanceRecords: number;
}

/** A stride through the roster that gives `PARTICIPANTS` distinct names for any roster size. */
function strideFor(rosterSize: number): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  let stride = 13;
  while (rosterSize / gcd(stride, rosterSize) < PARTICIPANTS) stride += 1;
  return stride;
}

async function seedRoster(db: Queryable): Promise<void> {
  // New members Raider 001..: one in eight Core; every 20th a second character of the one before it;
  // a few kicked (waiting for the payout) or paid out.
  await db.query(
    `INSERT INTO guild_members (player_name, category)
     SELECT 'Raider ' || lpad(n::text, 3, '0'), CASE WHEN n % 8 = 0 THEN 'Core' ELSE 'Members' END
       FROM generate_series(1, $1::int - (SELECT count(*)::int FROM guild_members)) AS n`,
    [ROSTER_SIZE],
  );
  await db.query(
    `UPDATE guild_members AS alt SET main_member_id = main.id
       FROM guild_members AS main
      WHERE alt.player_name ~ '^Raider \\d+$' AND substr(alt.player_name, 8)::int % 20 = 0
        AND main.player_name = 'Raider ' || lpad((substr(alt.player_name, 8)::int - 1)::text, 3, '0')`,
  );
  await db.query(
    `UPDATE guild_members
        SET status = CASE WHEN substr(player_name, 8)::int % 30 = 15 THEN 'kicked' ELSE 'paid_out' END,
            kicked_date = now() - interval '90 days', final_salary_amount = 0
      WHERE player_name ~ '^Raider \\d+$' AND substr(player_name, 8)::int % 30 IN (15, 25)`,
  );
}

async function seedSoldItems(db: Queryable, items: number, stride: number): Promise<void> {
  await db.query(
    `INSERT INTO market_exchange
       (loot_name, boss_name, value, status, participated_members, total_funds, date_acquired, created_at, updated_at)
     SELECT 'Spoils ' || i, b.names[(i % b.n) + 1], v.value, 'Sold',
            array_to_json(ARRAY(SELECT r.names[((i::bigint * 7 + j * $2::int) % r.n) + 1]
                                  FROM generate_series(0, $3::int - 1) AS j ORDER BY j))::text,
            v.value, v.day, v.day + time '20:00', v.day + time '20:00'
       FROM generate_series(1, $1::int) AS i
      CROSS JOIN (SELECT array_agg(player_name ORDER BY id) AS names, count(*)::int AS n FROM guild_members) AS r
      CROSS JOIN (SELECT array_agg(name ORDER BY id) AS names, count(*)::int AS n FROM boss_names) AS b
      CROSS JOIN LATERAL (SELECT round(50 + ((i::bigint * 7919) % 495000) / 100.0, 2) AS value,
                                 current_date - (${DAYS} * ($1::bigint - i) / $1::int)::int AS day) AS v`,
    [items, stride, PARTICIPANTS],
  );
}

async function seedAttendance(db: Queryable, records: number, stride: number): Promise<void> {
  await db.query(
    `INSERT INTO attendance_records (boss_name, date_attended, participated_members)
     SELECT b.names[(k % b.n) + 1],
            date_trunc('day', now()) - make_interval(days => (${DAYS} * ($1::bigint - k) / $1::int)::int)
              - interval '4 hours',
            array_to_json(ARRAY(SELECT r.names[((k::bigint * 11 + j * $2::int) % r.n) + 1]
                                  FROM generate_series(0, $3::int - 1) AS j ORDER BY j))::text
       FROM generate_series(1, $1::int) AS k
      CROSS JOIN (SELECT array_agg(player_name ORDER BY id) AS names, count(*)::int AS n FROM guild_members) AS r
      CROSS JOIN (SELECT array_agg(name ORDER BY id) AS names, count(*)::int AS n FROM boss_names) AS b`,
    [records, stride, PARTICIPANTS],
  );
  // Total Raids: the number of records naming a member, as the sample data counts it.
  await db.query(
    `UPDATE guild_members AS m SET raids_participated = c.raids
       FROM (SELECT name, count(*)::int AS raids
               FROM attendance_records AS a, jsonb_array_elements_text(a.participated_members::jsonb) AS name
              GROUP BY name) AS c
      WHERE m.player_name = c.name`,
  );
}

/** Seeds the history in one transaction and refreshes the planner's statistics, as autovacuum would. */
export async function seedGuildHistory(db: Db, items: number): Promise<SeededHistory> {
  const attendanceRecords = Math.ceil(items / ITEMS_PER_RAID);
  await db.transaction(async (tx) => {
    await seedRoster(tx);
    const [{ n } = { n: 0 }] = await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM guild_members");
    const stride = strideFor(n);
    await seedSoldItems(tx, items, stride);
    await seedAttendance(tx, attendanceRecords, stride);
  });
  await db.exec("ANALYZE");
  return countHistory(db);
}

/** What the database holds: members, Sold items, attendance records. */
export async function countHistory(db: Queryable): Promise<SeededHistory> {
  const [counts] = await db.query<SeededHistory>(
    `SELECT (SELECT count(*)::int FROM guild_members) AS members,
            (SELECT count(*)::int FROM market_exchange WHERE status = 'Sold') AS "soldItems",
            (SELECT count(*)::int FROM attendance_records) AS "attendanceRecords"`,
  );
  if (!counts) throw new Error("could not count the seeded rows");
  return counts;
}
