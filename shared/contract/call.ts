/**
 * What one call of the API is (decision 061): its method and path under /_api, who may make it, what it takes
 * and what it answers. Each call is declared once, in this folder by resource; the worker mounts its route from
 * the declaration (worker/app/serve-calls.ts), the web app sends it through it (web/src/lib/api-client.ts), and
 * docs/api.md is written from it (`npm run docs:api`). A declaration is plain data and the shared zod schemas:
 * nothing in it runs on one side only.
 */
import type * as z from "zod";
import type { CallRole } from "./roles.ts";

export type { CallRole };

export type CallMethod = "GET" | "POST" | "PUT";

/** How the body travels: superjson (every write), plain JSON (login), or a file's text as it is (restore). */
export type BodyEncoding = "superjson" | "json" | "text";

/** The most a call's body may hold, and the 413's message (decision 028). */
export interface BodyLimit {
  maxBytes: number;
  message: string;
}

/**
 * What comes back when the call succeeds: superjson data (every call but two), plain JSON (login), a file to
 * save (backup, payouts CSV), an event stream (the live feed) or a redirect a browser follows (Discord sign-in).
 * Errors are always plain JSON `{ error }`.
 */
export type AnswerKind = "superjson" | "json" | "file" | "stream" | "redirect";

export interface AnswerSpec<T> {
  kind: AnswerKind;
  /** For a file or a stream: its Content-Type. */
  contentType?: string;
  /** Never set: carries the answer's type to both sides. */
  readonly type?: T;
}

/** The answer of most calls: `T`, written with superjson (Dates stay Dates). */
export const answer = <T>(): AnswerSpec<T> => ({ kind: "superjson" });
/** A plain JSON answer (login, which a password manager or a script may read). */
export const jsonAnswer = <T>(): AnswerSpec<T> => ({ kind: "json" });
/** A file the browser saves (Content-Disposition names it). */
export const fileAnswer = (contentType: string): AnswerSpec<Blob> => ({ kind: "file", contentType });
/** A 302 for a browser's navigation (the steps of Discord sign-in, decision 070), never read by a script. */
export const redirectAnswer = (): AnswerSpec<never> => ({ kind: "redirect" });
/** A stream of server-sent events. */
export const streamAnswer = (contentType: string): AnswerSpec<never> => ({ kind: "stream", contentType });

export interface CallSpec {
  method: CallMethod;
  /** Under /_api, without path parameters (a call names its row in the body or the query). */
  path: `/${string}`;
  role: CallRole;
  /** One line for docs/api.md. */
  summary: string;
  /** The query string's fields, each a string as sent. */
  query?: z.ZodType;
  /** The body's fields; absent for a call without a body (or with a file's text as its body). */
  body?: z.ZodType;
  /** Default "superjson" when there is a body. */
  bodyEncoding?: BodyEncoding;
  /** Default: the JSON limit (body-limits.ts). */
  bodyLimit?: BodyLimit;
  answer: AnswerSpec<unknown>;
}

/** Declares a call; the literal types (method, path, schemas, answer) stay as written. */
export const call = <const S extends CallSpec>(spec: S): S => spec;

/** What a caller sends as the body: the schema's input, a file's text, or nothing. */
export type CallBody<C> = C extends { body: infer B extends z.ZodType }
  ? z.input<B>
  : C extends { bodyEncoding: "text" }
    ? string
    : undefined;

/** What a caller sends as the query: the schema's input, or nothing. */
export type CallQuery<C> = C extends { query: infer Q extends z.ZodType } ? z.input<Q> : undefined;

/** The body as the route reads it, validated (the schema's output). */
export type ValidBody<C> = C extends { body: infer B extends z.ZodType } ? z.output<B> : never;

/** The query as the route reads it, validated (the schema's output). */
export type ValidQuery<C> = C extends { query: infer Q extends z.ZodType } ? z.output<Q> : never;

/** What the call answers when it succeeds. */
export type CallAnswer<C> = C extends { answer: AnswerSpec<infer A> } ? A : never;

/** The path with its query string, the fields in the order given and those left undefined left out. */
export function callPath(spec: Pick<CallSpec, "path">, query?: Readonly<Record<string, unknown>>): string {
  const fields = Object.entries(query ?? {})
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  return fields.length === 0 ? spec.path : `${spec.path}?${fields.join("&")}`;
}
