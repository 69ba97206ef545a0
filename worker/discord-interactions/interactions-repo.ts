/** The interactions Discord sent (sql/025, decision 096): each id claimed once, its answer kept, a minute's count per user. */
import type { Queryable } from "../db/types.ts";

/** What one statement learns when an interaction arrives (it is the whole cost before the command runs). */
export interface Arrival {
  /** False when the id was claimed before (Discord sent it again, or someone replays it). */
  claimed: boolean;
  /** How many interactions this Discord user sent in the window before this one, by the database's clock. */
  earlier: number;
  /** The portal account the Discord user signed in with (decision 070), if any. */
  account: LinkedAccount | undefined;
  /** The admin's stored time zone, null when none was chosen. */
  chosenTimeZone: string | null;
}

type ArrivalRow = Omit<LinkedAccount, "id"> & Omit<Arrival, "account"> & { id: number | null };

/** Claims an interaction's id and reads, in the same statement, what acting on it needs. */
export async function claimInteraction(
  q: Queryable,
  row: { id: string; discordUserId: string; kind: string },
  windowMs: number,
): Promise<Arrival> {
  const [found] = await q.query<ArrivalRow>(
    `WITH claimed AS (
       INSERT INTO discord_interactions (id, discord_user_id, kind) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO NOTHING RETURNING id
     )
     SELECT EXISTS (SELECT 1 FROM claimed) AS claimed,
            (SELECT count(*)::int FROM discord_interactions
              WHERE discord_user_id = $2 AND received_at > now() - make_interval(secs => $4)) AS earlier,
            (SELECT time_zone FROM guild_settings WHERE id = 1) AS "chosenTimeZone",
            u.id, u.email, u.display_name AS "displayName", u.role, u.avatar_url AS "avatarUrl", u.disabled
       FROM (SELECT 1) AS arrival LEFT JOIN users u ON u.discord_id = $2`,
    [row.id, row.discordUserId, row.kind, windowMs / 1000],
  );
  if (!found) throw new Error("The interaction's claim returned no row.");
  const { claimed, earlier, chosenTimeZone, id, ...account } = found;
  return { claimed, earlier, chosenTimeZone, account: id === null ? undefined : { id, ...account } };
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

export interface LinkedAccount {
  id: number;
  email: string;
  displayName: string;
  role: "admin" | "officer" | "user";
  avatarUrl: string | null;
  disabled: boolean;
}
