/**
 * The routes the real app mounts are the declared calls (shared/contract, decision 061): none without a
 * declaration, no declaration without its route, and each route's role check is its declaration's.
 */
import { describe, expect, it } from "vitest";
import { ALL_CALLS } from "@shared/contract/all-calls.ts";
import type { Db } from "../db/types.ts";
import { createApp } from "./create-app.ts";

/** A database that must not be reached: the role check answers before anything is read. */
const untouchable = new Proxy({} as Db, {
  get: () => {
    throw new Error("The database was reached before the role check.");
  },
});

const app = createApp({
  config: { brand: "Contract Guild", timeZone: "UTC", pepper: "contract-pepper-0123456789" },
  db: untouchable,
  // The live feed is mounted whatever the runtime's feed is; this one is never connected.
  live: { connect: () => new Response(null, { status: 204 }), changed: () => {} },
});

const key = (method: string, path: string) => `${method} ${path}`;

/** Every route the app answers (app.use() middleware is mounted for ALL methods and is not a route). */
const mounted = new Set(
  app.routes.filter((route) => route.method !== "ALL").map((r) => key(r.method, r.path)),
);
const declared = ALL_CALLS.map((call) => key(call.method, `/_api${call.path}`));

describe("the API contract", () => {
  it("declares every route the app mounts", () => {
    expect([...mounted].filter((route) => !declared.includes(route))).toEqual([]);
  });

  it("mounts a route for every declared call", () => {
    expect(declared.filter((call) => !mounted.has(call))).toEqual([]);
  });

  it("declares each method and path once", () => {
    expect(declared.filter((call, i) => declared.indexOf(call) !== i)).toEqual([]);
  });

  it.each(
    ALL_CALLS.filter((call) => call.role !== "public").map((call) => [call.method, call.path, call.role]),
  )("%s %s refuses an anonymous caller with 401 before reading anything (%s)", async (method, path) => {
    const response = await app.request(`http://localhost/_api${path}`, {
      method,
      headers: { origin: "http://localhost", "content-type": "application/json" },
      body: method === "GET" ? undefined : "{}",
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Authentication required" });
  });
});
