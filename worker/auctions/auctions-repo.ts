/**
 * The auctions and auction_bids tables (sql/023, decision 091). Reads and writes only; the rules are
 * shared/auctions/auction-rules.ts', applied by auction-state.ts. Times come from the database's clock
 * (clock_timestamp(), read under the auction's lock), the one every bid, reader and close share.
 */
import type { AuctionBidders, AuctionPayment, AuctionStatusText } from "@shared/schemas/auctions.ts";
import type { Queryable } from "../db/types.ts";

export interface AuctionRow {
  id: number;
  marketItemId: number | null;
  lootName: string;
  bossName: string;
  startPrice: string;
  minRaise: string;
  openedAt: Date;
  plannedEnd: Date;
  endsAt: Date;
  antiSnipeSeconds: number;
  bidders: AuctionBidders;
  payment: AuctionPayment;
  status: AuctionStatusText;
  endedAt: Date | null;
  cancelReason: string | null;
  winnerMemberId: number | null;
  winnerName: string | null;
  price: string | null;
}

export interface BidRow {
  auctionId: number;
  seq: number;
  memberId: number;
  memberName: string;
  userId: number | null;
  amount: string | null;
  max: string | null;
  placedAt: Date;
  endsAt: Date;
}

const ROW_COLUMNS = `a.id, a.market_item_id AS "marketItemId", a.loot_name AS "lootName", a.boss_name AS "bossName",
  a.start_price::text AS "startPrice", a.min_raise::text AS "minRaise", a.opened_at AS "openedAt",
  a.planned_end AS "plannedEnd", a.ends_at AS "endsAt", a.anti_snipe_seconds AS "antiSnipeSeconds", a.bidders,
  a.payment, a.status, a.ended_at AS "endedAt", a.cancel_reason AS "cancelReason",
  a.winner_member_id AS "winnerMemberId", a.winner_name AS "winnerName", a.price::text AS price`;

const BID_COLUMNS = `b.auction_id AS "auctionId", b.seq, b.member_id AS "memberId", b.member_name AS "memberName",
  b.user_id AS "userId", b.amount::text AS amount, b.max_amount::text AS max, b.placed_at AS "placedAt",
  b.ends_at AS "endsAt"`;

/** The database's clock now (not the transaction's start: a bid that waited for the lock is judged when it runs). */
export async function serverNow(q: Queryable): Promise<Date> {
  const [row] = await q.query<{ now: Date }>("SELECT clock_timestamp() AS now");
  return (row as { now: Date }).now;
}

/** Opens an auction; null when the item already has an open one. */
export async function insertAuction(
  q: Queryable,
  input: {
    marketItemId: number;
    lootName: string;
    bossName: string;
    startPrice: string;
    minRaise: string;
    seconds: number;
    antiSnipeSeconds: number;
    bidders: AuctionBidders;
    payment: AuctionPayment;
    openedBy: number | null;
  },
): Promise<number | null> {
  const [row] = await q.query<{ id: number }>(
    `WITH clock AS (SELECT clock_timestamp() AS now)
     INSERT INTO auctions (market_item_id, loot_name, boss_name, start_price, min_raise, opened_at, planned_end,
                           ends_at, anti_snipe_seconds, bidders, payment, opened_by)
     SELECT $1, $2, $3, $4::numeric, $5::numeric, now, now + make_interval(secs => $6::int),
            now + make_interval(secs => $6::int), $7, $8, $9, $10
       FROM clock
     ON CONFLICT (market_item_id) WHERE status = 'open' DO NOTHING RETURNING id`,
    [
      input.marketItemId,
      input.lootName,
      input.bossName,
      input.startPrice,
      input.minRaise,
      input.seconds,
      input.antiSnipeSeconds,
      input.bidders,
      input.payment,
      input.openedBy,
    ],
  );
  return row?.id ?? null;
}

/** The auction's row, locked until the transaction ends: bids, the close and a cancel take their turns on it. */
export async function lockAuction(q: Queryable, id: number): Promise<AuctionRow | undefined> {
  const [row] = await q.query<AuctionRow>(
    `SELECT ${ROW_COLUMNS} FROM auctions a WHERE a.id = $1 FOR UPDATE`,
    [id],
  );
  return row;
}

export async function readAuction(q: Queryable, id: number): Promise<AuctionRow | undefined> {
  const [row] = await q.query<AuctionRow>(`SELECT ${ROW_COLUMNS} FROM auctions a WHERE a.id = $1`, [id]);
  return row;
}

/** The open auctions and those ended within `recentMs`, open first, newest first. */
export async function listAuctions(q: Queryable, recentMs: number): Promise<AuctionRow[]> {
  return q.query<AuctionRow>(
    `SELECT ${ROW_COLUMNS} FROM auctions a
      WHERE a.status = 'open' OR a.ended_at > now() - make_interval(secs => $1::double precision / 1000)
      ORDER BY a.status = 'open' DESC, a.opened_at DESC, a.id DESC`,
    [recentMs],
  );
}

/**
 * The open auctions paid from the balance on which the member has bid: those whose win may still charge the
 * member's balance (decision 098).
 */
export async function openBalanceAuctionsBidOnBy(q: Queryable, memberId: number): Promise<AuctionRow[]> {
  return q.query<AuctionRow>(
    `SELECT ${ROW_COLUMNS} FROM auctions a
      WHERE a.status = 'open' AND a.payment = 'balance'
        AND EXISTS (SELECT 1 FROM auction_bids b WHERE b.auction_id = a.id AND b.member_id = $1)
      ORDER BY a.id`,
    [memberId],
  );
}

/** The accepted bids of the auctions, in the order they were committed. */
export async function bidsOf(q: Queryable, auctionIds: readonly number[]): Promise<BidRow[]> {
  if (auctionIds.length === 0) return [];
  return q.query<BidRow>(
    `SELECT ${BID_COLUMNS} FROM auction_bids b WHERE b.auction_id = ANY($1::int[]) ORDER BY b.auction_id, b.seq`,
    [auctionIds],
  );
}

export async function insertBid(q: Queryable, bid: Omit<BidRow, "auctionId"> & { auctionId: number }) {
  await q.query(
    `INSERT INTO auction_bids (auction_id, seq, member_id, member_name, user_id, amount, max_amount, placed_at, ends_at)
     VALUES ($1, $2, $3, $4, $5, $6::numeric, $7::numeric, $8, $9)`,
    [
      bid.auctionId,
      bid.seq,
      bid.memberId,
      bid.memberName,
      bid.userId,
      bid.amount,
      bid.max,
      bid.placedAt,
      bid.endsAt,
    ],
  );
}

/** Anti-snipe: the end moved by an accepted bid (never back: the rules only move it later). */
export async function moveEnd(q: Queryable, id: number, endsAt: Date): Promise<void> {
  await q.query("UPDATE auctions SET ends_at = $2 WHERE id = $1 AND status = 'open' AND ends_at < $2", [
    id,
    endsAt,
  ]);
}

/** Ends an open auction: closed (with its sale, if any) or cancelled (with the reason). */
export async function endAuction(
  q: Queryable,
  id: number,
  end: {
    status: "closed" | "cancelled";
    endedBy: number | null;
    /** When it ended: a close's is the instant the server judged it over; a cancel's, now. */
    endedAt?: Date;
    cancelReason?: string;
    sale?: { memberId: number | null; name: string; price: string; payoutId: number | null };
  },
): Promise<void> {
  await q.query(
    `UPDATE auctions SET status = $2, ended_at = coalesce($9, clock_timestamp()), ended_by = $3, cancel_reason = $4,
            winner_member_id = $5, winner_name = $6, price = $7::numeric, payout_id = $8
      WHERE id = $1 AND status = 'open'`,
    [
      id,
      end.status,
      end.endedBy,
      end.cancelReason ?? null,
      end.sale?.memberId ?? null,
      end.sale?.name ?? null,
      end.sale?.price ?? null,
      end.sale?.payoutId ?? null,
      end.endedAt ?? null,
    ],
  );
}

/** The open auctions whose end has come, soonest first. */
export async function dueAuctionIds(q: Queryable): Promise<number[]> {
  const rows = await q.query<{ id: number }>(
    "SELECT id FROM auctions WHERE status = 'open' AND ends_at <= clock_timestamp() ORDER BY ends_at, id",
  );
  return rows.map((row) => row.id);
}

/** When the next open auction ends, or null: the Node scheduler's and the Durable Object's next alarm. */
export async function nextAuctionEnd(q: Queryable): Promise<Date | null> {
  const [row] = await q.query<{ endsAt: Date | null }>(
    `SELECT min(ends_at) AS "endsAt" FROM auctions WHERE status = 'open'`,
  );
  return row?.endsAt ?? null;
}

/** The participants text of the auctioned item, or null when it was deleted. */
export async function itemParticipants(q: Queryable, marketItemId: number | null): Promise<string | null> {
  if (marketItemId === null) return null;
  const [row] = await q.query<{ participants: string }>(
    "SELECT participated_members AS participants FROM market_exchange WHERE id = $1",
    [marketItemId],
  );
  return row?.participants ?? null;
}
