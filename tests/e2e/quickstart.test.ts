import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, type PortalProcess, startPortal, waitForOutput } from "./portal-process.ts";

// The quickstart as a person runs it: `npm start` on an empty DATA_DIR, then HTTP only.
let dataDir: string;
let port: number;
let portal: PortalProcess;
let adminPassword: string;
const base = () => `http://127.0.0.1:${port}`;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "portal-e2e-"));
  port = await freePort();
  portal = startPortal({
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    ADMIN_EMAIL: "",
    ADMIN_PASSWORD: "",
    AUTH_PEPPER: "",
  });
  await waitForOutput(portal, /is running at http:\/\/127\.0\.0\.1:\d+/);
  adminPassword = (portal.output().match(/password: (\S+)/) ?? [])[1] ?? "";
}, 180_000);

afterAll(async () => {
  await portal?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function login(email: string, password: string) {
  return fetch(`${base()}/_api/auth/login_with_password`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
}

describe("npm start on an empty DATA_DIR", () => {
  it("serves the web app at / and at deep links", async () => {
    for (const path of ["/", "/public/guild-members", "/admin/attendance", "/no/such/page"]) {
      const res = await fetch(`${base()}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/text\/html/);
      expect(await res.text()).toMatch(/<div id="root">/);
    }
    // The shell and its chunks travel compressed.
    const html = await (await fetch(`${base()}/`)).text();
    // The entry is requested by the small loader the build writes into index.html (decision 015).
    const script = html.match(/\.src = "(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    const chunk = await fetch(`${base()}${script}`, { headers: { "accept-encoding": "gzip" } });
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get("content-encoding")).toBe("gzip");
    expect(chunk.headers.get("cache-control")).toMatch(/immutable/);
    const missingAsset = await fetch(`${base()}/assets/does-not-exist-123.js`);
    expect(missingAsset.status).toBe(404);
  });

  it("answers 401 for the session without a cookie", async () => {
    const res = await fetch(`${base()}/_api/auth/session`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "Not authenticated" });
  });

  it("prints the bootstrap admin's password once, and that admin logs in", async () => {
    expect(portal.output()).toMatch(/email: {4}admin@guild\.local/);
    expect(adminPassword.length).toBeGreaterThanOrEqual(16);
    const res = await login("admin@guild.local", adminPassword);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: { role: string; email: string } };
    expect(body.user).toMatchObject({ role: "admin", email: "admin@guild.local" });
    const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0] as string;
    const session = await fetch(`${base()}/_api/auth/session`, { headers: { cookie } });
    expect(session.status).toBe(200);
  });

  it("loads the sample data on the first start", async () => {
    const res = await login("admin@guild.local", adminPassword);
    const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0] as string;
    const health = await fetch(`${base()}/_api/health`, { headers: { cookie } });
    expect(health.status).toBe(200);
    expect(portal.output()).toMatch(/Loaded the sample data/);
  });

  it("never answers a stack trace, even for a body that is not JSON", async () => {
    const res = await fetch(`${base()}/_api/auth/login_with_password`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"email": ',
    });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(JSON.parse(text)).toHaveProperty("error");
    expect(text).not.toMatch(/\.ts:\d+|node_modules|Error:/);
    const unknown = await fetch(`${base()}/_api/nope`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "Not found" });
  });

  it("a second npm start on the same DATA_DIR fails with a clear message, and the first keeps working", async () => {
    const second = startPortal({ DATA_DIR: dataDir, PORT: String(await freePort()), HOST: "127.0.0.1" });
    const code = await second.exited;
    expect(code).toBe(1);
    expect(second.output()).toMatch(/is in use by another Guild Portal process \(pid \d+\)/);
    expect(second.output()).not.toMatch(/\n\s+at /);
    const res = await login("admin@guild.local", adminPassword);
    expect(res.status).toBe(200);
  });

  it("a bad environment value stops the server with a message naming the variable", async () => {
    const bad = startPortal({ DATA_DIR: dataDir, PORT: "not-a-port" });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toMatch(/PORT must be a number|PORT .*number/);
  });
});

describe("restart on the same DATA_DIR", () => {
  it("keeps the data and the admin password, and seeds nothing twice", async () => {
    await portal.stop();
    portal = startPortal({
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      ADMIN_EMAIL: "",
      ADMIN_PASSWORD: "",
      AUTH_PEPPER: "",
    });
    await waitForOutput(portal, /is running at/);
    expect(portal.output()).not.toMatch(/Loaded the sample data|Created the first admin/);
    expect((await login("admin@guild.local", adminPassword)).status).toBe(200);
  }, 120_000);
});
