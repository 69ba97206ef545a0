import { zValidator } from "@hono/zod-validator";
import superjson from "superjson";
import * as z from "zod";
import { ApiError } from "./api-error.ts";

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

/** PostgreSQL text cannot hold U+0000, so such input is refused at the door instead of failing in SQL. */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 64 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes("\u0000") || containsNul(item, depth + 1));
}

function refuseNul(value: unknown): unknown {
  if (containsNul(value)) throw new ApiError(400, NUL_IN_TEXT);
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

/** Validates a superjson (or plain JSON) body with a shared zod schema. */
export const jsonBody = <S extends z.ZodType>(schema: S) =>
  zValidator("json", z.preprocess((v) => refuseNul(decodeSuperjson(v)), schema) as unknown as S, failWith400);

/** Validates a plain JSON body (login is plain JSON). */
export const plainJsonBody = <S extends z.ZodType>(schema: S) =>
  zValidator("json", z.preprocess(refuseNul, schema) as unknown as S, failWith400);

export const query = <S extends z.ZodType>(schema: S) =>
  zValidator("query", z.preprocess(refuseNul, schema) as unknown as S, failWith400);
