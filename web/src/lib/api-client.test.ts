import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, ApiError, createApiClient, GENERIC_REQUEST_ERROR } from "./api-client.ts";

interface Seen {
  method: string;
  contentType: string | undefined;
  accept: string | undefined;
  idempotencyKey: string | undefined;
  body: string;
}

let server: Server;
let client: ApiClient;
let origin: string;
const seen: Seen[] = [];

/** A real HTTP server whose routes answer the ways /_api (or a proxy in front of it) can answer. */
function handle(req: IncomingMessage, res: ServerResponse): void {
  let body = "";
  req.on("data", (chunk: Buffer) => {
    body += chunk.toString();
  });
  req.on("end", () => {
    seen.push({
      method: req.method ?? "",
      contentType: req.headers["content-type"],
      accept: req.headers.accept,
      idempotencyKey: req.headers["idempotency-key"] as string | undefined,
      body,
    });
    const send = (status: number, text: string, type = "application/json") => {
      res.writeHead(status, { "Content-Type": type });
      res.end(text);
    };
    switch (req.url) {
      case "/_api/data":
        return send(
          200,
          superjson.stringify({ when: new Date("2024-05-01T12:00:00Z"), names: new Set(["a"]) }),
        );
      case "/_api/echo":
        return send(200, superjson.stringify({ received: body }));
      case "/_api/plain":
        return send(200, JSON.stringify({ user: { id: 7, email: "gm@example.com" } }));
      case "/_api/empty":
        return send(204, "");
      case "/_api/conflict":
        return send(409, JSON.stringify({ error: "A record with this name already exists." }));
      case "/_api/no-error-field":
        return send(400, JSON.stringify({ message: "not the error field" }));
      case "/_api/empty-error":
        return send(500, JSON.stringify({ error: "" }));
      case "/_api/html":
        return send(502, "<html>Bad Gateway</html>", "text/html");
      case "/_api/huge-html":
        return send(503, `<html>${"x".repeat(2000)}</html>`, "text/html");
      case "/_api/json-string":
        return send(500, JSON.stringify("just a string"));
      case "/_api/ok-with-error":
        return send(200, superjson.stringify({ error: "Boss name is required" }));
      case "/_api/broken-success":
        return send(200, "not json at all", "text/plain");
      case "/_api/slow":
        // Answers long after the client's time limit.
        setTimeout(() => send(200, superjson.stringify({ late: true })), 1_000);
        return;
      default:
        return send(404, JSON.stringify({ error: "Not found" }));
    }
  });
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  client = createApiClient(origin);
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("api client success", () => {
  it("decodes superjson, keeping Dates and Sets", async () => {
    const data = await client.get<{ when: Date; names: Set<string> }>("/data");
    expect(data.when).toBeInstanceOf(Date);
    expect(data.when.toISOString()).toBe("2024-05-01T12:00:00.000Z");
    expect(data.names.has("a")).toBe(true);
  });

  it("sends bodies as superjson with Content-Type application/json", async () => {
    const day = new Date("2024-01-02T03:04:05Z");
    const data = await client.post<{ received: string }>("/echo", { day, amount: "12.50" });
    expect(superjson.parse(data.received)).toEqual({ day, amount: "12.50" });
    expect(seen.at(-1)).toMatchObject({ method: "POST", contentType: "application/json" });
  });

  it("sends an empty JSON object when a POST has no body, so the server never answers 415", async () => {
    await client.post("/echo");
    const last = seen.at(-1);
    expect(last?.contentType).toBe("application/json");
    expect(superjson.parse(last?.body ?? "")).toEqual({});
  });

  it("speaks plain JSON both ways when asked (login)", async () => {
    const data = await client.request<{ user: { id: number } }>("/plain", {
      method: "POST",
      body: { email: "gm@example.com", password: "secret" },
      plainJson: true,
    });
    expect(data.user.id).toBe(7);
    expect(JSON.parse(seen.at(-1)?.body ?? "")).toEqual({ email: "gm@example.com", password: "secret" });
  });

  it("adds the caller's headers and keeps its own Accept and Content-Type", async () => {
    await client.request("/echo", {
      method: "POST",
      body: { id: 1 },
      headers: { "Idempotency-Key": "key-1", Accept: "text/html", "Content-Type": "text/plain" },
    });
    expect(seen.at(-1)).toMatchObject({
      idempotencyKey: "key-1",
      accept: "application/json",
      contentType: "application/json",
    });
    await client.get("/empty");
    expect(seen.at(-1)?.idempotencyKey).toBeUndefined();
  });

  it("returns undefined for an empty 2xx body", async () => {
    await expect(client.get("/empty")).resolves.toBeUndefined();
  });
});

describe("api client errors (docs/product.md#errors-on-screens)", () => {
  it("shows the server's error field", async () => {
    const error = await failure(client.get("/conflict"));
    expect(error.message).toBe("A record with this name already exists.");
    expect(error.status).toBe(409);
    expect(error.source).toBe("server");
  });

  it("says 'Unknown error' for a JSON object without an error message", async () => {
    expect((await failure(client.get("/no-error-field"))).message).toBe("Unknown error");
    expect((await failure(client.get("/empty-error"))).message).toBe("Unknown error");
  });

  it("quotes status and body when the body is not a JSON object", async () => {
    expect((await failure(client.get("/html"))).message).toBe(
      "Request failed with status 502: <html>Bad Gateway</html>",
    );
    expect((await failure(client.get("/json-string"))).message).toBe(
      'Request failed with status 500: "just a string"',
    );
  });

  it("cuts a very long body so the message stays readable", async () => {
    const { message } = await failure(client.get("/huge-html"));
    expect(message.startsWith("Request failed with status 503: <html>xxx")).toBe(true);
    expect(message.length).toBeLessThan(400);
  });

  it("treats a 2xx answer with an error field as an error", async () => {
    const error = await failure(client.post("/ok-with-error", { bossName: "" }));
    expect(error.message).toBe("Boss name is required");
    expect(error.status).toBe(200);
  });

  it("reports a 2xx body that is not JSON with its status and body", async () => {
    expect((await failure(client.get("/broken-success"))).message).toBe(
      "Request failed with status 200: not json at all",
    );
  });

  it("reports an unreachable server as a network error with status 0", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure(createApiClient(`http://127.0.0.1:${port}`).get("/data"));
    expect(error.status).toBe(0);
    expect(error.source).toBe("network");
    expect(error.message.length).toBeGreaterThan(0);
  });

  it("reports a request that runs out of time as a network error with status 0", async () => {
    const error = await failure(
      client.request("/slow", { method: "POST", signal: AbortSignal.timeout(100) }),
    );
    expect(error.status).toBe(0);
    expect(error.source).toBe("network");
  });

  it("passes an abort through untouched", async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await client.get("/data", controller.signal).catch((e: unknown) => e);
    expect((error as Error).name).toBe("AbortError");
  });

  it("has the generic fallback text", () => {
    expect(GENERIC_REQUEST_ERROR).toBe("An unknown error occurred during the request.");
  });
});
