/**
 * The one way the web app talks to /_api. Successful answers are superjson (login: plain JSON); every
 * failure becomes an ApiError whose message is what the user sees (docs/product.md#errors-on-screens).
 */
import superjson from "superjson";
import {
  type CallAnswer,
  type CallBody,
  type CallQuery,
  type CallSpec,
  callPath,
} from "@shared/contract/call.ts";

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
  /** `body` is a file's text, sent as it is (a restore); the answer is superjson. */
  textBody?: boolean;
  /** Extra request headers (the outbox's Idempotency-Key); Accept and Content-Type are set here. */
  headers?: Readonly<Record<string, string>>;
  signal?: AbortSignal;
}

/** What a declared call takes: its query and body as declared (each optional when all its fields are). */
export type CallInput<C> = (CallQuery<C> extends undefined
  ? { query?: undefined }
  : object extends CallQuery<C>
    ? { query?: CallQuery<C> }
    : { query: CallQuery<C> }) &
  (CallBody<C> extends undefined ? { body?: undefined } : { body: CallBody<C> }) & { signal?: AbortSignal };

/** The call's input as an argument: optional when nothing in it is required. */
export type CallArgs<C> = object extends CallInput<C> ? [input?: CallInput<C>] : [input: CallInput<C>];

/** A file the server answered: its contents and the name its Content-Disposition gives, if any. */
export interface ServerFile {
  blob: Blob;
  fileName: string | null;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, signal?: AbortSignal): Promise<T>;
  post<T>(path: string, body?: unknown, signal?: AbortSignal): Promise<T>;
  /** A declared call (shared/contract, decision 061): its method, path and encodings, answering its type. */
  call<C extends CallSpec>(call: C, ...args: CallArgs<C>): Promise<CallAnswer<C>>;
  /** A declared call that answers a file (a backup, the payouts CSV). */
  file<C extends CallSpec>(call: C, ...args: CallArgs<C>): Promise<ServerFile>;
}

export interface ApiClientOptions {
  /** The browser's fetch by default; tests outside a browser pass one that keeps the session cookie. */
  fetch?: typeof fetch;
}

/** `baseUrl` is empty in the browser (same origin); tests pass a local server's origin. */
function networkError(error: unknown): unknown {
  if (error instanceof DOMException && error.name === "AbortError") return error;
  const message = error instanceof Error && error.message ? error.message : GENERIC_REQUEST_ERROR;
  return new ApiError(0, message, "network");
}

/** Reads an answer's body; a connection lost on the way is a network error like one lost before. */
async function readBody<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw networkError(error);
  }
}

function requestBody(options: RequestOptions): string {
  // The server refuses mutating calls that are not application/json (415), so always send a body.
  if (options.textBody) return String(options.body ?? "");
  const payload = options.body ?? {};
  return options.plainJson ? JSON.stringify(payload) : superjson.stringify(payload);
}

/** `baseUrl` is empty in the browser (same origin); tests pass a local server's origin. */
export function createApiClient(baseUrl = "", client: ApiClientOptions = {}): ApiClient {
  const fetchFn = client.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  /** The answer when it is a success; any failure as the ApiError the screen shows. */
  async function send(path: string, options: RequestOptions): Promise<Response> {
    const method = options.method ?? (options.body === undefined ? "GET" : "POST");
    const headers: Record<string, string> = { ...options.headers, Accept: "application/json" };
    let body: string | undefined;
    if (method !== "GET") {
      headers["Content-Type"] = "application/json";
      body = requestBody(options);
    }
    const response = await readBody(() =>
      fetchFn(`${baseUrl}/_api${path}`, {
        method,
        headers,
        body,
        credentials: "include",
        signal: options.signal,
      }),
    );
    if (!response.ok) throw errorFromResponse(response.status, await readBody(() => response.text()));
    return response;
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const response = await send(path, options);
    const text = await readBody(() => response.text());
    if (text === "") return undefined as T;

    let data: unknown;
    try {
      data = options.plainJson ? JSON.parse(text) : superjson.parse(text);
    } catch {
      throw errorFromResponse(response.status, text);
    }
    // A 2xx answer that carries an error field is still an error (docs/product.md#errors-on-screens).
    const error = errorField(data);
    if (error) throw new ApiError(response.status, error, "server");
    return data as T;
  }

  /** A declared call's request: its path with the query, its method, and its body's encoding. */
  function callRequest(spec: CallSpec, input: CallInput<CallSpec> = {}): [string, RequestOptions] {
    const encoding = spec.bodyEncoding ?? "superjson";
    return [
      callPath(spec, input.query as Readonly<Record<string, unknown>> | undefined),
      {
        method: spec.method,
        body: input.body,
        plainJson: encoding === "json" || spec.answer.kind === "json",
        textBody: encoding === "text",
        signal: input.signal,
      },
    ];
  }

  return {
    request,
    get: (path, signal) => request(path, { method: "GET", signal }),
    post: (path, body, signal) => request(path, { method: "POST", body, signal }),
    call: (spec, ...[input]) => request(...callRequest(spec, input as CallInput<CallSpec>)),
    async file(spec, ...[input]) {
      const response = await send(...callRequest(spec, input as CallInput<CallSpec>));
      const disposition = response.headers.get("Content-Disposition") ?? "";
      return {
        blob: await readBody(() => response.blob()),
        fileName: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null,
      };
    },
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
