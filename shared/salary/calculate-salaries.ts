// The salary receipt (docs/product.md#salary-receipt) and the figures the API stores from it:
// each roster member's salary and the guild-funds row. Money leaves this module as numeric strings with two
// decimals ('245.00'): exact, what Postgres numeric accepts, and what superjson sends unchanged. The cents behind
// them are kept in `totals`.
//
// Status does not matter: a kicked or paid-out member keeps the salary they earned from the items they took part
// in. What they were actually paid is recorded apart (finalSalaryAmount).

import { moneyText } from "../money/money.ts";
import { compareKeys } from "../money/split-by-weights.ts";
import {
  indexParticipantRoster,
  membersNamed,
  type ParticipantRosterIndex,
  parseParticipantNames,
} from "../participants/parse-participants.ts";
import {
  distributeItem,
  type MemberCategory,
  type SalaryItem,
  type SalaryRosterMember,
} from "./distribute-item.ts";
import {
  type EarnedItem,
  earnedItem,
  earnerKey,
  type ItemFunds,
  itemFundsOf,
  type SalaryTotals,
} from "./salary-totals.ts";
import { ruleForDay, type SplitRuleBook } from "./split-rules.ts";

export interface ReceiptItem {
  readonly itemId: number;
  readonly lootName: string;
  readonly itemValue: string;
  readonly generalShareEarned: string;
  readonly eliteShareEarned: string;
}

export interface ReceiptMember {
  readonly memberName: string;
  readonly category: MemberCategory;
  readonly totalRaids: number;
  readonly participatedItemsCount: number;
  readonly totalFromGeneralShare: string;
  readonly totalFromEliteShare: string;
  readonly finalCalculatedSalary: string;
  /** Ordered by item id. */
  readonly participatedItems: readonly ReceiptItem[];
}

export interface ReceiptSummary {
  readonly totalProcessedItems: number;
  readonly totalGeneralShareDistributed: string;
  readonly totalEliteShareDistributed: string;
  readonly totalSalariesDistributed: string;
  readonly totalAdminFund: string;
  readonly totalGuildFund: string;
}

export interface StoredSalary {
  readonly memberId: number;
  readonly playerName: string;
  readonly salary: string;
}

export interface SalaryReceipt {
  /** Everyone who took part in a Sold item: Guild Master, Core, Members, then by name. */
  readonly calculationDetails: readonly ReceiptMember[];
  readonly summaryTotals: ReceiptSummary;
  readonly processedItems: number;
  /** The roster members among calculationDetails, same order. Participants not on the roster have no salary. */
  readonly membersWithSalaries: readonly StoredSalary[];
}

export interface SalaryCalculation {
  readonly receipt: SalaryReceipt;
  /** Every roster member by id, 0.00 for those in no Sold item: the values to store in guild_members.salary. */
  readonly rosterSalaries: readonly StoredSalary[];
  /** The guild-funds row. */
  readonly reservedGuildFunds: string;
  readonly adminFund: string;
  readonly totals: SalaryTotals;
}

/** MemberEarnings while they are being added up. */
interface Earnings {
  memberId: number | null;
  items: EarnedItem[];
  generalShareCents: number;
  eliteShareCents: number;
}

const CATEGORY_ORDER: readonly MemberCategory[] = ["Guild Master", "Core", "Members"];

/**
 * Recalculates everything from the items, each under the rule set in force on its day (`book`, decision 075); only
 * Sold items count. Item and participant order do not matter.
 * Fast for thousands of items and members: each item is distributed against only the members its participant
 * text can name (resolving against them gives what resolving against the whole roster gives), and the totals
 * are accumulated in place. salary-properties.test.ts checks it against a plain item-by-item oracle.
 */
export function calculateSalaries<M extends SalaryRosterMember>(
  items: readonly SalaryItem[],
  roster: readonly M[],
  book: SplitRuleBook = [],
): SalaryCalculation {
  const index = indexParticipantRoster(roster);
  const position = new Map(roster.map((member, at) => [member, at]));
  const itemFunds = new Map<number, ItemFunds>();
  const members = new Map<string, Earnings>();
  let guildFundCents = 0;
  let adminFundCents = 0;
  let generalShareCents = 0;
  let eliteShareCents = 0;

  // In id order, so each member's item list comes out sorted by item id.
  const sold = items.filter((item) => item.status === "Sold").sort((a, b) => a.id - b.id);
  for (const item of sold) {
    if (itemFunds.has(item.id)) throw new Error(`Item ${item.id} is already in the salary totals`);
    const d = distributeItem(
      item,
      membersNamedBy(item.participatedMembers, index, position),
      ruleForDay(book, item.day),
    );
    itemFunds.set(d.itemId, itemFundsOf(d));
    guildFundCents += d.guildFundCents;
    adminFundCents += d.adminFundCents;
    for (const share of d.shares) {
      const key = earnerKey(share.memberId, share.name);
      let earnings = members.get(key);
      if (earnings === undefined) {
        earnings = { memberId: share.memberId, items: [], generalShareCents: 0, eliteShareCents: 0 };
        members.set(key, earnings);
      }
      earnings.items.push(earnedItem(d, share));
      earnings.generalShareCents += share.generalShareCents;
      earnings.eliteShareCents += share.eliteShareCents;
      generalShareCents += share.generalShareCents;
      eliteShareCents += share.eliteShareCents;
    }
  }

  return buildSalaryCalculation(
    { items: itemFunds, guildFundCents, adminFundCents, generalShareCents, eliteShareCents, members },
    roster,
  );
}

/**
 * The roster members a participant text can name, in roster order (`position`), so that resolving against them
 * (a clash of names or aliases included) gives what resolving against the whole roster gives.
 */
export function membersNamedBy<M extends SalaryRosterMember>(
  text: string,
  index: ParticipantRosterIndex<M>,
  position: ReadonlyMap<M, number>,
): M[] {
  const named = new Set(parseParticipantNames(text).flatMap((name) => membersNamed(name, index)));
  return [...named].sort((a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0));
}

/**
 * The receipt and stored figures for the salary totals. Names, categories and raid counts
 * come from `roster`; a member who is no longer on it is shown like any participant not on the roster. Someone
 * not on the roster is shown with the spelling from their lowest item id.
 */
export function buildSalaryCalculation<M extends SalaryRosterMember>(
  totals: SalaryTotals,
  roster: readonly M[],
): SalaryCalculation {
  const rosterById = new Map(roster.map((member) => [member.id, member]));

  const rows = [...totals.members.values()].map((earnings) => {
    const member = earnings.memberId === null ? undefined : rosterById.get(earnings.memberId);
    const salaryCents = earnings.generalShareCents + earnings.eliteShareCents;
    const row: ReceiptMember = {
      memberName: member?.playerName ?? earnings.summary?.name ?? earnings.items[0]?.name ?? "",
      category: member?.category ?? "Members",
      totalRaids: member?.raidsParticipated ?? 0,
      participatedItemsCount: earnings.summary?.itemCount ?? earnings.items.length,
      totalFromGeneralShare: moneyText(earnings.generalShareCents),
      totalFromEliteShare: moneyText(earnings.eliteShareCents),
      finalCalculatedSalary: moneyText(salaryCents),
      participatedItems: earnings.items.map((earned) => ({
        itemId: earned.itemId,
        lootName: earned.lootName,
        itemValue: moneyText(earned.itemValueCents),
        generalShareEarned: moneyText(earned.generalShareCents),
        eliteShareEarned: moneyText(earned.eliteShareCents),
      })),
    };
    return { row, member, salaryCents };
  });
  rows.sort(
    (a, b) =>
      CATEGORY_ORDER.indexOf(a.row.category) - CATEGORY_ORDER.indexOf(b.row.category) ||
      compareKeys(a.row.memberName, b.row.memberName) ||
      (a.member?.id ?? 0) - (b.member?.id ?? 0),
  );

  const membersWithSalaries = rows.flatMap(({ member, salaryCents }) =>
    member === undefined
      ? []
      : [{ memberId: member.id, playerName: member.playerName, salary: moneyText(salaryCents) }],
  );
  const rosterSalaries = [...roster]
    .sort((a, b) => a.id - b.id)
    .map((member) => {
      const earnings = totals.members.get(earnerKey(member.id, member.playerName));
      const salaryCents = (earnings?.generalShareCents ?? 0) + (earnings?.eliteShareCents ?? 0);
      return { memberId: member.id, playerName: member.playerName, salary: moneyText(salaryCents) };
    });

  const processedItems = totals.itemCount ?? totals.items.size;
  return {
    receipt: {
      calculationDetails: rows.map(({ row }) => row),
      summaryTotals: {
        totalProcessedItems: processedItems,
        totalGeneralShareDistributed: moneyText(totals.generalShareCents),
        totalEliteShareDistributed: moneyText(totals.eliteShareCents),
        totalSalariesDistributed: moneyText(totals.generalShareCents + totals.eliteShareCents),
        totalAdminFund: moneyText(totals.adminFundCents),
        totalGuildFund: moneyText(totals.guildFundCents),
      },
      processedItems,
      membersWithSalaries,
    },
    rosterSalaries,
    reservedGuildFunds: moneyText(totals.guildFundCents),
    adminFund: moneyText(totals.adminFundCents),
    totals,
  };
}
