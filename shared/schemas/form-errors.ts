/**
 * The schemas' messages as a form shows them: the forms validate with the very schemas the server uses, so
 * a form and the API can never word a rule differently.
 */
import type * as z from "zod";
import { moneyInputText } from "../money/money.ts";

/** One message per field: each field's first issue; issues about the body as a whole go under "form". */
export type FieldErrors<F extends string> = Partial<Record<F | "form", string>>;

export function fieldErrors<F extends string>(error: z.ZodError): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const issue of error.issues) {
    const key = (typeof issue.path[0] === "string" ? issue.path[0] : "form") as F | "form";
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The first message the schema gives for a value, or undefined when the value passes. */
export function problemWith(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** A form checked with an API schema: the parsed body, or each field's message. */
export type FormCheck<T, F extends string> = { ok: true; data: T } | { ok: false; errors: FieldErrors<F> };

/**
 * Checks a form's values with the API's schema, its money fields read first by the one input rule (decision
 * 060): the schema gets each typed amount as decimal text ('1.250,00' as '1250.00') and judges it with its
 * own messages; an amount that reads two ways gets its question as the field's message.
 */
export function checkForm<T, F extends string>(
  schema: z.ZodType<T>,
  values: Readonly<Record<F, unknown>>,
  moneyFields: readonly NoInfer<F>[],
): FormCheck<T, F> {
  const input: Record<string, unknown> = { ...values };
  const questions: FieldErrors<F> = {};
  for (const field of moneyFields) {
    const typed = values[field];
    if (typeof typed !== "string") continue;
    const read = moneyInputText(typed);
    if ("question" in read) questions[field] = read.question;
    else input[field] = read.text;
  }
  const result = schema.safeParse(input);
  const errors = { ...(result.success ? {} : fieldErrors<F>(result.error)), ...questions };
  if (result.success && Object.keys(questions).length === 0) return { ok: true, data: result.data };
  return { ok: false, errors };
}
