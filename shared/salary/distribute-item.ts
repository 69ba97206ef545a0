// How one loot item's value is divided: the figures behind the "Distribution Details" dialog and the building
// block of every salary. All amounts are integer cents; all division goes through splitByWeights.

import { type MoneyText, parseMoney } from "../money/money.ts";
import { splitByWeights } from "../money/split-by-weights.ts";
import { type ParticipantRosterMember, parseParticipants } from "../participants/parse-participants.ts";
import { DEFAULT_SPLIT_RULE, type SplitRule } from "./split-rules.ts";

export type MemberCategory = "Guild Master" | "Core" | "Members";

/** What the engine needs to know about a roster member. A member's status does not matter: see SalaryReceipt. */
export interface SalaryRosterMember extends ParticipantRosterMember {
  readonly category: MemberCategory;
  readonly raidsParticipated: number;
}

export interface SalaryItem {
  readonly id: number;
  readonly lootName: string;
  /** Decimal text as Postgres returns it ('3200.00'). */
  readonly value: MoneyText;
  readonly participatedMembers: string;
  readonly status: string;
  /** The day the item is split under (split-rules.ts, splitDayOf); without one, the default rules. */
  readonly day?: string | null;
}

export interface ParticipantShare {
  /** The roster spelling, or the name as written for someone not on the roster. */
  readonly name: string;
  readonly memberId: number | null;
  /** Members for someone not on the roster. */
  readonly category: MemberCategory;
  readonly generalShareCents: number;
  readonly eliteShareCents: number;
}

export interface ItemDistribution {
  readonly itemId: number;
  readonly lootName: string;
  readonly valueCents: number;
  /** The four parts of the value; they add up to valueCents. */
  readonly guildFundPartCents: number;
  readonly adminFundCents: number;
  readonly elitePoolCents: number;
  readonly basePoolCents: number;
  /** Set when nobody could take the pool, which then goes to the guild fund. */
  readonly elitePoolToGuildFund: boolean;
  /** Set when no participant is elite and the rules give the elite pool to the base pool. */
  readonly elitePoolToBasePool: boolean;
  readonly basePoolToGuildFund: boolean;
  /** What the guild fund receives in all: its part plus any pool nobody could take. */
  readonly guildFundCents: number;
  /** In the order of the participant list. */
  readonly shares: readonly ParticipantShare[];
}

/**
 * Divides one item's value among the funds and its participants, whatever the item's status (the dialog may
 * preview a Pending item; salaries count only Sold items).
 * - Value: by the rule set (split-rules.ts; the default 10% guild fund, 5% admin fund, 25% elite pool, 60% base pool by
 *   default), by largest remainder.
 * - Base pool: equally among all participants. Elite pool: equally among participants of the rule's elite
 *   categories (Guild Master and Core by default). Equal splits give leftover cents by participant name.
 * - No elite participant: the elite pool goes to the guild fund, or joins the base pool when the rule says so. No
 *   participants: both pools go to the guild fund.
 * - A player with several participating characters: the general shares of those characters are added up and
 *   re-split in proportion to each character's raidsParticipated (equally when all are 0), and the same for the
 *   elite shares. So a character may hold part of an elite share although its own category is Members.
 */
export function distributeItem<M extends SalaryRosterMember>(
  item: SalaryItem,
  roster: readonly M[],
  rule: SplitRule = DEFAULT_SPLIT_RULE,
): ItemDistribution {
  const parts = valueParts(item, rule);
  const { valueCents, guildFundPartCents, adminFundCents, elitePoolCents, basePoolCents } = parts;
  const participants = parseParticipants(item.participatedMembers, roster);
  const isElite = participants.map((participant) => isEliteIn(participant.member, rule));
  const eliteCount = isElite.filter(Boolean).length;
  const pools = poolsGo(participants.length, eliteCount, rule);
  const { basePoolToGuildFund, elitePoolToBasePool, elitePoolToGuildFund } = pools;

  const equalGeneral = basePoolToGuildFund
    ? []
    : splitEqually(
        basePoolCents + (elitePoolToBasePool ? elitePoolCents : 0),
        participants.map((p) => p.name),
      );
  const equalElite =
    eliteCount === 0
      ? []
      : splitEqually(
          elitePoolCents,
          participants.filter((_, index) => isElite[index]).map((p) => p.name),
        );
  let nextElite = 0;
  const general = resplitAmongCharacters(participants, equalGeneral);
  const elite = resplitAmongCharacters(
    participants,
    isElite.map((eliteParticipant) => (eliteParticipant ? (equalElite[nextElite++] ?? 0) : 0)),
  );

  return {
    itemId: item.id,
    lootName: item.lootName,
    valueCents,
    guildFundPartCents,
    adminFundCents,
    elitePoolCents,
    basePoolCents,
    elitePoolToGuildFund,
    elitePoolToBasePool,
    basePoolToGuildFund,
    guildFundCents: guildFundReceives(parts, pools),
    shares: participants.map((participant, index) => ({
      name: participant.name,
      memberId: participant.member?.id ?? null,
      category: participant.member?.category ?? "Members",
      generalShareCents: general[index] ?? 0,
      eliteShareCents: elite[index] ?? 0,
    })),
  };
}

/**
 * What the two funds receive from one item, exactly as distributeItem says (its guildFundCents and adminFundCents),
 * without dividing the pools among the participants: only whether anyone took part and whether any of them is elite
 * decides the funds' parts. For the funds chart, which needs them for every Sold item and reads each participant
 * list once however many items share it (decision 094): `participants` is parseParticipants' answer for the item.
 */
export function fundPartsOf(
  item: Pick<SalaryItem, "id" | "value">,
  participants: readonly { readonly member: SalaryRosterMember | null }[],
  rule: SplitRule = DEFAULT_SPLIT_RULE,
): { guildFundCents: number; adminFundCents: number } {
  const parts = valueParts(item, rule);
  const anyElite = participants.some((participant) => isEliteIn(participant.member, rule));
  const pools = poolsGo(participants.length, anyElite ? 1 : 0, rule);
  return { guildFundCents: guildFundReceives(parts, pools), adminFundCents: parts.adminFundCents };
}

/** The item's value in cents and its four parts under the rule, by largest remainder. */
function valueParts(item: Pick<SalaryItem, "id" | "value">, rule: SplitRule) {
  const valueCents = parseMoney(item.value);
  if (valueCents < 0) {
    throw new RangeError(`Item ${item.id} has a negative value`);
  }
  const [guildFundPartCents = 0, adminFundCents = 0, elitePoolCents = 0, basePoolCents = 0] = splitByWeights(
    valueCents,
    [
      { key: "guild fund", weight: rule.guildFundBp },
      { key: "admin fund", weight: rule.adminFundBp },
      { key: "elite pool", weight: rule.elitePoolBp },
      { key: "base pool", weight: rule.basePoolBp },
    ],
  );
  return { valueCents, guildFundPartCents, adminFundCents, elitePoolCents, basePoolCents };
}

/** The guild fund's part plus any pool nobody could take. */
function guildFundReceives(parts: ReturnType<typeof valueParts>, pools: ReturnType<typeof poolsGo>): number {
  return (
    parts.guildFundPartCents +
    (pools.elitePoolToGuildFund ? parts.elitePoolCents : 0) +
    (pools.basePoolToGuildFund ? parts.basePoolCents : 0)
  );
}

function isEliteIn(member: SalaryRosterMember | null, rule: SplitRule): boolean {
  return member !== null && rule.eliteCategories.includes(member.category);
}

/**
 * Where the pools go. No participants: both to the guild fund. No elite participant: the elite pool to the guild
 * fund, or to the base pool when the rule says so.
 */
function poolsGo(participantCount: number, eliteCount: number, rule: SplitRule) {
  const basePoolToGuildFund = participantCount === 0;
  const elitePoolToBasePool = eliteCount === 0 && !basePoolToGuildFund && rule.emptyElitePool === "base-pool";
  const elitePoolToGuildFund = eliteCount === 0 && !elitePoolToBasePool;
  return { basePoolToGuildFund, elitePoolToBasePool, elitePoolToGuildFund };
}

function splitEqually(totalCents: number, names: readonly string[]): number[] {
  return splitByWeights(
    totalCents,
    names.map((name) => ({ key: name, weight: 1 })),
  );
}

/** `amounts` (one per participant) with each player's total re-shared among their characters by raids. */
function resplitAmongCharacters<M extends SalaryRosterMember>(
  participants: readonly { readonly name: string; readonly member: M | null }[],
  equalAmounts: readonly number[],
): number[] {
  const amounts = [...equalAmounts];
  const indexesByPlayer = new Map<number, number[]>();
  participants.forEach((participant, index) => {
    if (participant.member === null) return;
    const player = participant.member.mainMemberId ?? participant.member.id;
    indexesByPlayer.set(player, [...(indexesByPlayer.get(player) ?? []), index]);
  });
  for (const indexes of indexesByPlayer.values()) {
    if (indexes.length < 2) continue;
    const total = indexes.reduce((sum, index) => sum + (amounts[index] ?? 0), 0);
    const parts = splitByWeights(
      total,
      indexes.map((index) => {
        const participant = participants[index];
        return { key: participant?.name ?? "", weight: participant?.member?.raidsParticipated ?? 0 };
      }),
    );
    indexes.forEach((index, position) => {
      amounts[index] = parts[position] ?? 0;
    });
  }
  return amounts;
}
