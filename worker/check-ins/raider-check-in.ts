/**
 * A raider's side of a check-in (decision 079): how a check-in looks to an account (whether and as whom it is on it,
 * why a check-in now would be refused) and the rules of checking in: as the account's main or one of its alts, once
 * per kill and player. The routes (check-ins-routes.ts) lock the check-in first and call these in their write.
 */
import { formatTime } from "@shared/format/format-date.ts";
import {
  alreadyCheckedInMessage,
  CHECK_IN_MESSAGES,
  checkInClosedMessage,
  type MyCheckInAnswer,
  type MyCheckInCharacter,
  type RaiderCheckIn,
} from "@shared/schemas/check-ins.ts";
import { ApiError } from "../app/api-error.ts";
import type { Queryable } from "../db/types.ts";
import {
  type CheckInRow,
  charactersOf,
  claimEntry,
  insertEntry,
  type OwnEntry,
  ownEntries,
} from "./check-ins-repo.ts";

/** Why a raider may not check in now (refused with 409), or null while it accepts check-ins. `zone`: the guild's. */
export function refusalOf(row: CheckInRow, zone: string): string | null {
  if (row.status === "cancelled") return CHECK_IN_MESSAGES.cancelled;
  if (row.acceptsCheckIns) return null;
  const ended = row.endedAt && row.endedAt.getTime() < row.closesAt.getTime() ? row.endedAt : row.closesAt;
  return checkInClosedMessage(row.bossName, formatTime(ended, zone));
}

const raiderView = (row: CheckInRow, own: OwnEntry | undefined, zone: string): RaiderCheckIn => ({
  id: row.id,
  code: row.code,
  bossName: row.bossName,
  killedAt: row.killedAt,
  closesAt: row.closesAt,
  status: row.status,
  acceptsCheckIns: row.acceptsCheckIns,
  refusal: refusalOf(row, zone),
  checkedInAs: own ? { memberId: own.memberId, name: own.memberName } : null,
});

/** The check-ins as the account sees them, each with the entry that is its own. */
export async function raiderViews(
  q: Queryable,
  rows: readonly CheckInRow[],
  userId: number,
  characters: readonly MyCheckInCharacter[],
  zone: string,
): Promise<RaiderCheckIn[]> {
  const own = await ownEntries(
    q,
    rows.map((row) => row.id),
    userId,
    characters.map((character) => character.memberId),
  );
  return rows.map((row) =>
    raiderView(
      row,
      own.find((entry) => entry.checkInId === row.id),
      zone,
    ),
  );
}

export async function oneRaiderView(
  q: Queryable,
  row: CheckInRow,
  userId: number,
  zone: string,
): Promise<MyCheckInAnswer> {
  const characters = await charactersOf(q, userId);
  const [checkIn] = await raiderViews(q, [row], userId, characters, zone);
  return { checkIn: checkIn as RaiderCheckIn, characters };
}

/**
 * Puts the account on the check-in as `memberId`, or throws why not. An officer's entry of the same character
 * becomes the account's; any other entry of the account's characters means it is on already.
 */
export async function checkInAs(
  tx: Queryable,
  row: CheckInRow,
  caller: { id: number },
  memberId: number,
): Promise<string> {
  const characters = await charactersOf(tx, caller.id);
  if (characters.length === 0) throw new ApiError(400, CHECK_IN_MESSAGES.noCharacter);
  const character = characters.find((one) => one.memberId === memberId);
  if (!character) throw new ApiError(403, CHECK_IN_MESSAGES.notYourCharacter);
  const ids = characters.map((one) => one.memberId);
  // Twice at most: a request of the same account that committed meanwhile is seen on the second look.
  for (let look = 0; look < 2; look += 1) {
    const [own] = await ownEntries(tx, [row.id], caller.id, ids);
    if (own && (own.userId === caller.id || own.memberId !== memberId))
      throw new ApiError(409, alreadyCheckedInMessage(own.memberName));
    if (own) {
      if (await claimEntry(tx, row.id, memberId, caller.id)) return character.name;
    } else if (
      await insertEntry(tx, {
        checkInId: row.id,
        memberId,
        userId: caller.id,
        addedBy: caller.id,
        byOfficer: false,
      })
    )
      return character.name;
  }
  throw new ApiError(409, alreadyCheckedInMessage(character.name));
}
