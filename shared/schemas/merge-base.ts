/**
 * The `base` of an update that merges (docs/decisions/038-field-merges.md): the value each changed field had
 * when the writer's form opened. Base values are what the reads answered, taken as sent (a stored value may
 * predate today's rules), so they are checked only for shape and size.
 */
import * as z from "zod";
import { baseProblem, type FieldRules } from "../merge/field-merge.ts";

export const BASE_TEXT_MAX = 1_000;
export const BASE_INVALID = "base must be an object of the changed fields' earlier values.";

/** A stored text as a read answered it. */
export const baseText = z.string({ error: BASE_INVALID }).max(BASE_TEXT_MAX, { error: BASE_INVALID });

export const baseUnknownField = (issue: z.core.$ZodRawIssue) =>
  issue.code === "unrecognized_keys" ? `Unknown field in base: ${issue.keys.join(", ")}` : BASE_INVALID;

/** Refuses a body whose base names a field it does not change, or changes a field without its base. */
export function baseFitsChanges(rules: FieldRules) {
  return (ctx: z.core.ParsePayload<Record<string, unknown>>) => {
    const problem = baseProblem(rules, ctx.value);
    if (problem !== undefined) ctx.issues.push({ code: "custom", message: problem, input: ctx.value });
  };
}
