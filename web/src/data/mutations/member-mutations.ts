/** Guild member writes: create, edit, delete, kick, mark paid. */
import { MEMBER_CALLS } from "@shared/contract/members.ts";
import { type MoneyText, moneyText } from "@shared/money/money.ts";
import { finalPayoutCents, paidByMember } from "@shared/payouts/member-balance.ts";
import type { MemberCategory } from "@shared/schemas/members.ts";
import { localDay } from "@web/lib/attendance-form.ts";
import type { LocalDraft } from "../local-draft.ts";
import { type GuildMember, localId } from "../portal-db.ts";
import { definedOnly, mutation, storedMoney } from "./mutation.ts";

export interface CreateMemberArgs {
  playerName: string;
  category: MemberCategory;
  mainMemberId?: number | null;
  playerAlias?: string | null;
}

/** The fields a member edit changes. */
export interface MemberChanges {
  playerName?: string;
  category?: MemberCategory;
  mainMemberId?: number | null;
  playerAlias?: string | null;
}

/**
 * The edit form sends only the fields it changed, each with its value when the form opened in `base`, and
 * the server merges them onto the member as it is then (decision 038). Without `base`: the plain update.
 */
export interface UpdateMemberArgs extends MemberChanges {
  id: number;
  raidsParticipated?: number;
  salary?: MoneyText;
  /** The stored values (a category as stored, whatever it is). */
  base?: {
    playerName?: string;
    category?: string;
    mainMemberId?: number | null;
    playerAlias?: string | null;
  };
}

export interface MemberIdArgs {
  id: number;
}

/** "Mark paid" also records a payout of the member's balance (decision 049), with how it was paid. */
export interface MarkPaidArgs {
  id: number;
  /** 'YYYY-MM-DD'; the server's today when left out. */
  paidOn?: string;
  method?: string;
  reference?: string;
}

export interface KickMemberArgs {
  id: number;
  finalSalaryAmount?: MoneyText | null;
}

const MEMBER_CHANGES = ["guildMembers", "salaryReceipt", "funds"] as const;

function patchMember(draft: LocalDraft, id: number, patch: Partial<GuildMember>, at: number): void {
  const member = draft.get("guildMembers", id);
  if (member) draft.put("guildMembers", { ...member, ...patch, updatedAt: new Date(at) });
}

export const MEMBER_MUTATIONS = {
  createMember: mutation(MEMBER_CALLS.create)<CreateMemberArgs>({
    reads: [],
    writes: ["guildMembers"],
    refresh: ["guildMembers"],
    apply(draft, args, { seq, createdAt }) {
      draft.put("guildMembers", {
        id: localId(seq),
        playerName: args.playerName,
        category: args.category,
        raidsParticipated: 0,
        salary: "0.00",
        status: "active",
        kickedDate: null,
        finalSalaryAmount: null,
        mainMemberId: args.mainMemberId ?? null,
        playerAlias: args.playerAlias ?? null,
        createdAt: new Date(createdAt),
        updatedAt: new Date(createdAt),
      });
    },
  }),

  updateMember: mutation(MEMBER_CALLS.update)<UpdateMemberArgs>({
    reads: [],
    writes: ["guildMembers"],
    refresh: MEMBER_CHANGES,
    apply(draft, { id, salary, base: _base, ...rest }, { createdAt }) {
      const patch: Partial<GuildMember> = definedOnly(rest);
      if (salary !== undefined) patch.salary = storedMoney(salary);
      patchMember(draft, id, patch, createdAt);
    },
  }),

  deleteMember: mutation(MEMBER_CALLS.remove)<MemberIdArgs>({
    reads: [],
    writes: ["guildMembers"],
    refresh: MEMBER_CHANGES,
    apply(draft, args) {
      draft.delete("guildMembers", args.id);
    },
  }),

  kickMember: mutation(MEMBER_CALLS.kick)<KickMemberArgs>({
    reads: [],
    writes: ["guildMembers"],
    refresh: ["guildMembers"],
    apply(draft, args, { createdAt }) {
      patchMember(
        draft,
        args.id,
        {
          status: "kicked",
          kickedDate: new Date(createdAt),
          ...(args.finalSalaryAmount === undefined || args.finalSalaryAmount === null
            ? {}
            : { finalSalaryAmount: storedMoney(args.finalSalaryAmount) }),
        },
        createdAt,
      );
    },
  }),

  markMemberPaid: mutation(MEMBER_CALLS.markPaid)<MarkPaidArgs>({
    reads: [],
    writes: ["guildMembers", "payouts"],
    refresh: ["guildMembers", "payouts"],
    apply(draft, args, { seq, createdAt }) {
      const member = draft.get("guildMembers", args.id);
      if (member?.status === "kicked") {
        // As the server does: what is left of the final amount (or the salary) after earlier payouts.
        const balance = finalPayoutCents(member, paidByMember(draft.all("payouts")));
        if (balance > 0) {
          draft.put("payouts", {
            id: localId(seq),
            memberId: member.id,
            memberName: member.playerName,
            amount: moneyText(balance),
            paidOn: args.paidOn ?? localDay(new Date(createdAt)),
            method: args.method?.trim() ?? "",
            reference: args.reference?.trim() ?? "",
            recordedBy: null,
            recordedByName: null,
            createdAt: new Date(createdAt),
          });
        }
      }
      patchMember(draft, args.id, { status: "paid_out" }, createdAt);
    },
  }),
};
