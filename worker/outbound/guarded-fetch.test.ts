/**
 * The outbound guard on Node (decision 053) against real sockets on 127.0.0.1: a refused URL never opens a
 * connection, a name is resolved and every address checked, the connection goes to the checked address whatever
 * the name resolves to later, a redirect is not followed, a silent server times out, and only the first bytes of
 * an answer are read. The same calls through fetch (Workers' transport) behave alike where they can.
 */
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from "node:http";
import { type AddressInfo, createServer as createTcpServer, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  fetchTransport,
  guardedFetch,
  MAX_ANSWER_BYTES,
  type Outbound,
  OutboundRefused,
  OutboundTimeout,
} from "./guarded-fetch.ts";
import { type HostLookup, nodeTransport, pinnedLookup } from "./node-transport.ts";

/** A TCP listener that counts connections: anything reaching it, a TLS handshake included, counts. */
async function tcpListener(host = "127.0.0.1") {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createTcpServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

interface Seen {
  method: string;
  path: string;
  host: string;
}

/** An HTTP server whose paths script the answer: /ok, /redirect (302 to `redirectTo`), /silent, /big. */
async function httpServer(redirectTo = "") {
  const seen: Seen[] = [];
  const server = createHttpServer((req: IncomingMessage, res: ServerResponse) => {
    seen.push({ method: req.method ?? "", path: req.url ?? "", host: req.headers.host ?? "" });
    req.resume();
    if (req.url === "/redirect") return res.writeHead(302, { location: redirectTo }).end();
    if (req.url === "/silent") return;
    if (req.url === "/big") {
      res.writeHead(200, { "content-type": "application/octet-stream" });
      return res.end(Buffer.alloc(1_000_000, 7));
    }
    res.writeHead(201, { "content-type": "application/json" }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let listener: Awaited<ReturnType<typeof tcpListener>>;
let target: Awaited<ReturnType<typeof httpServer>>;
let other: Awaited<ReturnType<typeof httpServer>>;

beforeAll(async () => {
  listener = await tcpListener();
  other = await httpServer();
  target = await httpServer(`${other.origin}/stolen`);
});
afterAll(async () => {
  await listener?.close();
  await target?.close();
  await other?.close();
});

const post = { method: "POST" as const, headers: { "content-type": "text/plain" }, body: "x".repeat(4_096) };

async function refusal(url: string, outbound: Outbound) {
  try {
    await guardedFetch(url, post, outbound);
  } catch (err) {
    if (err instanceof OutboundRefused) return err.refusal;
    throw err;
  }
  throw new Error(`${url} was not refused`);
}

describe("a refused URL opens no connection", () => {
  it.each([
    ["node", nodeTransport()],
    ["fetch", fetchTransport],
  ])("through %s", async (_name, transport) => {
    const outbound: Outbound = { testOrigins: [], transport };
    const port = listener.port;
    const urls = [
      `http://localhost:${port}/stop`,
      `http://127.0.0.1:${port}/stop`,
      `https://127.0.0.1:${port}/`,
      `https://127.0.0.2:${port}/`,
      `https://0x7f.1:${port}/`,
      `https://2130706433:${port}/`,
      `https://[::ffff:127.0.0.1]:${port}/`,
      `https://localhost.:${port}/`,
    ];
    for (const url of urls) expect((await refusal(url, outbound)).code).toMatch(/^(scheme|port)$/);
    for (const url of [
      "https://127.0.0.1/",
      "https://169.254.169.254/latest/meta-data/",
      "https://[::1]/",
      "https://localhost/",
      "https://metadata.google.internal/computeMetadata/v1/",
    ])
      expect((await refusal(url, outbound)).code).toMatch(/^(address|name)$/);
    expect(listener.connections()).toBe(0);
  });
});

describe("names, on Node", () => {
  it("are resolved, and refused when any address is not the internet", async () => {
    const asked: string[] = [];
    const lookup: HostLookup = async (name) => {
      asked.push(name);
      return name === "rebind.example.com" ? ["93.184.215.14", "127.0.0.1"] : ["::ffff:169.254.169.254"];
    };
    const outbound: Outbound = { testOrigins: [], transport: nodeTransport({ lookup }) };
    expect(await refusal("https://rebind.example.com/push", outbound)).toEqual({
      code: "resolved",
      reason: "rebind.example.com resolves to 127.0.0.1, a loopback address",
    });
    expect((await refusal("https://meta.example.com./x", outbound)).reason).toBe(
      "meta.example.com resolves to ::ffff:169.254.169.254, a cloud metadata address",
    );
    expect(asked).toEqual(["rebind.example.com", "meta.example.com"]);
  });

  it("that do not resolve are refused as such", async () => {
    const outbound: Outbound = { testOrigins: [], transport: nodeTransport({ lookup: async () => [] }) };
    expect(await refusal("https://gone.example.com/x", outbound)).toEqual({
      code: "unresolved",
      reason: "gone.example.com could not be resolved",
    });
  });

  it("connect to the checked addresses only, never resolving the name again", async () => {
    // The transport is handed a name that no resolver knows and the address the guard checked: it must dial
    // that address (here, the test's server), not ask DNS again, which could answer something else by now.
    const { send } = nodeTransport({
      lookup: async () => {
        throw new Error("DNS must not be asked again");
      },
    });
    const port = new URL(target.origin).port;
    const answer = await send(
      new URL(`http://rebind.example.com:${port}/ok`),
      ["127.0.0.1"],
      { method: "POST", headers: {}, body: "hi", maxAnswerBytes: 100 },
      AbortSignal.timeout(5_000),
    );
    expect(answer.status).toBe(201);
    expect(target.seen.at(-1)).toEqual({ method: "POST", path: "/ok", host: `rebind.example.com:${port}` });
  });

  it("pinnedLookup answers the checked addresses, one or all, of the family asked", () => {
    const lookup = pinnedLookup(["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"]);
    const answers: unknown[] = [];
    lookup("any.example.com", { all: true }, (_e, all) => answers.push(all));
    lookup("any.example.com", { family: 6 }, (_e, address, family) => answers.push([address, family]));
    lookup("any.example.com", {}, (_e, address, family) => answers.push([address, family]));
    expect(answers).toEqual([
      [
        { address: "93.184.215.14", family: 4 },
        { address: "2606:2800:21f:cb07:6820:80da:af6b:8b2c", family: 6 },
      ],
      ["2606:2800:21f:cb07:6820:80da:af6b:8b2c", 6],
      ["93.184.215.14", 4],
    ]);
  });
});

describe("answers", () => {
  it.each([
    ["node", nodeTransport()],
    ["fetch", fetchTransport],
  ])("through %s: a redirect is the answer, not followed", async (_name, transport) => {
    const outbound: Outbound = { testOrigins: [target.origin, other.origin], transport };
    const before = other.seen.length;
    const response = await guardedFetch(`${target.origin}/redirect`, post, outbound);
    expect(response.status).toBe(302);
    expect(other.seen.length).toBe(before);
  });

  it.each([
    ["node", nodeTransport()],
    ["fetch", fetchTransport],
  ])("through %s: a server that does not answer times out", async (_name, transport) => {
    const outbound: Outbound = { testOrigins: [target.origin], transport };
    const started = Date.now();
    await expect(
      guardedFetch(`${target.origin}/silent`, { ...post, timeoutMs: 300 }, outbound),
    ).rejects.toThrow(new OutboundTimeout("no answer within 300 ms"));
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it.each([
    ["node", nodeTransport()],
    ["fetch", fetchTransport],
  ])("through %s: only the first bytes of a long answer are read", async (_name, transport) => {
    const outbound: Outbound = { testOrigins: [target.origin], transport };
    const response = await guardedFetch(`${target.origin}/big`, post, outbound);
    expect(response.status).toBe(200);
    expect((await response.arrayBuffer()).byteLength).toBe(MAX_ANSWER_BYTES);
    const small = await guardedFetch(`${target.origin}/big`, { ...post, maxAnswerBytes: 10 }, outbound);
    expect((await small.arrayBuffer()).byteLength).toBe(10);
  });

  it("a test origin is only that origin: the same machine on another port is refused", async () => {
    const outbound: Outbound = { testOrigins: [target.origin], transport: nodeTransport() };
    const response = await guardedFetch(`${target.origin}/ok`, post, outbound);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ ok: true });
    expect((await refusal(`${other.origin}/ok`, outbound)).code).toBe("scheme");
  });
});
