/**
 * A spawn alert waiting to be sent, written straight into the database: a boss whose 10-hour timer ends at
 * `spawnAt`, and a device asking for its alert 10 minutes ahead (the Workers spawn-alert test and
 * `npm run dev:worker:check`).
 */
import type { Queryable } from "../../db/types.ts";
import { upsertSubscription } from "../subscriptions-repo.ts";

const HOUR_MS = 3_600_000;

export async function plantSpawnAlert(
  db: Queryable,
  boss: string,
  spawnAt: Date,
  device: { endpoint: string; keys: { p256dh: string; auth: string } },
): Promise<void> {
  await db.query("INSERT INTO boss_names (name, respawn_time_hours) VALUES ($1, 10)", [boss]);
  await db.query(
    `INSERT INTO boss_timers (boss_name, start_time, end_time, duration_hours, is_active, status)
     VALUES ($1, $2, $3, 10, true, 'active')`,
    [boss, new Date(spawnAt.getTime() - 10 * HOUR_MS), spawnAt],
  );
  await upsertSubscription(db, {
    endpoint: device.endpoint,
    keys: device.keys,
    bosses: [boss],
    leadMinutes: 10,
    userId: null,
    from: null,
  });
}
