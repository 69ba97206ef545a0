/**
 * The open auctions a /bid suggests as its `auction` option is typed (decision 099): the item, its id the value.
 * Only to a Discord user linked to an enabled portal account: the items are the guild's, not public.
 */
import type { Queryable } from "../db/types.ts";

/** Discord shows at most 25 choices, each name at most 100 characters. */
const MAX_CHOICES = 25;
const NAME_MAX = 100;

export async function auctionChoices(
  q: Queryable,
  discordUserId: string,
  typed: string,
): Promise<{ name: string; value: string }[]> {
  const rows = await q.query<{ id: number; loot_name: string; boss_name: string }>(
    `SELECT id, loot_name, boss_name FROM auctions
      WHERE status = 'open' AND ends_at > clock_timestamp() AND strpos(lower(loot_name), lower($1)) > 0
        AND EXISTS (SELECT 1 FROM users WHERE discord_id = $2 AND NOT disabled)
      ORDER BY ends_at, id LIMIT ${MAX_CHOICES}`,
    [typed.trim().slice(0, 200), discordUserId],
  );
  return rows.map((row) => ({
    name: `${row.loot_name} (from ${row.boss_name})`.slice(0, NAME_MAX),
    value: String(row.id),
  }));
}
