/**
 * How `npm run bench:scale` talks to the app: in-process requests with the web app's wire format (superjson
 * bodies, a JSON content type, an Idempotency-Key on every write, the session cookie), each timed from the
 * request to the last byte of the answer. A call that does not answer 2xx aborts the bench; it is never timed.
 */
import superjson from "superjson";
import type { App } from "../worker/app/create-app.ts";

const ORIGIN = "http://localhost";

export interface TimedAnswer {
  ms: number;
  text: string;
}

export class BenchApi {
  private constructor(
    private readonly app: App,
    private readonly cookie: string,
  ) {}

  /** Logs in through the API (login is plain JSON) and keeps the session cookie. */
  static async signIn(app: App, email: string, password: string): Promise<BenchApi> {
    const res = await app.request(`${ORIGIN}/_api/auth/login_with_password`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    const text = await res.text();
    const cookie = res.headers.get("set-cookie")?.split(";")[0];
    if (!res.ok || !cookie) throw new Error(`login answered ${res.status}: ${text.slice(0, 500)}`);
    return new BenchApi(app, cookie);
  }

  /** A write as the admin: POST (or `method`) with a superjson body and a fresh Idempotency-Key, as the app sends it. */
  write(path: string, body: unknown, method: "POST" | "PUT" = "POST"): Promise<TimedAnswer> {
    return this.request(path, {
      method,
      headers: {
        cookie: this.cookie,
        "content-type": "application/json",
        "idempotency-key": crypto.randomUUID(),
      },
      body: superjson.stringify(body),
    });
  }

  /** A read as the admin (with the session cookie). */
  read(path: string): Promise<TimedAnswer> {
    return this.request(path, { method: "GET", headers: { cookie: this.cookie } });
  }

  /** A read by an anonymous visitor: no cookie. */
  readAnonymously(path: string): Promise<TimedAnswer> {
    return this.request(path, { method: "GET" });
  }

  private async request(path: string, init: RequestInit): Promise<TimedAnswer> {
    const start = performance.now();
    const res = await this.app.request(`${ORIGIN}${path}`, init);
    const text = await res.text();
    const ms = performance.now() - start;
    if (res.status < 200 || res.status > 299) {
      throw new Error(`${init.method} ${path} answered ${res.status}: ${text.slice(0, 1000)}`);
    }
    return { ms, text };
  }
}

/** The id of the record a create answered, e.g. idOf(answer, "marketExchangeItem"). */
export function idOf(answer: TimedAnswer, key: string): number {
  const data = superjson.parse<Record<string, { id?: unknown } | undefined>>(answer.text);
  const id = data[key]?.id;
  if (typeof id !== "number") throw new Error(`the answer has no ${key}.id: ${answer.text.slice(0, 500)}`);
  return id;
}
