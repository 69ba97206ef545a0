/**
 * The one way the web app talks to /_api. Successful answers are superjson (login: plain JSON); every
 * failure becomes an ApiError whose message is what the user sees (SPEC section 8).
 */
import superjson from "superjson";

export const UNKNOWN_ERROR = "Unknown error";
export const GENERIC_REQUEST_ERROR = "An unknown error occurred during the request.";
/** Long non-JSON bodies (an HTML error page from a proxy) are cut so the message stays readable. */
const MAX_BODY_IN_MESSAGE = 300;

/** Where an error's message came from: the server's `error` field, our own wording, or no answer at all. */
export type ApiErrorSource = "server" | "client" | "network";

export class ApiError extends Error {
  /** HTTP status, or 0 when no answer arrived (offline, DNS, refused connection). */
  readonly status: number;
  readonly source: ApiErrorSource;
  /** The error answer's object, for fields beside `error` (a merge conflict's `conflict`). */
  readonly details: Readonly<Record<string, unknown>> | undefined;

  constructor(
    status: number,
    message: string,
    source: ApiErrorSource,
    details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.source = source;
    this.details = details;
  }
}

function errorField(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || !("error" in value)) return undefined;
  const error = (value as { error: unknown }).error;
  return typeof error === "string" && error !== "" ? error : undefined;
}

/** The error for a non-2xx answer, given its status and raw body text. */
export function errorFromResponse(status: number, body: string): ApiError {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== "object" || parsed === null) {
    const shown = body.length > MAX_BODY_IN_MESSAGE ? `${body.slice(0, MAX_BODY_IN_MESSAGE)}…` : body;
    return new ApiError(status, `Request failed with status ${status}: ${shown}`, "client");
  }
  const message = errorField(parsed);
  const details = parsed as Record<string, unknown>;
  return message
    ? new ApiError(status, message, "server", details)
    : new ApiError(status, UNKNOWN_ERROR, "client", details);
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT";
  /** Sent as superjson, or as plain JSON when `plainJson` is set. */
  body?: unknown;
  /** Login speaks plain JSON both ways. */
  plainJson?: boolean;
  /** Extra request headers (the outbox's Idempotency-Key); Accept and Content-Type are set here. */
  headers?: Readonly<Record<string, string>>;
  signal?: AbortSignal;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, signal?: AbortSignal): Promise<T>;
  post<T>(path: string, body?: unknown, signal?: AbortSignal): Promise<T>;
}

export interface ApiClientOptions {
  /** The browser's fetch by default; tests outside a browser pass one that keeps the session cookie. */
  fetch?: typeof fetch;
}

/** `baseUrl` is empty in the browser (same origin); tests pass a local server's origin. */
export function createApiClient(baseUrl = "", client: ApiClientOptions = {}): ApiClient {
  const send = client.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const method = options.method ?? (options.body === undefined ? "GET" : "POST");
    const headers: Record<string, string> = { ...options.headers, Accept: "application/json" };
    let body: string | undefined;
    if (method !== "GET") {
      // The server refuses mutating calls that are not application/json (415), so always send a body.
      headers["Content-Type"] = "application/json";
      const payload = options.body ?? {};
      body = options.plainJson ? JSON.stringify(payload) : superjson.stringify(payload);
    }

    let response: Response;
    let text: string;
    try {
      response = await send(`${baseUrl}/_api${path}`, {
        method,
        headers,
        body,
        credentials: "include",
        signal: options.signal,
      });
      text = await response.text();
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") throw error;
      const message = error instanceof Error && error.message ? error.message : GENERIC_REQUEST_ERROR;
      throw new ApiError(0, message, "network");
    }

    if (!response.ok) throw errorFromResponse(response.status, text);
    if (text === "") return undefined as T;

    let data: unknown;
    try {
      data = options.plainJson ? JSON.parse(text) : superjson.parse(text);
    } catch {
      throw errorFromResponse(response.status, text);
    }
    // A 2xx answer that carries an error field is still an error (SPEC section 7).
    const error = errorField(data);
    if (error) throw new ApiError(response.status, error, "server");
    return data as T;
  }

  return {
    request,
    get: (path, signal) => request(path, { method: "GET", signal }),
    post: (path, body, signal) => request(path, { method: "POST", body, signal }),
  };
}

export const api = createApiClient();

/** The error for a 2xx answer that does not have the shape the caller expects. */
export function unexpectedAnswer(path: string): string {
  return `Unexpected answer from /_api${path}`;
}

/** Any thrown value as a message to show. */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : GENERIC_REQUEST_ERROR;
}
