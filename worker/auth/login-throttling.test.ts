/**
 * Login throttling as an attacker meets it (decision 026), on the real app and database: per account and source,
 * per source across accounts, account-wide only as a short capped delay, counted atomically, with a bounded
 * record of where attempts came from. The clock is the test's: waits are moved through, not slept.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeClientAddress } from "../app/client-address.ts";
import { createApp } from "../app/create-app.ts";
import type { Db } from "../db/types.ts";
import { TestClient } from "../test/api-client.ts";
import { createTestDb, testDriver } from "../test/test-db.ts";
import { INVALID_CREDENTIALS } from "./auth-routes.ts";
import { LOGIN_THROTTLE, tooManyAttempts } from "./login-throttle.ts";
import { hashPassword } from "./password-hash.ts";
import { setPasswordHash } from "./user-passwords-repo.ts";
import { insertUser, type Role } from "./users-repo.ts";

const pepper = "test-pepper-0123456789";
const MINUTE = 60_000;
const { pairLimit, sourceLimit, accountFreeFailures, accountMaxDelayMs, windowMs } = LOGIN_THROTTLE;
let db: Db;
let seq = 0;

beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db?.close();
});

async function makeUser(role: Role = "admin", password = "correct horse battery") {
  seq += 1;
  const email = `throttle-${role}${seq}-${Date.now()}@guild.test`;
  const user = await insertUser(db, { email, displayName: `${role} ${seq}`, role });
  await setPasswordHash(db, user.id, await hashPassword(password, pepper));
  return { ...user, password };
}

let addressSeq = 0;
/** A fresh IPv4 address for each client, so tests never share a source. */
function newAddress(): string {
  addressSeq += 1;
  return `10.${(addressSeq >> 16) & 255}.${(addressSeq >> 8) & 255}.${addressSeq & 255}`;
}

/**
 * The portal as `npm start` builds it (the client address from X-Forwarded-For when trustProxy, else from the
 * Node socket), on a clock that stands still until the test moves it.
 */
function portal({ trustProxy = true } = {}) {
  let now = Date.now();
  const app = createApp({
    db,
    config: { brand: "Test Guild", timeZone: null, pepper },
    clientAddress: nodeClientAddress({ trustProxy }),
    clock: () => now,
  });
  const withHeaders = (headers: Record<string, string>, socket?: string) => ({
    request: (url: string, init: RequestInit) =>
      app.request(
        url,
        { ...init, headers: { ...(init.headers as Record<string, string>), ...headers } },
        // What @hono/node-server passes: the Node request, whose socket has the peer's address.
        socket === undefined ? undefined : { incoming: { socket: { remoteAddress: socket } } },
      ),
  });
  return {
    advance(ms: number) {
      now += ms;
    },
    /** A client behind the trusted proxy, which reports its address in X-Forwarded-For. */
    from: (address: string) => new TestClient(withHeaders({ "x-forwarded-for": address })),
    /** A client connecting from `socket`, sending whatever headers it likes. */
    connecting: (socket: string, headers: Record<string, string> = {}) =>
      new TestClient(withHeaders(headers, socket)),
  };
}

type Portal = ReturnType<typeof portal>;

/** Logs in, waiting (on the test's clock) as long as each 429 asks; how long that took in total. */
async function loginWaiting(p: Portal, client: TestClient, email: string, password: string) {
  let waitedMs = 0;
  for (;;) {
    const res = await client.login(email, password);
    if (res.status !== 429 || waitedMs > windowMs) return { res, waitedMs };
    const wait = Number(res.headers.get("retry-after")) * 1000;
    p.advance(wait);
    waitedMs += wait;
  }
}

async function statuses(responses: Promise<{ status: number }>[]) {
  const counts: Record<number, number> = {};
  for (const { status } of await Promise.all(responses)) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

async function recorded(where: string, param: string) {
  const rows = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM login_attempts WHERE ${where}`, [
    param,
  ]);
  return rows[0]?.n ?? 0;
}

describe(`login throttling (${testDriver()} driver)`, () => {
  it("an attacker hammering the admin from one address cannot keep the admin, at a new address, out", async () => {
    const p = portal();
    const admin = await makeUser("admin");
    const attacker = p.from(newAddress());
    // The measured attack: wrong passwords until throttled, and on, every 14 minutes for two hours.
    let checked = 0;
    for (let round = 0; round < 9; round++) {
      for (let i = 0; i < 10; i++) {
        const res = await attacker.login(admin.email, `guess-${round}-${i}`);
        expect([401, 429]).toContain(res.status);
        if (res.status === 401) checked += 1;
      }
      if (round < 8) p.advance(14 * MINUTE);
    }
    expect((await attacker.login(admin.email, "one more")).status).toBe(429);
    // A round 14 minutes after checked guesses finds them still in the window: rounds 0, 2, 4, 6 and 8 are checked.
    expect(checked).toBe(5 * pairLimit);

    const started = performance.now();
    const { res, waitedMs } = await loginWaiting(p, p.from(newAddress()), admin.email, admin.password);
    const tookMs = performance.now() - started;
    expect(res.status).toBe(200);
    expect(res.data.user).toMatchObject({ email: admin.email });
    expect(waitedMs).toBe(0);
    expect(tookMs).toBeLessThan(5_000);
  });

  it("attackers at several addresses slow the admin's login by the capped account-wide delay only", async () => {
    const p = portal();
    const admin = await makeUser("admin");
    // Twelve addresses take turns, a guess a second for two minutes.
    const attackers = Array.from({ length: 12 }, () => p.from(newAddress()));
    for (let second = 0; second < 120; second++) {
      await attackers[second % attackers.length]?.login(admin.email, `guess-${second}`);
      p.advance(1_000);
    }
    // Ten free failures in the first ten seconds, then checks after 1, 2, 4, 8, 16 and twice 30 seconds.
    expect(await recorded("email = $1 AND NOT success", admin.email)).toBe(accountFreeFailures + 7);

    const { res, waitedMs } = await loginWaiting(p, p.from(newAddress()), admin.email, admin.password);
    expect(res.status).toBe(200);
    expect(waitedMs).toBeGreaterThan(0);
    expect(waitedMs).toBeLessThanOrEqual(accountMaxDelayMs);
  });

  it("answers 429 with Retry-After and a message saying how long to wait, without checking the password", async () => {
    const p = portal();
    const user = await makeUser("user");
    const client = p.from(newAddress());
    for (let i = 0; i < pairLimit; i++) {
      const res = await client.login(user.email, `wrong-${i}`);
      expect(res.status).toBe(401);
      expect(res.data).toEqual({ error: INVALID_CREDENTIALS });
    }
    const blocked = await client.login(user.email, user.password);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toBe("900");
    expect(blocked.data).toEqual({ error: tooManyAttempts(900) });
    expect(blocked.data.error).toBe("Too many failed login attempts. Please wait 15 minutes and try again.");
    expect(blocked.headers.get("set-cookie")).toBeNull();
    p.advance(windowMs - 30_000);
    const soon = await client.login(user.email, user.password);
    expect(soon.headers.get("retry-after")).toBe("30");
    expect(soon.data.error).toBe("Too many failed login attempts. Please wait 30 seconds and try again.");
  });

  it("does not count throttled attempts: the wait stays anchored and then the address gets its next try", async () => {
    const p = portal();
    const user = await makeUser("user");
    const attacker = p.from(newAddress());
    // Five failures at minutes 0 to 4.
    for (let minute = 0; minute < pairLimit; minute++) {
      expect((await attacker.login(user.email, `wrong-${minute}`)).status).toBe(401);
      p.advance(MINUTE);
    }
    // Hammering while throttled, minutes 5 to 14: every answer is 429 and waits for minute 15, nothing is recorded.
    for (let minute = pairLimit; minute < windowMs / MINUTE; minute++) {
      for (let i = 0; i < 5; i++) {
        const res = await attacker.login(user.email, `hammer-${minute}-${i}`);
        expect(res.status).toBe(429);
        expect(Number(res.headers.get("retry-after"))).toBe((windowMs / MINUTE - minute) * 60);
      }
      p.advance(MINUTE);
    }
    expect(await recorded("email = $1", user.email)).toBe(pairLimit);

    // Minute 15: the first failure has left the window. One normal try; the next place frees a minute later.
    expect((await attacker.login(user.email, "after the window")).status).toBe(401);
    const next = await attacker.login(user.email, "too soon");
    expect(next.status).toBe(429);
    expect(next.headers.get("retry-after")).toBe("60");
    expect(await recorded("email = $1", user.email)).toBe(pairLimit + 1);
    p.advance(MINUTE);
    expect((await attacker.login(user.email, user.password)).status).toBe(200);
  });

  it("a success resets the count of its account and address", async () => {
    const p = portal();
    const user = await makeUser("user");
    const client = p.from(newAddress());
    for (let i = 0; i < pairLimit - 1; i++) expect((await client.login(user.email, "typo")).status).toBe(401);
    expect((await client.login(user.email, user.password)).status).toBe(200);
    for (let i = 0; i < pairLimit; i++) expect((await client.login(user.email, "typo")).status).toBe(401);
    expect((await client.login(user.email, "typo")).status).toBe(429);
  });

  it("throttles one address spraying passwords across many accounts", async () => {
    const p = portal();
    const known = await Promise.all([makeUser("user"), makeUser("admin"), makeUser("user")]);
    const emails = Array.from({ length: 30 }, (_, i) => known[i]?.email ?? `spray-${seq}-${i}@guild.test`);
    const sprayer = p.from(newAddress());
    const answers: number[] = [];
    for (const email of emails) answers.push((await sprayer.login(email, "Summer2024!")).status);
    expect(answers.slice(0, sourceLimit)).toEqual(new Array(sourceLimit).fill(401));
    expect(answers.slice(sourceLimit)).toEqual(new Array(30 - sourceLimit).fill(429));

    // The accounts themselves are not locked: another address is still checked.
    const other = await p.from(newAddress()).login(known[0]?.email as string, known[0]?.password as string);
    expect(other.status).toBe(200);
  });

  it("counts parallel guesses one after another: never more password checks than the limit allows", async () => {
    const p = portal();
    const user = await makeUser("admin");

    const oneAddress = p.from(newAddress());
    const sameSource = Array.from({ length: 40 }, (_, i) => oneAddress.login(user.email, `parallel-${i}`));
    expect(await statuses(sameSource)).toEqual({ 401: pairLimit, 429: 40 - pairLimit });
    expect(await recorded("email = $1", user.email)).toBe(pairLimit);

    // Forty addresses at once: the account-wide count lets the free failures through, then delays the rest.
    const other = await makeUser("admin");
    const manySources = Array.from({ length: 40 }, (_, i) =>
      p.from(newAddress()).login(other.email, `spread-${i}`),
    );
    expect(await statuses(manySources)).toEqual({ 401: accountFreeFailures, 429: 40 - accountFreeFailures });
    expect(await recorded("email = $1", other.email)).toBe(accountFreeFailures);

    // One address, forty accounts at once: the per-address limit.
    const sprayAddress = newAddress();
    const sprayer = p.from(sprayAddress);
    const spray = Array.from({ length: 40 }, (_, i) =>
      sprayer.login(`parallel-spray-${seq}-${i}@guild.test`, "x"),
    );
    expect(await statuses(spray)).toEqual({ 401: sourceLimit, 429: 40 - sourceLimit });
    expect(await recorded("ip = $1", sprayAddress)).toBe(sourceLimit);
  });

  it("stores a validated address, never the raw X-Forwarded-For, however large", async () => {
    const user = await makeUser("user");
    const hugeChain = `${"203.0.113.9, ".repeat(1_300)}198.51.100.77`;
    expect(hugeChain.length).toBeGreaterThan(16_000);

    // TRUST_PROXY on: the last entry, the one the proxy added.
    const trusting = portal({ trustProxy: true });
    expect(
      (await trusting.connecting("192.0.2.1", { "x-forwarded-for": hugeChain }).login(user.email, "x"))
        .status,
    ).toBe(401);
    // A last entry that is no address: the connection's (the proxy's) address.
    const garbage = "x".repeat(16 * 1024);
    expect(
      (await trusting.connecting("192.0.2.2", { "x-forwarded-for": garbage }).login(user.email, "x")).status,
    ).toBe(401);

    // TRUST_PROXY off: the header is ignored, whatever it says; a dual-stack socket's mapped IPv4 is IPv4.
    const direct = portal({ trustProxy: false });
    const socket = "::ffff:192.0.2.3";
    for (let i = 0; i < pairLimit; i++) {
      const spoofed = direct.connecting(socket, { "x-forwarded-for": `${hugeChain}, 198.51.100.${i}` });
      expect((await spoofed.login(user.email, "x")).status).toBe(401);
    }
    const spoofedAgain = direct.connecting(socket, { "x-forwarded-for": "198.51.100.200" });
    expect((await spoofedAgain.login(user.email, "x")).status).toBe(429);

    const rows = await db.query<{ ip: string; n: number }>(
      "SELECT ip, count(*)::int AS n FROM login_attempts WHERE email = $1 GROUP BY ip ORDER BY ip",
      [user.email],
    );
    expect(rows).toEqual([
      { ip: "192.0.2.2", n: 1 },
      { ip: "192.0.2.3", n: pairLimit },
      { ip: "198.51.100.77", n: 1 },
    ]);
    const longest = await db.query<{ n: number }>(
      "SELECT coalesce(max(length(ip)), 0)::int AS n FROM login_attempts",
    );
    expect(longest[0]?.n).toBeLessThanOrEqual(45);
  });

  it("counts an IPv6 client by its /64 network", async () => {
    const p = portal();
    const user = await makeUser("user");
    for (let i = 1; i <= pairLimit; i++)
      expect((await p.from(`2001:db8:5:6::${i.toString(16)}`).login(user.email, "x")).status).toBe(401);
    expect((await p.from("2001:DB8:5:6:ffff:1:2:3").login(user.email, "x")).status).toBe(429);
    expect((await p.from("2001:db8:5:7::1").login(user.email, user.password)).status).toBe(200);
    const rows = await db.query<{ ip: string }>(
      "SELECT DISTINCT ip FROM login_attempts WHERE email = $1 ORDER BY ip",
      [user.email],
    );
    expect(rows.map((r) => r.ip)).toEqual(["2001:db8:5:6::/64", "2001:db8:5:7::/64"]);
  });
});
