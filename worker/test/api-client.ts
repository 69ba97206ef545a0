import superjson from "superjson";

/** What answers the calls: the Hono app in process, or the Worker bundle in workerd (worker-runtime.ts). */
export interface RequestTarget {
  request(url: string, init: RequestInit): Response | Promise<Response>;
}

/** Calls an app the way the web app does, keeping the session cookie like a browser. */
export class TestClient {
  cookie: string | undefined;
  constructor(
    private readonly app: RequestTarget,
    private readonly origin = "http://localhost",
  ) {}

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const init: RequestInit = { method, headers: { ...headers } };
    const h = init.headers as Record<string, string>;
    if (this.cookie) h.cookie = this.cookie;
    if (body !== undefined) {
      h["content-type"] ??= "application/json";
      init.body = typeof body === "string" ? body : superjson.stringify(body);
    }
    const res = await this.app.request(`${this.origin}${path}`, init);
    const setCookie = res.headers.get("set-cookie");
    if (setCookie) {
      const pair = setCookie.split(";")[0] ?? "";
      this.cookie = pair.endsWith("=") ? undefined : pair;
    }
    const text = await res.text();
    let data: unknown;
    try {
      const parsed = JSON.parse(text);
      data = parsed && typeof parsed === "object" && "json" in parsed ? superjson.parse(text) : parsed;
    } catch {
      data = text;
    }
    return { status: res.status, headers: res.headers, data: data as Record<string, unknown>, text };
  }

  get(path: string, headers?: Record<string, string>) {
    return this.call("GET", path, undefined, headers);
  }
  post(path: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.call("POST", path, body, headers);
  }
  /** Login is plain JSON; `headers` as a browser sends them (its User-Agent names the session's device). */
  login(email: string, password: string, headers?: Record<string, string>) {
    return this.call("POST", "/_api/auth/login_with_password", JSON.stringify({ email, password }), headers);
  }
}
