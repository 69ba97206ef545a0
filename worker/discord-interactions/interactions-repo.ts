/** The interactions Discord sent (sql/025, decision 096): each id claimed once, its answer kept, a minute's count per user. */
import type { Queryable } from "../db/types.ts";

/** Claims an interaction's id; false when it was claimed before (Discord sent it again, or someone replays it). */
export async function claimInteraction(
  q: Queryable,
  row: { id: string; discordUserId: string; kind: string },
): Promise<boolean> {
  const claimed = await q.query(
    `INSERT INTO discord_interactions (id, discord_user_id, kind) VALUES ($1, $2, $3)
     ON CONFLICT (id) DO NOTHING RETURNING id`,
    [row.id, row.discordUserId, row.kind],
  );
  return claimed.length === 1;
}

/** The answer given to an interaction, for a repeat of it; undefined while it is still being handled. */
export async function storedAnswer(q: Queryable, id: string): Promise<unknown> {
  const [row] = await q.query<{ answer: unknown }>("SELECT answer FROM discord_interactions WHERE id = $1", [
    id,
  ]);
  return row?.answer ?? undefined;
}

export async function storeAnswer(q: Queryable, id: string, answer: unknown): Promise<void> {
  await q.query("UPDATE discord_interactions SET answer = $2::jsonb WHERE id = $1", [
    id,
    JSON.stringify(answer),
  ]);
}

/** How many interactions this Discord user sent in the last `windowMs`, by the database's clock. */
export async function recentInteractions(
  q: Queryable,
  discordUserId: string,
  windowMs: number,
): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM discord_interactions
      WHERE discord_user_id = $1 AND received_at > now() - make_interval(secs => $2)`,
    [discordUserId, windowMs / 1000],
  );
  return row?.n ?? 0;
}

export interface LinkedAccount {
  id: number;
  email: string;
  displayName: string;
  role: "admin" | "officer" | "user";
  avatarUrl: string | null;
  disabled: boolean;
}

/** The portal account a Discord user signed in with (decision 070), if any. */
export async function linkedAccount(q: Queryable, discordUserId: string): Promise<LinkedAccount | undefined> {
  const [row] = await q.query<LinkedAccount>(
    `SELECT id, email, display_name AS "displayName", role, avatar_url AS "avatarUrl", disabled
       FROM users WHERE discord_id = $1`,
    [discordUserId],
  );
  return row;
}
