/**
 * Test support: moves an open auction in time so that its end is `ms` from the database's now. Its opening, its end
 * and its bids move back together, as if it had been opened that much earlier (the server judges by its own clock,
 * decision 091, so a test cannot wait two minutes for an end).
 */
import type { Db } from "../db/types.ts";

export async function endIn(db: Db, id: number, ms: number): Promise<void> {
  const shift = `(clock_timestamp() + make_interval(secs => $2::double precision / 1000)
                   - (SELECT ends_at FROM auctions WHERE id = $1))`;
  await db.query(
    `UPDATE auction_bids SET placed_at = placed_at + ${shift}, ends_at = ends_at + ${shift} WHERE auction_id = $1`,
    [id, ms],
  );
  await db.query(
    `UPDATE auctions SET opened_at = opened_at + ${shift}, planned_end = planned_end + ${shift},
            ends_at = ends_at + ${shift}
      WHERE id = $1`,
    [id, ms],
  );
}
