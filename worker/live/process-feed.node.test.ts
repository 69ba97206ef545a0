/**
 * The live feed of `npm start` over real HTTP (@hono/node-server, as worker/node/main.ts serves it): events arrive
 * as they are sent, not buffered, and a stream whose app went away is let go.
 */
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createApp } from "../app/create-app.ts";
import { type Portal, setUpPortal, uniqueName } from "../salary/portal-test-setup.ts";
import { TestClient } from "../test/api-client.ts";
import { createProcessFeed, type ProcessFeed } from "./process-feed.ts";

let portal: Portal;
let live: ProcessFeed;
let origin: string;
let close: () => void;

beforeAll(async () => {
  portal = await setUpPortal("live-http");
  live = createProcessFeed(portal.db);
  const app = createApp({
    db: portal.db,
    live,
    config: { brand: "Test Guild", timeZone: null, pepper: "test-pepper-0123456789" },
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => {
    if ("closeAllConnections" in server) server.closeAllConnections();
    server.close();
  };
});

afterAll(async () => {
  live?.close();
  close?.();
  await portal?.close();
});

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("The condition never held");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

it("sends each event as it happens and lets the stream go when the app disconnects", async () => {
  const abort = new AbortController();
  const response = await fetch(`${origin}/_api/live`, {
    headers: { accept: "text/event-stream", "accept-encoding": "gzip, br" },
    signal: abort.signal,
  });
  expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
  expect(response.headers.get("content-encoding")).toBeNull();
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const next = async () => decoder.decode((await reader.read()).value, { stream: true });
  expect(await next()).toBe('data: {"type":"ready"}\n\n');
  expect(live.size).toBe(1);

  // The admin's session, over HTTP to this server: the write's commit pokes this feed.
  const admin = new TestClient({ request: (url, init) => fetch(url, init) }, origin);
  admin.cookie = portal.admin.cookie;
  const started = Date.now();
  expect((await admin.post("/_api/boss-names", { name: uniqueName("Http Boss ") })).status).toBe(201);
  expect(await next()).toBe('data: {"type":"changed","collections":["boss-names"]}\n\n');
  const ms = Date.now() - started;
  console.log(`live feed over HTTP: write to notice ${ms} ms`);
  // Well under the one-second look for other processes' writes: the commit's own poke told it.
  expect(ms).toBeLessThan(500);

  abort.abort();
  await until(() => live.size === 0);
});
