import { zValidator } from "@hono/zod-validator";
import { every } from "hono/combine";
import superjson from "superjson";
import * as z from "zod";
import { JSON_BODY_LIMIT } from "@shared/contract/body-limits.ts";
import type { BodyLimit } from "@shared/contract/call.ts";
import { ApiError } from "./api-error.ts";
import { limitBody } from "./body-limit.ts";
import { idempotency } from "./write.ts";

/** A superjson envelope is an object with `json` and at most `meta`; a plain JSON body is taken as it is. */
function decodeSuperjson(value: unknown): unknown {
  if (value && typeof value === "object" && !Array.isArray(value) && "json" in value) {
    const keys = Object.keys(value);
    if (keys.every((k) => k === "json" || k === "meta")) {
      try {
        return superjson.deserialize(value as Parameters<typeof superjson.deserialize>[0]);
      } catch {
        throw new ApiError(400, "Malformed superjson body");
      }
    }
  }
  return value;
}

export const NUL_IN_TEXT = "Text cannot contain NUL characters.";
export const LONE_SURROGATE_IN_TEXT =
  "Text cannot contain broken characters (a lone UTF-16 surrogate, such as \\ud800 in JSON).";

// A lone surrogate: a high one not followed by a low one, or a low one without a high one before it.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text cannot be stored as it was sent, or undefined. */
export function textProblem(text: string): string | undefined {
  if (text.includes("\u0000")) return NUL_IN_TEXT;
  if (LONE_SURROGATE.test(text)) return LONE_SURROGATE_IN_TEXT;
  return undefined;
}

/**
 * PostgreSQL text cannot hold U+0000, and the drivers write a lone surrogate as U+FFFD (so a name, or a
 * password before hashing, would silently become another text): such input is refused at the door.
 */
function findTextProblem(value: unknown, depth = 0): string | undefined {
  if (typeof value === "string") return textProblem(value);
  if (depth > 64 || value === null || typeof value !== "object") return undefined;
  if (Array.isArray(value)) {
    for (const item of value) {
      const problem = findTextProblem(item, depth + 1);
      if (problem !== undefined) return problem;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const problem = textProblem(key) ?? findTextProblem(item, depth + 1);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

function refuseBrokenText(value: unknown): unknown {
  const problem = findTextProblem(value);
  if (problem !== undefined) throw new ApiError(400, problem);
  return value;
}

function firstMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid request";
  return issue.message;
}

const failWith400 = (result: { success: boolean; error?: unknown }) => {
  if (!result.success) throw new ApiError(400, firstMessage(result.error as z.ZodError));
};

/**
 * A write's superjson (or plain JSON) body, in this order: its size limit (body-limit.ts), checked before the
 * body is read; the Idempotency-Key (write.ts), whose processed request answers with the stored response; then
 * the shared zod schema. Routes put it after their role check, so a refused caller's body is never read.
 */
export const jsonBody = <S extends z.ZodType>(schema: S, limit: BodyLimit = JSON_BODY_LIMIT) => {
  const validator = zValidator(
    "json",
    z.preprocess((v) => refuseBrokenText(decodeSuperjson(v)), schema) as unknown as S,
    failWith400,
  );
  // `every` runs them as one middleware; the validator's type carries the body's type to c.req.valid.
  return every(limitBody(limit), idempotency, validator) as typeof validator;
};

/** A plain JSON body (login), within its size limit, validated with a shared zod schema. */
export const plainJsonBody = <S extends z.ZodType>(schema: S, limit: BodyLimit = JSON_BODY_LIMIT) => {
  const validator = zValidator("json", z.preprocess(refuseBrokenText, schema) as unknown as S, failWith400);
  return every(limitBody(limit), validator) as typeof validator;
};

export const query = <S extends z.ZodType>(schema: S) =>
  zValidator("query", z.preprocess(refuseBrokenText, schema) as unknown as S, failWith400);
