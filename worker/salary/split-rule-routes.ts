/**
 * The guild's split rules (decision 075): an admin adds, replaces or removes the rule set of a day. The Sold items
 * whose day the change governs (from that day to the next rule set's) are split again, and the stored shares,
 * salaries and funds move by the difference (redistribute.ts): the change costs the items it touches, not the
 * history. A preview runs the same change in a transaction it rolls back.
 */
import type { Context } from "hono";
import { SPLIT_RULE_CALLS } from "@shared/contract/split-rules.ts";
import { daysGovernedFrom, ruleForDay, type SplitRule } from "@shared/salary/split-rules.ts";
import { type SplitRuleChange, splitRuleNotFound, splitRuleText } from "@shared/schemas/split-rules.ts";
import { ApiError } from "../app/api-error.ts";
import type { AppEnv } from "../app/context.ts";
import { sendData } from "../app/respond.ts";
import { serveCalls } from "../app/serve-calls.ts";
import { type WriteTools, write } from "../app/write.ts";
import type { Queryable } from "../db/types.ts";
import { lockDerivedFigures, redistributeAndAudit } from "./redistribute.ts";
import { deleteSplitRule, loadSplitRules, saveSplitRule } from "./split-rules-repo.ts";

const ENTITY = "split_rules";

type DatedRule = SplitRule & { effectiveFrom: string };
type RuleChange = { save: DatedRule } | { remove: string };

/** How the audit log and the answer show a rule set: the day and the parts in percent. */
const shown = (rule: SplitRule, day: string) => ({
  name: `Split rules from ${day}`,
  ...splitRuleText({ ...rule, effectiveFrom: day }),
});

/** Applies the change and splits again the items it governs; answers what moved. */
async function applyRuleChange(
  tx: Queryable,
  audit: WriteTools["audit"],
  change: RuleChange,
): Promise<SplitRuleChange> {
  await lockDerivedFigures(tx);
  const day = "save" in change ? change.save.effectiveFrom : change.remove;
  const before = await loadSplitRules(tx);
  const replaced = before.find((rule) => rule.effectiveFrom === day);
  if ("save" in change) await saveSplitRule(tx, change.save);
  else if (!(await deleteSplitRule(tx, day))) throw new ApiError(404, splitRuleNotFound(day));
  const after = await loadSplitRules(tx);

  await audit({
    action: "save" in change ? (replaced ? "update" : "create") : "delete",
    entity: ENTITY,
    entityId: day,
    before: replaced ? shown(replaced, day) : { ...shown(ruleForDay(before, day), day), inForceBefore: true },
    after:
      "save" in change
        ? shown(change.save, day)
        : { ...shown(ruleForDay(after, day), day), inForceAfter: true },
  });
  const moved = await redistributeAndAudit(
    tx,
    audit,
    { days: daysGovernedFrom(after, day) },
    "This rule change",
  );
  return {
    rules: after.map((rule) => splitRuleText({ ...rule, effectiveFrom: rule.effectiveFrom ?? day })),
    itemsMoved: moved.changedItemIds.length,
    salaries: moved.changedSalaries.map((s) => ({
      memberId: s.id,
      playerName: s.playerName,
      from: s.from,
      to: s.to,
    })),
    funds: { before: moved.fundsBefore, after: moved.fundsAfter },
  };
}

/** Thrown to roll a preview's transaction back with its answer. */
class PreviewDone extends Error {
  constructor(readonly answer: SplitRuleChange) {
    super("preview");
  }
}

async function preview(c: Context<AppEnv>, change: RuleChange): Promise<SplitRuleChange> {
  try {
    await c.get("db").transaction(async (tx) => {
      throw new PreviewDone(await applyRuleChange(tx, async () => undefined, change));
    });
  } catch (err) {
    if (err instanceof PreviewDone) return err.answer;
    throw err;
  }
  throw new Error("A preview's transaction ended without its answer.");
}

export const splitRuleRoutes = serveCalls(SPLIT_RULE_CALLS, {
  preview: async (c) => sendData<SplitRuleChange>(c, await preview(c, { save: c.req.valid("json") })),
  save: async (c) => {
    const rule = c.req.valid("json");
    return write(c, ({ tx, audit }) => applyRuleChange(tx, audit, { save: rule }));
  },
  remove: async (c) => {
    const { effectiveFrom } = c.req.valid("json");
    return write(c, ({ tx, audit }) => applyRuleChange(tx, audit, { remove: effectiveFrom }));
  },
});
