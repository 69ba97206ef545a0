/**
 * How the outbox posts a queued write: superjson body, `Idempotency-Key: <row id>`, and the same ApiError
 * semantics as lib/api-client (status 0 when no answer arrived, the server's `error` field as message).
 * The api-client has no way to add a request header yet; once its RequestOptions takes `headers`, this
 * becomes `api.request(path, { method: "POST", body, headers })` (see docs/decisions/011).
 */
import superjson from "superjson";
import { ApiError, errorFromResponse, GENERIC_REQUEST_ERROR } from "../lib/api-client.ts";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** An attempt without an answer after this long counts as a network failure and is retried. */
export const SEND_TIMEOUT_MS = 30_000;

export interface WriteTransport {
  post(path: string, body: unknown, idempotencyKey: string): Promise<unknown>;
}

function errorField(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || !("error" in value)) return undefined;
  const error = (value as { error: unknown }).error;
  return typeof error === "string" && error !== "" ? error : undefined;
}

/** `baseUrl` is empty in the browser (same origin); tests pass a local server's origin. */
export function createWriteTransport(baseUrl = "", timeoutMs = SEND_TIMEOUT_MS): WriteTransport {
  return {
    async post(path, body, idempotencyKey) {
      let response: Response;
      let text: string;
      try {
        response = await fetch(`${baseUrl}/_api${path}`, {
          method: "POST",
          headers: {
            Accept: "application/json",
            "Content-Type": "application/json",
            [IDEMPOTENCY_HEADER]: idempotencyKey,
          },
          body: superjson.stringify(body ?? {}),
          credentials: "include",
          signal: AbortSignal.timeout(timeoutMs),
        });
        text = await response.text();
      } catch (error) {
        const message = error instanceof Error && error.message ? error.message : GENERIC_REQUEST_ERROR;
        throw new ApiError(0, message, "network");
      }
      if (!response.ok) throw errorFromResponse(response.status, text);
      if (text === "") return undefined;
      let data: unknown;
      try {
        data = superjson.parse(text);
      } catch {
        throw errorFromResponse(response.status, text);
      }
      const error = errorField(data);
      if (error) throw new ApiError(response.status, error, "server");
      return data;
    },
  };
}
