/**
 * Payout and fund spending writes (decisions 049, 050): record and void a payout, record and remove a
 * spending. Amounts go as decimal text, as the loot forms send them; the server reads them as exact cents.
 * A payout's local row names its member from the local roster, so history and balances show it at once,
 * offline too.
 */
import { FUND_CALLS } from "@shared/contract/funds.ts";
import { PAYOUT_CALLS } from "@shared/contract/payouts.ts";
import type { MoneyText } from "@shared/money/money.ts";
import type { FundName } from "@shared/schemas/fund-spending.ts";
import { localId } from "../portal-db.ts";
import { type IdArgs, mutation, storedMoney } from "./mutation.ts";

export interface CreatePayoutArgs {
  memberId: number;
  amount: MoneyText;
  /** 'YYYY-MM-DD'. */
  paidOn: string;
  method?: string;
  reference?: string;
  /** Pays more than the balance (the dialog asked first); without it the server answers 409. */
  confirmOverBalance?: boolean;
}

export interface CreateSpendingArgs {
  fund: FundName;
  amount: MoneyText;
  purpose: string;
  /** 'YYYY-MM-DD'. */
  spentOn: string;
  confirmOverBalance?: boolean;
}

export const PAYOUT_MUTATIONS = {
  createPayout: mutation(PAYOUT_CALLS.create)<CreatePayoutArgs>({
    reads: ["guildMembers"],
    writes: ["payouts"],
    refresh: ["payouts"],
    apply(draft, args, { seq, createdAt }) {
      const member = draft.get("guildMembers", args.memberId);
      draft.put("payouts", {
        id: localId(seq),
        memberId: args.memberId,
        memberName: member?.playerName ?? `Member ${args.memberId}`,
        amount: storedMoney(args.amount),
        paidOn: args.paidOn,
        method: args.method?.trim() ?? "",
        reference: args.reference?.trim() ?? "",
        recordedBy: null,
        recordedByName: null,
        createdAt: new Date(createdAt),
      });
    },
  }),

  deletePayout: mutation(PAYOUT_CALLS.remove)<IdArgs>({
    reads: [],
    writes: ["payouts"],
    refresh: ["payouts"],
    apply(draft, args) {
      draft.delete("payouts", args.id);
    },
  }),

  createSpending: mutation(FUND_CALLS.createSpending)<CreateSpendingArgs>({
    reads: [],
    writes: ["fundSpending"],
    refresh: ["fundSpending", "funds"],
    apply(draft, args, { seq, createdAt }) {
      draft.put("fundSpending", {
        id: localId(seq),
        fund: args.fund,
        amount: storedMoney(args.amount),
        purpose: args.purpose.trim(),
        spentOn: args.spentOn,
        recordedBy: null,
        recordedByName: null,
        createdAt: new Date(createdAt),
      });
    },
  }),

  deleteSpending: mutation(FUND_CALLS.deleteSpending)<IdArgs>({
    reads: [],
    writes: ["fundSpending"],
    refresh: ["fundSpending", "funds"],
    apply(draft, args) {
      draft.delete("fundSpending", args.id);
    },
  }),
};
