/**
 * The guild's split rules (decision 075): admins add, replace or remove a rule set from a day, after a preview of
 * what it does to each member's salary. Online calls: a rule change moves stored figures, so it needs the server.
 * The rules in force are part of the public guild settings (guild-settings.ts).
 */
import { removeSplitRuleSchema, type SplitRuleChange, splitRuleInputSchema } from "../schemas/split-rules.ts";
import { answer, call } from "./call.ts";

export const SPLIT_RULE_CALLS = {
  preview: call({
    method: "POST",
    path: "/admin/split-rules/preview",
    role: "admin",
    summary:
      "What a rule set from a day would do: each member's salary before and after, the funds; nothing saved.",
    body: splitRuleInputSchema,
    answer: answer<SplitRuleChange>(),
  }),
  save: call({
    method: "PUT",
    path: "/admin/split-rules",
    role: "admin",
    summary:
      "Adds the rule set from its day (or replaces the one of that day); the Sold items it governs are split again.",
    body: splitRuleInputSchema,
    answer: answer<SplitRuleChange>(),
  }),
  remove: call({
    method: "POST",
    path: "/admin/split-rules/remove",
    role: "admin",
    summary:
      "Removes the rule set of a day; its items go back to the rules before it. 404 when there is none.",
    body: removeSplitRuleSchema,
    answer: answer<SplitRuleChange>(),
  }),
};
