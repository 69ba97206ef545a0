// The salary receipt (SPEC section 3, "Salary calculation response") and the figures the API stores from it:
// each roster member's salary and the guild-funds row. Money leaves this module as numeric strings with two
// decimals ('245.00'): exact, what Postgres numeric accepts, and what superjson sends unchanged. The cents behind
// them are kept in `totals`.
//
// Status does not matter: a kicked or paid-out member keeps the salary they earned from the items they took part
// in. What they were actually paid is recorded apart (finalSalaryAmount).

import { formatCents } from "../money/cents.ts";
import { compareKeys } from "../money/split-by-weights.ts";
import {
  distributeItem,
  type MemberCategory,
  type SalaryItem,
  type SalaryRosterMember,
} from "./distribute-item.ts";
import { addItemDistribution, earnerKey, emptySalaryTotals, type SalaryTotals } from "./salary-totals.ts";

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

const CATEGORY_ORDER: readonly MemberCategory[] = ["Guild Master", "Core", "Members"];

/** Recalculates everything from the items; only Sold items count. Item and participant order do not matter. */
export function calculateSalaries<M extends SalaryRosterMember>(
  items: readonly SalaryItem[],
  roster: readonly M[],
): SalaryCalculation {
  const totals = items
    .filter((item) => item.status === "Sold")
    .reduce((sum, item) => addItemDistribution(sum, distributeItem(item, roster)), emptySalaryTotals());
  return buildSalaryCalculation(totals, roster);
}

/**
 * The receipt and stored figures for totals built with addItemDistribution. Names, categories and raid counts
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
      memberName: member?.playerName ?? earnings.items[0]?.name ?? "",
      category: member?.category ?? "Members",
      totalRaids: member?.raidsParticipated ?? 0,
      participatedItemsCount: earnings.items.length,
      totalFromGeneralShare: formatCents(earnings.generalShareCents),
      totalFromEliteShare: formatCents(earnings.eliteShareCents),
      finalCalculatedSalary: formatCents(salaryCents),
      participatedItems: earnings.items.map((earned) => ({
        itemId: earned.itemId,
        lootName: earned.lootName,
        itemValue: formatCents(earned.itemValueCents),
        generalShareEarned: formatCents(earned.generalShareCents),
        eliteShareEarned: formatCents(earned.eliteShareCents),
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
      : [{ memberId: member.id, playerName: member.playerName, salary: formatCents(salaryCents) }],
  );
  const rosterSalaries = [...roster]
    .sort((a, b) => a.id - b.id)
    .map((member) => {
      const earnings = totals.members.get(earnerKey(member.id, member.playerName));
      const salaryCents = (earnings?.generalShareCents ?? 0) + (earnings?.eliteShareCents ?? 0);
      return { memberId: member.id, playerName: member.playerName, salary: formatCents(salaryCents) };
    });

  const processedItems = totals.items.size;
  return {
    receipt: {
      calculationDetails: rows.map(({ row }) => row),
      summaryTotals: {
        totalProcessedItems: processedItems,
        totalGeneralShareDistributed: formatCents(totals.generalShareCents),
        totalEliteShareDistributed: formatCents(totals.eliteShareCents),
        totalSalariesDistributed: formatCents(totals.generalShareCents + totals.eliteShareCents),
        totalAdminFund: formatCents(totals.adminFundCents),
        totalGuildFund: formatCents(totals.guildFundCents),
      },
      processedItems,
      membersWithSalaries,
    },
    rosterSalaries,
    reservedGuildFunds: formatCents(totals.guildFundCents),
    adminFund: formatCents(totals.adminFundCents),
    totals,
  };
}
