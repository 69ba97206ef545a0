/**
 * The schemas' messages as a form shows them: the forms validate with the very schemas the server uses, so
 * a form and the API can never word a rule differently.
 */
import type * as z from "zod";

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
