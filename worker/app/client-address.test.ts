import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import {
  type ClientAddress,
  cloudflareClientAddress,
  lastForwardedFor,
  nodeClientAddress,
} from "./client-address.ts";

/** What a resolver answers for a request with these headers, arriving on a Node socket from `socket`. */
async function resolve(resolver: ClientAddress, headers: Record<string, string>, socket?: string) {
  const app = new Hono().get("/", (c) => c.json({ address: resolver(c) ?? null }));
  const env = socket === undefined ? undefined : { incoming: { socket: { remoteAddress: socket } } };
  const res = await app.request("http://localhost/", { headers }, env);
  return ((await res.json()) as { address: string | null }).address;
}

describe("client address", () => {
  it("takes the last X-Forwarded-For entry, the one the nearest proxy added", () => {
    expect(lastForwardedFor("198.51.100.1, 203.0.113.5")).toBe("203.0.113.5");
    expect(lastForwardedFor("203.0.113.5")).toBe("203.0.113.5");
    expect(lastForwardedFor(`${"10.0.0.1, ".repeat(2_000)}2001:db8::5`)).toBe("2001:db8::5");
    expect(lastForwardedFor("198.51.100.1, not-an-address")).toBeUndefined();
    expect(lastForwardedFor("x".repeat(16 * 1024))).toBeUndefined();
    expect(lastForwardedFor(undefined)).toBeUndefined();
  });

  it("on Node without a trusted proxy: the socket's address, whatever the headers say", async () => {
    const direct = nodeClientAddress({ trustProxy: false });
    const spoof = { "x-forwarded-for": "203.0.113.5", "cf-connecting-ip": "203.0.113.6" };
    expect(await resolve(direct, spoof, "::ffff:192.0.2.10")).toBe("192.0.2.10");
    expect(await resolve(direct, spoof, "2001:db8::7")).toBe("2001:db8::7");
    expect(await resolve(direct, spoof)).toBeNull();
  });

  it("on Node behind a trusted proxy: the proxy's entry, else the proxy's own address", async () => {
    const proxied = nodeClientAddress({ trustProxy: true });
    const chain = { "x-forwarded-for": "198.51.100.1, 203.0.113.5" };
    expect(await resolve(proxied, chain, "127.0.0.1")).toBe("203.0.113.5");
    expect(await resolve(proxied, { "x-forwarded-for": "x".repeat(16 * 1024) }, "127.0.0.1")).toBe(
      "127.0.0.1",
    );
    expect(await resolve(proxied, {}, "127.0.0.1")).toBe("127.0.0.1");
  });

  it("on a real @hono/node-server: the connection's address reaches the resolver", async () => {
    const app = new Hono().get("/", (c) => c.text(nodeClientAddress({ trustProxy: false })(c) ?? "none"));
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    try {
      await new Promise((ready) => server.once("listening", ready));
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/`, {
        headers: { "x-forwarded-for": `${"203.0.113.5, ".repeat(1_000)}203.0.113.6` },
      });
      expect(await res.text()).toBe("127.0.0.1");
    } finally {
      await new Promise((closed) => server.close(closed));
    }
  });

  it("on Workers: CF-Connecting-IP, never X-Forwarded-For", async () => {
    expect(await resolve(cloudflareClientAddress, { "cf-connecting-ip": "2001:DB8::1" })).toBe("2001:db8::1");
    expect(await resolve(cloudflareClientAddress, { "x-forwarded-for": "203.0.113.5" })).toBeNull();
  });
});
