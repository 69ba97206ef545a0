/** The stored push subscriptions (sql/007): one row per browser push endpoint. */
import type { AlertLeadMinutes } from "@shared/bosses/alert-lead-minutes.ts";
import type { SpawnAlertSettings } from "@shared/schemas/spawn-alerts.ts";
import type { Queryable } from "../db/types.ts";

export interface StoredSubscription extends SpawnAlertSettings {
  id: number;
  keys: { p256dh: string; auth: string };
}

const COLUMNS = `id, endpoint, p256dh, auth, bosses, lead_minutes AS "leadMinutes"`;

interface Row {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  bosses: unknown;
  leadMinutes: number;
}

/** jsonb comes back parsed on every driver; a text copy (should a driver hand one over) is parsed here. */
function bossesOf(value: unknown): "all" | string[] {
  const parsed = typeof value === "string" && value !== "all" ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? parsed.map(String) : "all";
}

function fromRow(row: Row): StoredSubscription {
  return {
    id: row.id,
    endpoint: row.endpoint,
    keys: { p256dh: row.p256dh, auth: row.auth },
    bosses: bossesOf(row.bosses),
    leadMinutes: row.leadMinutes as AlertLeadMinutes,
  };
}

export function settingsOf(subscription: StoredSubscription): SpawnAlertSettings {
  const { endpoint, bosses, leadMinutes } = subscription;
  return { endpoint, bosses, leadMinutes };
}

/** Holds other subscription writes until this transaction ends, so the bounds are counted one writer at a time. */
export async function lockSubscriptionWrites(tx: Queryable): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock($1)", [7_424_607]);
}

export async function findSubscription(
  q: Queryable,
  endpoint: string,
): Promise<StoredSubscription | undefined> {
  const rows = await q.query<Row>(`SELECT ${COLUMNS} FROM push_subscriptions WHERE endpoint = $1`, [
    endpoint,
  ]);
  return rows[0] ? fromRow(rows[0]) : undefined;
}

export async function countSubscriptions(q: Queryable, from?: string): Promise<number> {
  const rows =
    from === undefined
      ? await q.query<{ n: number }>("SELECT count(*)::int AS n FROM push_subscriptions")
      : await q.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM push_subscriptions WHERE created_from = $1",
          [from],
        );
  return rows[0]?.n ?? 0;
}

/** Creates the endpoint's subscription or replaces its keys and settings (the address it came from stays). */
export async function upsertSubscription(
  q: Queryable,
  input: {
    endpoint: string;
    keys: { p256dh: string; auth: string };
    bosses: "all" | string[];
    leadMinutes: AlertLeadMinutes;
    userId: number | null;
    from: string | null;
  },
): Promise<StoredSubscription> {
  const rows = await q.query<Row>(
    `INSERT INTO push_subscriptions (endpoint, p256dh, auth, bosses, lead_minutes, user_id, created_from)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7)
     ON CONFLICT (endpoint) DO UPDATE SET
       p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, bosses = EXCLUDED.bosses,
       lead_minutes = EXCLUDED.lead_minutes, user_id = COALESCE(EXCLUDED.user_id, push_subscriptions.user_id)
     RETURNING ${COLUMNS}`,
    [
      input.endpoint,
      input.keys.p256dh,
      input.keys.auth,
      JSON.stringify(input.bosses),
      input.leadMinutes,
      input.userId,
      input.from,
    ],
  );
  return fromRow(rows[0] as Row);
}

/** True when the endpoint had a subscription. Its deliveries go with it (ON DELETE CASCADE). */
export async function deleteSubscription(q: Queryable, endpoint: string): Promise<boolean> {
  const rows = await q.query("DELETE FROM push_subscriptions WHERE endpoint = $1 RETURNING id", [endpoint]);
  return rows.length > 0;
}

export async function deleteSubscriptionById(q: Queryable, id: number): Promise<void> {
  await q.query("DELETE FROM push_subscriptions WHERE id = $1", [id]);
}

/**
 * The subscriptions of enabled accounts linked to a character, oldest first: the devices of the raiders who can
 * check in to a kill (decision 079).
 */
export async function listCharacterSubscriptions(q: Queryable): Promise<StoredSubscription[]> {
  const rows = await q.query<Row>(
    `SELECT ${COLUMNS} FROM push_subscriptions
      WHERE user_id IN (SELECT id FROM users WHERE NOT disabled AND member_id IS NOT NULL) ORDER BY id`,
  );
  return rows.map(fromRow);
}

/** Every subscription, oldest first (the total is bounded: MAX_PUSH_SUBSCRIPTIONS). */
export async function listSubscriptions(q: Queryable): Promise<StoredSubscription[]> {
  const rows = await q.query<Row>(`SELECT ${COLUMNS} FROM push_subscriptions ORDER BY id`);
  return rows.map(fromRow);
}
