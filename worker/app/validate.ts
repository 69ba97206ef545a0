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
  zValidator("json", z.preprocess(decodeSuperjson, schema) as unknown as S, failWith400);

/** Validates a plain JSON body (login is plain JSON). */
export const plainJsonBody = <S extends z.ZodType>(schema: S) => zValidator("json", schema, failWith400);

export const query = <S extends z.ZodType>(schema: S) => zValidator("query", schema, failWith400);
