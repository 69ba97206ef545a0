import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_CALLS } from "@shared/contract/all-calls.ts";
import { JSON_BODY_LIMIT, PARTICIPANT_LIST_BODY_LIMIT } from "@shared/contract/body-limits.ts";
import type { CallRole } from "@shared/contract/roles.ts";
import { IMPORT_TOO_LARGE, MAX_IMPORT_BYTES } from "@shared/schemas/import.ts";
import { type Portal, setUpPortal, uniqueName } from "../salary/portal-test-setup.ts";

let portal: Portal;

beforeAll(async () => {
  portal = await setUpPortal("body-limit");
});
afterAll(async () => {
  await portal?.close();
});

const CHUNK = 16 * 1024;
const MB = 1024 * 1024;

interface CountingBody {
  stream: ReadableStream<Uint8Array>;
  /** How many bytes a reader has taken so far. */
  read(): number;
}

/**
 * A body of `size` bytes (`content`, or the letter a) that counts what is read of it. highWaterMark 0: nothing
 * is produced before a reader asks, so read() is 0 for a body nobody touched.
 */
function countingBody(size: number, content?: Uint8Array): CountingBody {
  let read = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (read >= size) {
          controller.close();
          return;
        }
        const n = Math.min(CHUNK, size - read);
        controller.enqueue(content ? content.slice(read, read + n) : new Uint8Array(n).fill(0x61));
        read += n;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, read: () => read };
}

const jsonBodyOf = (value: unknown) => {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  return countingBody(bytes.length, bytes);
};

/** A POST whose body is a stream: no Content-Length unless `headers` declares one (a chunked upload). */
function post(path: string, body: CountingBody, headers: Record<string, string> = {}, cookie?: string) {
  return portal.app.request(`http://localhost${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}), ...headers },
    body: body.stream,
    duplex: "half",
  } as RequestInit);
}

const adminCookie = () => portal.admin.cookie as string;
const userCookie = () => portal.user.cookie as string;

describe("request body limits", () => {
  it("answers 413 to a JSON write over its limit from the Content-Length, before reading the body", async () => {
    const size = JSON_BODY_LIMIT.maxBytes + 1;
    const body = countingBody(size);
    const res = await post("/_api/boss-names", body, { "content-length": String(size) }, adminCookie());
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: JSON_BODY_LIMIT.message });
    expect(body.read()).toBe(0);
  });

  it("counts a body without Content-Length as it arrives and stops reading once it passes the limit", async () => {
    const body = countingBody(8 * MB);
    const res = await post("/_api/boss-names", body, {}, adminCookie());
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: JSON_BODY_LIMIT.message });
    expect(body.read()).toBeGreaterThan(JSON_BODY_LIMIT.maxBytes);
    expect(body.read()).toBeLessThanOrEqual(JSON_BODY_LIMIT.maxBytes + CHUNK);
  });

  it("holds for the public writes too (login, spawn-alert subscriptions), with or without Content-Length", async () => {
    for (const path of [...PUBLIC_WRITES].filter((p) => p !== "/_api/auth/logout")) {
      const declared = countingBody(8 * MB);
      const res = await post(path, declared, { "content-length": String(8 * MB) });
      expect({ path, status: res.status, read: declared.read() }).toEqual({ path, status: 413, read: 0 });
      const chunked = countingBody(8 * MB);
      expect({ path, status: (await post(path, chunked)).status }).toEqual({ path, status: 413 });
      expect(chunked.read()).toBeLessThanOrEqual(JSON_BODY_LIMIT.maxBytes + CHUNK);
    }
  });

  it("lets the import send up to its own limit, and answers IMPORT_TOO_LARGE past it", async () => {
    const size = MAX_IMPORT_BYTES + 1;
    const huge = countingBody(size);
    const refused = await post(
      "/_api/admin/import-market-data",
      huge,
      { "content-length": String(size) },
      adminCookie(),
    );
    expect(refused.status).toBe(413);
    expect(await refused.json()).toEqual({ error: IMPORT_TOO_LARGE });
    expect(huge.read()).toBe(0);

    const rows = Array.from({ length: 600 }, (_, n) => ({
      bossName: "Ironhide Behemoth",
      lootName: `${uniqueName("Body Limit Loot")} ${"x".repeat(60)}`,
      value: 100 + n,
      participatedMembers: '["Ashvale","Brightforge"]',
    }));
    const body = jsonBodyOf({ marketData: rows });
    const imported = await post("/_api/admin/import-market-data", body, {}, adminCookie());
    expect(body.read()).toBeGreaterThan(JSON_BODY_LIMIT.maxBytes);
    expect(imported.status).toBe(200);
  });

  it("takes the largest legitimate loot item: 1,000 participants of 100 three-byte characters", async () => {
    // 100 characters of 3 bytes each, all different: U+4E00 onwards, then 99 times 界.
    const names = Array.from(
      { length: 1000 },
      (_, n) => `${String.fromCharCode(0x4e00 + n)}${"界".repeat(99)}`,
    );
    const item = {
      lootName: uniqueName("Crowded Loot"),
      bossName: "Ironhide Behemoth",
      value: "100.00",
      participatedMembers: names,
    };
    const body = jsonBodyOf({ json: item });
    const res = await post("/_api/market-exchange", body, {}, adminCookie());
    expect(body.read()).toBeGreaterThan(1000 * 303);
    expect(body.read()).toBeLessThan(PARTICIPANT_LIST_BODY_LIMIT.maxBytes);
    expect(res.status).toBe(201);
    const rows = await portal.db.query<{ participants: string }>(
      "SELECT participated_members AS participants FROM market_exchange WHERE loot_name = $1",
      [item.lootName],
    );
    expect(JSON.parse(rows[0]?.participants ?? "[]")).toHaveLength(1000);
  });
});

/** Every POST route of the app, from its route table. */
const writePaths = () => [
  ...new Set(portal.app.routes.filter((route) => route.method === "POST").map((route) => route.path)),
];
/** Writes declared for a role (shared/contract): anyone's (sign-in, a visitor's spawn alerts), a raider's. */
const writesFor = (role: CallRole) =>
  new Set(
    ALL_CALLS.filter((call) => call.method === "POST" && call.role === role).map(
      (call) => `/_api${call.path}`,
    ),
  );
/** Writes no session signs: Discord's interactions, judged by Discord's signature (decision 096) before any read. */
const SIGNED_WRITES = new Set(["/_api/discord/interactions"]);
const PUBLIC_WRITES = new Set([...writesFor("public")].filter((path) => !SIGNED_WRITES.has(path)));
const USER_WRITES = writesFor("user");

const storedKeys = async (keys: readonly string[]) =>
  (
    await portal.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM idempotency_keys WHERE key = ANY($1)",
      [keys],
    )
  )[0]?.n;

describe("a caller the route refuses: no body read, no Idempotency-Key work", () => {
  it("answers 401 to an anonymous write on every route but login and logout, reading nothing", async () => {
    const paths = writePaths().filter((path) => !PUBLIC_WRITES.has(path) && !SIGNED_WRITES.has(path));
    expect(paths.length).toBeGreaterThan(15);
    const keys: string[] = [];
    for (const path of paths) {
      const key = `anonymous-${path.replaceAll("/", "-")}`;
      keys.push(key);
      const body = countingBody(300 * MB);
      const res = await post(path, body, { "idempotency-key": key });
      expect({ path, status: res.status, read: body.read() }).toEqual({ path, status: 401, read: 0 });
    }
    expect(await storedKeys(keys)).toBe(0);
  });

  it("answers 403 to a raider on every write above a raider's role, reading nothing", async () => {
    const paths = writePaths().filter(
      (path) => !PUBLIC_WRITES.has(path) && !USER_WRITES.has(path) && !SIGNED_WRITES.has(path),
    );
    for (const path of paths) {
      const body = countingBody(300 * MB);
      const res = await post(
        path,
        body,
        { "idempotency-key": `user-${path.replaceAll("/", "-")}` },
        userCookie(),
      );
      expect({ path, status: res.status, read: body.read() }).toEqual({ path, status: 403, read: 0 });
    }
  });

  it("answers an unsigned Discord interaction without reading it (401, or 503 where Discord is not set up)", async () => {
    for (const path of SIGNED_WRITES) {
      const body = countingBody(300 * MB);
      const res = await post(path, body, { "idempotency-key": `unsigned-${path.replaceAll("/", "-")}` });
      expect({ path, read: body.read() }).toEqual({ path, read: 0 });
      expect([401, 503]).toContain(res.status);
    }
  });

  it("reads, hashes and records the body of a caller the route accepts", async () => {
    const boss = { name: uniqueName("Streamed Wyrm"), respawn_time_hours: 12 };
    const key = `admin-${boss.name.replaceAll(" ", "-")}`;
    const first = jsonBodyOf(boss);
    const created = await post("/_api/boss-names", first, { "idempotency-key": key }, adminCookie());
    expect(created.status).toBe(201);
    expect(first.read()).toBe(new TextEncoder().encode(JSON.stringify(boss)).length);
    expect(await storedKeys([key])).toBe(1);
    const again = await post("/_api/boss-names", jsonBodyOf(boss), { "idempotency-key": key }, adminCookie());
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
  });
});
