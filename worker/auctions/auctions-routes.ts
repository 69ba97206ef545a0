/**
 * Live loot auctions (issue 28; decisions 087 and 091). An officer opens an auction for a Pending item; signed-in
 * raiders bid as their main or one of its alts; the server is the judge and the clock: each bid runs under the
 * auction's row lock at the database's clock, is accepted or refused by the rules with the reason and the price
 * now, and an accepted bid in the last seconds moves the end in the same transaction. An auction past its end is
 * closed before anything else is done with it (close-auctions.ts), so a reader never sees an open auction whose
 * time is up, and a bid after the end is refused.
 */
import type { Context } from "hono";
import { type BidRefusal, leadOf, placeBid } from "@shared/auctions/auction-rules.ts";
import { AUCTION_CALLS, MY_AUCTION_CALLS } from "@shared/contract/auctions.ts";
import { formatTime } from "@shared/format/format-date.ts";
import { type Cents, moneyText, parseMoney } from "@shared/money/money.ts";
import { parseParticipantNames } from "@shared/participants/parse-participants.ts";
import {
  AUCTION_MESSAGES,
  AUCTION_RECENT_MS,
  type AuctionCharacter,
  type AuctionView,
  auctionEndedMessage,
  bidsAsOtherMessage,
  bidTooLowMessage,
  type MyAuctionStanding,
  type MyAuctionView,
  notAboveOwnLimitMessage,
  overBalanceBidMessage,
} from "@shared/schemas/auctions.ts";
import { ApiError } from "../app/api-error.ts";
import type { AppEnv } from "../app/context.ts";
import { sendData } from "../app/respond.ts";
import { serveCalls } from "../app/serve-calls.ts";
import { write } from "../app/write.ts";
import { signedInUser } from "../auth/require-role.ts";
import { charactersOf } from "../check-ins/check-ins-repo.ts";
import type { Queryable } from "../db/types.ts";
import { deliverDiscordAfterCommit } from "../discord/discord-alerts.ts";
import { enqueueAuctionOpened, enqueueAuctionResult } from "../discord/discord-store.ts";
import { getMarketItem } from "../market/market-repo.ts";
import { lockMember, memberBalance } from "../payouts/payouts-repo.ts";
import { guildTimeZone } from "../settings/guild-time-zone.ts";
import { auctionView, type Replayed, replay } from "./auction-state.ts";
import {
  type AuctionRow,
  bidsOf,
  endAuction,
  insertAuction,
  insertBid,
  itemParticipants,
  listAuctions,
  lockAuction,
  moveEnd,
  openBalanceAuctionsBidOnBy,
  readAuction,
  serverNow,
} from "./auctions-repo.ts";
import { AUCTION_ENTITY, auditedAuction, closeAuctionIfDue } from "./close-auctions.ts";
import { readTogether } from "./read-together.ts";

/** Closes the auction first when its end has come (a Discord "loot sold" then goes out after that commit). */
async function closeFirst(c: Context<AppEnv>, id: number): Promise<void> {
  const closed = await closeAuctionIfDue(c.get("db"), id, c.get("config").timeZone);
  if (closed) c.get("live")?.changed(c);
  if (closed?.toDiscord) deliverDiscordAfterCommit(c);
}

/** The auctions of `rows` with their bids replayed, in the same order. */
async function replayAll(q: Queryable, rows: readonly AuctionRow[]): Promise<Replayed[]> {
  const bids = await bidsOf(
    q,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    replay(
      row,
      bids.filter((bid) => bid.auctionId === row.id),
    ),
  );
}

/** The auctions due for a close among the open ones: closed first, so the lists never show one past its end. */
async function listed(c: Context<AppEnv>): Promise<AuctionRow[]> {
  const db = c.get("db");
  const now = await serverNow(db);
  const rows = await listAuctions(db, AUCTION_RECENT_MS);
  const due = rows.filter((row) => row.status === "open" && row.endsAt.getTime() <= now.getTime());
  if (due.length === 0) return rows;
  for (const row of due) await closeFirst(c, row.id);
  return listAuctions(db, AUCTION_RECENT_MS);
}

async function officerView(q: Queryable, row: AuctionRow): Promise<AuctionView> {
  const [replayed] = await replayAll(q, [row]);
  return auctionView(row, replayed as Replayed, await serverNow(q), "full");
}

/** Why the account may not bid on the auction now, or null. */
function standingRefusal(
  row: AuctionRow,
  characters: readonly AuctionCharacter[],
  zone: string,
): string | null {
  if (row.status === "cancelled") return AUCTION_MESSAGES.cancelled;
  if (row.status === "closed")
    return auctionEndedMessage(row.lootName, formatTime(row.endedAt ?? row.endsAt, zone));
  if (characters.length === 0) return AUCTION_MESSAGES.noCharacter;
  return null;
}

/** A member's balance and, on each open auction paid from the balance that they lead, their ceiling there. */
interface Funds {
  balance: string;
  leads: Map<number, Cents>;
}

/**
 * What a member's balance already answers for (decision 098): on each open auction paid from the balance that the
 * member leads, their ceiling (their highest bid or automatic limit), the most that win may charge them.
 */
async function fundsOf(q: Queryable, memberId: number): Promise<Funds> {
  const balance = (await memberBalance(q, memberId))?.balance ?? "0";
  const rows = await openBalanceAuctionsBidOnBy(q, memberId);
  const leads = new Map<number, Cents>();
  for (const [index, { state }] of (await replayAll(q, rows)).entries()) {
    if (leadOf(state).leaderId !== memberId) continue;
    const ceiling = state.standings.find((one) => one.bidderId === memberId)?.ceilingCents ?? 0;
    leads.set((rows[index] as AuctionRow).id, ceiling);
  }
  return { balance, leads };
}

/** On one auction: the balance, what the leads on the others hold of it, and what is left to bid with. */
function spendable({ balance, leads }: Funds, auctionId: number) {
  let held = 0;
  for (const [id, ceiling] of leads) if (id !== auctionId) held += ceiling;
  return { balance, held: moneyText(held), availableCents: parseMoney(balance) - held };
}

/** Whether a character may bid: every active member (its characters are active ones), or the item's participants. */
function mayBid(row: AuctionRow, participants: string | null, name: string): boolean {
  if (row.bidders === "members") return true;
  const folded = name.trim().toLowerCase();
  return parseParticipantNames(participants ?? "").some((one) => one.trim().toLowerCase() === folded);
}

/** The auction as the account sees it: no one else's limits while it is open, its own standing. */
async function raiderView(
  row: AuctionRow,
  replayed: Replayed,
  userId: number,
  characters: readonly AuctionCharacter[],
  context: { now: Date; zone: string; funds: (memberId: number) => Promise<Funds> },
): Promise<MyAuctionView> {
  const view = auctionView(row, replayed, context.now, row.status === "open" ? "none" : "full");
  const ownSteps = replayed.steps.filter((step) => step.bid.userId === userId);
  const last = ownSteps.at(-1)?.bid;
  const bidsAs = last ? { memberId: last.memberId, name: last.memberName } : null;
  const main = characters.find((one) => one.isMain) ?? characters[0];
  const balanceOf = bidsAs?.memberId ?? main?.memberId;
  const funds =
    row.payment === "balance" && balanceOf !== undefined
      ? spendable(await context.funds(balanceOf), row.id)
      : null;
  const standing = replayed.state.standings.find((one) => one.bidderId === bidsAs?.memberId);
  const ownMax = ownSteps.findLast((step) => step.bid.max !== null)?.bid.max ?? null;
  const mine: MyAuctionStanding = {
    bidsAs,
    leading:
      bidsAs !== null && row.status !== "cancelled" && leadOf(replayed.state).leaderId === bidsAs.memberId,
    max: standing && ownMax !== null ? ownMax : null,
    refusal: standingRefusal(row, characters, context.zone),
    balance: funds?.balance ?? null,
    held: funds?.held ?? null,
  };
  return { ...view, mine };
}

async function raiderViews(
  c: Context<AppEnv>,
  q: Queryable,
  rows: readonly AuctionRow[],
  userId: number,
): Promise<{ auctions: MyAuctionView[]; characters: AuctionCharacter[] }> {
  const characters = await charactersOf(q, userId);
  const zone = await guildTimeZone(q, c.get("config").timeZone);
  const now = await serverNow(q);
  const replayed = await replayAll(q, rows);
  // Each character's funds are read once for the whole list.
  const read = new Map<number, Promise<Funds>>();
  const funds = (memberId: number) => {
    const known = read.get(memberId) ?? fundsOf(q, memberId);
    read.set(memberId, known);
    return known;
  };
  const auctions: MyAuctionView[] = [];
  for (const [index, row] of rows.entries()) {
    const context = { now, zone, funds };
    auctions.push(await raiderView(row, replayed[index] as Replayed, userId, characters, context));
  }
  return { auctions, characters };
}

/** The words of a refusal, with the price now. */
function refusalMessage(
  reason: BidRefusal,
  row: AuctionRow,
  replayed: Replayed,
  context: {
    zone: string;
    funds: { balance: string; held: string } | null;
    bidCents: number;
    ownLimitCents: number;
    minimumCents: number;
  },
): string {
  const lead = leadOf(replayed.state);
  switch (reason) {
    case "not-open":
      return row.status === "cancelled"
        ? AUCTION_MESSAGES.cancelled
        : auctionEndedMessage(row.lootName, formatTime(row.endedAt ?? row.endsAt, context.zone));
    case "ended":
      return auctionEndedMessage(row.lootName, formatTime(new Date(replayed.state.endsAt), context.zone));
    case "not-allowed":
      return row.bidders === "participants"
        ? AUCTION_MESSAGES.notAllowedParticipants
        : AUCTION_MESSAGES.notAllowedMembers;
    case "nothing-to-bid":
      return AUCTION_MESSAGES.nothingToBid;
    case "over-balance":
      return overBalanceBidMessage(
        context.bidCents,
        context.funds?.balance ?? "0",
        context.funds?.held ?? "0",
      );
    case "not-above-own-limit":
      return notAboveOwnLimitMessage(context.ownLimitCents);
    case "too-low":
      return bidTooLowMessage(context.minimumCents, lead.priceCents);
  }
}

export const auctionRoutes = serveCalls(AUCTION_CALLS, {
  list: async (c) => {
    const db = c.get("db");
    const rows = await listed(c);
    const replayed = await replayAll(db, rows);
    const now = await serverNow(db);
    return sendData(c, {
      auctions: rows.map((row, index) => auctionView(row, replayed[index] as Replayed, now, "full")),
    });
  },
  read: async (c) => {
    const { id } = c.req.valid("query");
    await closeFirst(c, id);
    const row = await readAuction(c.get("db"), id);
    if (!row) throw new ApiError(404, AUCTION_MESSAGES.auctionNotFound);
    return sendData(c, { auction: await officerView(c.get("db"), row) });
  },
  open: async (c) => {
    const input = c.req.valid("json");
    const caller = signedInUser(c);
    let toDiscord = false;
    const response = await write(
      c,
      async ({ tx, audit }) => {
        const item = await getMarketItem(tx, input.marketItemId, true);
        if (!item) throw new ApiError(404, AUCTION_MESSAGES.itemNotFound);
        if (item.status !== "Pending") throw new ApiError(409, AUCTION_MESSAGES.itemSold);
        const id = await insertAuction(tx, {
          marketItemId: item.id,
          lootName: item.lootName,
          bossName: item.bossName,
          startPrice: moneyText(input.startPrice),
          minRaise: moneyText(input.minRaise),
          seconds: input.seconds,
          antiSnipeSeconds: input.antiSnipeSeconds,
          bidders: input.bidders,
          payment: input.payment,
          openedBy: caller.id,
        });
        if (id === null) throw new ApiError(409, AUCTION_MESSAGES.itemInAuction);
        const row = (await readAuction(tx, id)) as AuctionRow;
        const auction = await officerView(tx, row);
        toDiscord = await enqueueAuctionOpened(tx, {
          id,
          lootName: row.lootName,
          startCents: input.startPrice,
          endsAt: row.endsAt,
          link: `${new URL(c.req.url).origin}/me/auctions/${id}`,
          now: auction.serverNow,
        });
        await audit({
          action: "open",
          entity: AUCTION_ENTITY,
          entityId: id,
          after: {
            ...auditedAuction(row),
            startPrice: row.startPrice,
            minRaise: row.minRaise,
            endsAt: row.endsAt,
            antiSnipeSeconds: row.antiSnipeSeconds,
            bidders: row.bidders,
            payment: row.payment,
          },
        });
        return { auction };
      },
      201,
    );
    if (toDiscord) deliverDiscordAfterCommit(c);
    c.get("auctionAlarm")?.wake(c);
    return response;
  },
  cancel: async (c) => {
    const { id, reason } = c.req.valid("json");
    const caller = signedInUser(c);
    await closeFirst(c, id);
    let toDiscord = false;
    const response = await write(c, async ({ tx, audit }) => {
      const row = await lockAuction(tx, id);
      if (!row) throw new ApiError(404, AUCTION_MESSAGES.auctionNotFound);
      if (row.status !== "open") throw new ApiError(409, AUCTION_MESSAGES.notOpen);
      await endAuction(tx, id, { status: "cancelled", endedBy: caller.id, cancelReason: reason });
      const now = await serverNow(tx);
      toDiscord = await enqueueAuctionResult(tx, { id, lootName: row.lootName, now }, { cancelled: reason });
      const [replayed] = await replayAll(tx, [row]);
      await audit({
        action: "cancel",
        entity: AUCTION_ENTITY,
        entityId: id,
        after: { ...auditedAuction(row), reason, voidBids: replayed?.steps.length ?? 0 },
      });
      return { auction: await officerView(tx, (await readAuction(tx, id)) as AuctionRow) };
    });
    if (toDiscord) deliverDiscordAfterCommit(c);
    return response;
  },
});

export const myAuctionRoutes = serveCalls(MY_AUCTION_CALLS, {
  list: async (c) => {
    const { id: userId } = signedInUser(c);
    const rows = await listed(c);
    return sendData(c, await raiderViews(c, c.get("db"), rows, userId));
  },
  read: async (c) => {
    const { id } = c.req.valid("query");
    const { id: userId } = signedInUser(c);
    const db = c.get("db");
    // The phones a notice sends here at once share one load of the auction (decision 095).
    const shared = await readTogether(db, id, async () => {
      await closeFirst(c, id);
      const row = await readAuction(db, id);
      if (!row) return undefined;
      const [replayed] = await replayAll(db, [row]);
      return { row, replayed: replayed as Replayed, zone: await guildTimeZone(db, c.get("config").timeZone) };
    });
    if (!shared) throw new ApiError(404, AUCTION_MESSAGES.auctionNotFound);
    const characters = await charactersOf(db, userId);
    // The clock is each answer's own: a phone counts down from it.
    const funds = (memberId: number) => fundsOf(db, memberId);
    const context = { now: await serverNow(db), zone: shared.zone, funds };
    const auction = await raiderView(shared.row, shared.replayed, userId, characters, context);
    return sendData(c, { auction, characters });
  },
  bid: async (c) => {
    const input = c.req.valid("json");
    const caller = signedInUser(c);
    await closeFirst(c, input.id);
    const response = await write(c, async ({ tx, audit }) => {
      const row = await lockAuction(tx, input.id);
      if (!row) throw new ApiError(404, AUCTION_MESSAGES.auctionNotFound);
      const at = await serverNow(tx);
      const zone = await guildTimeZone(tx, c.get("config").timeZone);
      const characters = await charactersOf(tx, caller.id);
      const character = characters.find((one) => one.memberId === input.memberId);
      if (characters.length === 0) throw new ApiError(400, AUCTION_MESSAGES.noCharacter);
      if (!character) throw new ApiError(403, AUCTION_MESSAGES.notYourCharacter);
      const [replayed] = (await replayAll(tx, [row])) as [Replayed];
      const answerNow = async () => raiderViews(c, tx, [row], caller.id);
      const earlier = replayed.steps.findLast((step) => step.bid.userId === caller.id)?.bid;
      if (earlier && earlier.memberId !== character.memberId) {
        const now = await answerNow();
        throw new ApiError(409, bidsAsOtherMessage(earlier.memberName), { auction: now.auctions[0] });
      }
      // The member's row is locked first, so two bids of theirs on two auctions judge the balance one at a time.
      const funds =
        row.payment === "balance"
          ? await lockMember(tx, character.memberId).then(async () =>
              spendable(await fundsOf(tx, character.memberId), row.id),
            )
          : null;
      const outcome = placeBid(
        row.status === "open" ? replayed.state : { ...replayed.state, status: row.status },
        {
          bidderId: character.memberId,
          amountCents: input.amount,
          maxCents: input.max,
          at: at.getTime(),
          allowed: mayBid(row, await itemParticipants(tx, row.marketItemId), character.name),
          balanceCents: funds === null ? null : funds.availableCents,
        },
      );
      if (!outcome.accepted) {
        const own = replayed.state.standings.find((one) => one.bidderId === character.memberId);
        const message = refusalMessage(outcome.reason, row, replayed, {
          zone,
          funds,
          bidCents: Math.max(input.amount ?? 0, input.max ?? 0),
          ownLimitCents: own?.ceilingCents ?? 0,
          minimumCents: outcome.minimumCents,
        });
        const now = await answerNow();
        throw new ApiError(409, message, { reason: outcome.reason, auction: now.auctions[0] });
      }
      const endsAt = new Date(outcome.state.endsAt);
      const seq = replayed.state.bidCount + 1;
      await insertBid(tx, {
        auctionId: row.id,
        seq,
        memberId: character.memberId,
        memberName: character.name,
        userId: caller.id,
        amount: input.amount === undefined ? null : moneyText(input.amount),
        max: input.max === undefined ? null : moneyText(input.max),
        placedAt: at,
        endsAt,
      });
      const extended = endsAt.getTime() > replayed.state.endsAt;
      if (extended) await moveEnd(tx, row.id, endsAt);
      const lead = leadOf(outcome.state);
      await audit({
        action: "bid",
        entity: AUCTION_ENTITY,
        entityId: row.id,
        after: {
          ...auditedAuction(row),
          seq,
          memberName: character.name,
          amount: input.amount === undefined ? null : moneyText(input.amount),
          max: input.max === undefined ? null : moneyText(input.max),
          price: lead.priceCents === null ? null : moneyText(lead.priceCents),
          endsAt,
          extended,
        },
      });
      const after = (await lockAuction(tx, row.id)) as AuctionRow;
      const { auctions, characters: mine } = await raiderViews(c, tx, [after], caller.id);
      return { auction: auctions[0] as MyAuctionView, characters: mine, leading: outcome.leading };
    });
    // The end may have moved (anti-snipe): the clock looks again.
    c.get("auctionAlarm")?.wake(c);
    return response;
  },
});
