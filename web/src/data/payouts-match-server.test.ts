// The local effect of the payout commands against the real API: the same writes, applied to a draft of what the
// server answered and sent to the server, must leave the same payouts and the same balances, to the cent.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moneyText } from "@shared/money/money.ts";
import { balanceOf, paidByMember } from "@shared/payouts/member-balance.ts";
import type { GuildMember } from "@shared/schemas/members.ts";
import type { MemberBalance, Payout } from "@shared/schemas/payouts.ts";
import { type Portal, setUpPortal } from "@worker/salary/portal-test-setup.ts";
import { LocalDraft } from "./local-draft.ts";
import { type MutationArgs, mutationFor } from "./mutations.ts";

let portal: Portal;
beforeAll(async () => {
  portal = await setUpPortal("payouts-local");
});
afterAll(() => portal.close());

async function serverRows() {
  const members = await portal.admin.get("/_api/guild-members?status=all");
  const payouts = await portal.admin.get("/_api/payouts");
  const balances = await portal.admin.get("/_api/payouts/balances");
  return {
    guildMembers: members.data.guildMembers as GuildMember[],
    payouts: payouts.data.payouts as Payout[],
    balances: balances.data.balances as MemberBalance[],
  };
}

/** What a payout says, without the ids and times each side gives it. */
const shape = (p: Payout) => ({
  memberId: p.memberId,
  memberName: p.memberName,
  amount: p.amount,
  paidOn: p.paidOn,
  method: p.method,
  reference: p.reference,
});

const localBalances = (members: readonly GuildMember[], payouts: readonly Payout[]) => {
  const paid = paidByMember(payouts);
  return Object.fromEntries(members.map((m) => [m.id, moneyText(balanceOf(m, paid).balance)]));
};
const serverBalances = (balances: readonly MemberBalance[]) =>
  Object.fromEntries(balances.map((b) => [b.memberId, b.balance]));

/** Applies the command locally to the server's rows and sends it; answers both sides' rows afterwards. */
async function bothSides<N extends "createPayout" | "deletePayout" | "markMemberPaid">(
  name: N,
  args: MutationArgs<N>,
) {
  const before = await serverRows();
  const draft = new LocalDraft(
    new Map<"guildMembers" | "payouts", unknown[]>([
      ["guildMembers", before.guildMembers],
      ["payouts", before.payouts],
    ]),
    ["guildMembers", "payouts"],
  );
  const mutation = mutationFor(name);
  if (!mutation) throw new Error(`No mutation ${name}`);
  mutation.apply(draft, args, { seq: 1, createdAt: Date.now() });
  const answer = await portal.admin.post(`/_api${mutation.path}`, args);
  expect(answer.status, JSON.stringify(answer.data)).toBeLessThan(300);
  const server = await serverRows();
  const local = { guildMembers: draft.all("guildMembers"), payouts: draft.all("payouts") };
  expect(local.payouts.map(shape).sort(byAmount)).toEqual(server.payouts.map(shape).sort(byAmount));
  expect(localBalances(local.guildMembers, local.payouts)).toEqual(serverBalances(server.balances));
  return { answer: answer.data, local, server };
}

const byAmount = (a: { amount: string; memberName: string }, b: { amount: string; memberName: string }) =>
  a.amount === b.amount ? a.memberName.localeCompare(b.memberName) : a.amount < b.amount ? -1 : 1;

async function addMember(playerName: string): Promise<GuildMember> {
  const res = await portal.admin.post("/_api/guild-members", { playerName, category: "Members" });
  return res.data.guildMember as GuildMember;
}

describe("payout commands on this device and on the server", () => {
  it("leave the same payouts and balances: a payout, an overpayment, a void and Mark paid with a final amount", async () => {
    const aldric = await addMember("Aldric");
    const brina = await addMember("Brina");
    const sold = await portal.admin.post("/_api/market-exchange", {
      lootName: "Payout Loot",
      bossName: "Payout Boss",
      value: "1000.10",
      status: "Sold",
      participatedMembers: ["Aldric", "Brina"],
    });
    expect(sold.status).toBe(201);

    const paid = await bothSides("createPayout", {
      memberId: aldric.id,
      amount: "12.3",
      paidOn: "2026-11-20",
      method: " USDT TRC20 ",
      reference: "0xab",
    });
    expect(paid.local.payouts[0]?.amount).toBe("12.30");

    // More than the balance, confirmed: the balance goes negative on both sides alike.
    const over = await bothSides("createPayout", {
      memberId: aldric.id,
      amount: "100000",
      paidOn: "2026-11-21",
      confirmOverBalance: true,
    });
    expect(Number(localBalances(over.local.guildMembers, over.local.payouts)[aldric.id])).toBeLessThan(0);
    await bothSides("deletePayout", { id: (over.answer.payout as Payout).id });

    // Kicked with a final amount below the salary: Mark paid pays what is left of it.
    expect(
      (await portal.admin.post("/_api/guild-member/kick", { id: brina.id, finalSalaryAmount: "50" })).status,
    ).toBe(200);
    await bothSides("createPayout", { memberId: brina.id, amount: "20.05", paidOn: "2026-11-21" });
    const marked = await bothSides("markMemberPaid", {
      id: brina.id,
      paidOn: "2026-11-22",
      method: "Gold",
      reference: "trade",
    });
    const final = marked.server.payouts.find((p) => p.paidOn === "2026-11-22");
    expect(final).toMatchObject({ amount: "29.95", method: "Gold", memberName: "Brina" });
  });
});
