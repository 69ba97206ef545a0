import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, type BrowserPortal, E2E_BRAND, screenshot, sharedBrowserPortal } from "./browser.ts";

// /login, the access guard, the role guard and Not Found in Chromium against `npm start`.
let portal: BrowserPortal;

beforeAll(async () => {
  portal = await sharedBrowserPortal();
});

afterAll(async () => {
  await portal?.stop();
});

describe("/login", () => {
  it("asks for both fields on submit and on blur", async () => {
    const page = await portal.newPage();
    await page.goto(portal.url("/login"));
    const username = page.getByLabel("Email", { exact: true });
    expect(await username.getAttribute("type")).toBe("email");
    expect(await page.getByLabel("Password").getAttribute("type")).toBe("password");

    await username.focus();
    await username.blur();
    await page.getByText("Email is required").waitFor();
    expect(await page.getByText("Password is required").count()).toBe(0);

    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.getByText("Password is required").waitFor();
    expect(await username.getAttribute("aria-invalid")).toBe("true");
    await screenshot(page, "login-required");

    // The message goes as soon as the field is valid.
    await username.fill("gm@example.com");
    await expect.poll(() => page.getByText("Email is required").count()).toBe(0);
  });

  it("shows the server's message inline above the form when the login fails", async () => {
    const page = await portal.newPage();
    await page.goto(portal.url("/login"));
    await page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    const alert = page.getByRole("alert");
    await alert.waitFor();
    expect(await alert.innerText()).toBe("Invalid email or password.");
    // Above the form: the alert comes first in the document.
    const alertIsFirst = await page.evaluate(() => {
      const a = document.querySelector('[role="alert"]');
      const form = document.querySelector("form");
      return !!a && !!form && (a.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    });
    expect(alertIsFirst).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/login");
    await screenshot(page, "login-failed");
  });

  it("falls back to 'Login failed' and 'Login failed. Please try again.'", async () => {
    const page = await portal.newPage({ serviceWorkers: "block" });
    await page.goto(portal.url("/login"));
    await page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);

    await page.route("**/_api/auth/login_with_password", (route) =>
      route.fulfill({ status: 502, contentType: "text/html", body: "<html>Bad Gateway</html>" }),
    );
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Login failed");

    await page.unroute("**/_api/auth/login_with_password");
    await page.route("**/_api/auth/login_with_password", (route) => route.abort("internetdisconnected"));
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Login failed. Please try again.");
  });

  it("goes to /admin about 200 ms after a successful login", async () => {
    const page = await portal.newPage();
    // Times measured in the page: when the login answer arrived and when the address became /admin.
    await page.addInitScript(() => {
      const record = (original: History["pushState"]) =>
        function (this: History, ...args: Parameters<History["pushState"]>) {
          original.apply(this, args);
          if (location.pathname === "/admin") (window as { adminAt?: number }).adminAt ??= performance.now();
        };
      history.pushState = record(history.pushState);
      history.replaceState = record(history.replaceState);
    });
    await page.goto(portal.url("/login"));
    await expect.poll(() => page.title()).toBe(`Log in - ${E2E_BRAND}`);
    await page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/admin");
    await page.getByText("Guild Administrator").waitFor();
    const delay = await page.evaluate(() => {
      const [login] = performance
        .getEntriesByType("resource")
        .filter((e) => e.name.endsWith("/login_with_password"));
      return (
        ((window as { adminAt?: number }).adminAt ?? 0) -
        ((login as PerformanceResourceTiming).responseEnd ?? 0)
      );
    });
    expect(delay).toBeGreaterThanOrEqual(190);
    expect(delay).toBeLessThan(1_000);
  });
});

describe("the access guard", () => {
  it("shows 'Authenticating' while the session loads, then sends a visitor to /login", async () => {
    const page = await portal.newPage({ serviceWorkers: "block" });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/_api/auth/session", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(portal.url("/admin/attendance"));
    await page.getByRole("heading", { name: "Authenticating" }).waitFor();
    await screenshot(page, "access-authenticating");
    release();
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("next")).toBe("/admin/attendance");
    await page.getByRole("button", { name: "Log in", exact: true }).waitFor();
  });

  it("sends a logged-out visitor from /admin to /login, and back after logging in", async () => {
    const page = await portal.newPage();
    await page.goto(portal.url("/admin"));
    await page.waitForURL((url) => url.pathname === "/login");
    await page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/admin");
    await page.getByText("Guild Administrator").waitFor();
  });

  it("shows 'Access Denied' to a user on an admin page", async () => {
    const page = await portal.newPage();
    await portal.login(page, "user");
    await page.goto(portal.url("/admin"));
    await page.getByRole("heading", { name: "Access Denied" }).waitFor();
    await page.getByText("Access denied. Your role (user) lacks required permissions.").waitFor();
    await expect.poll(() => page.title()).toBe(`Access Denied - ${E2E_BRAND}`);
    await screenshot(page, "access-denied");
    // A way home (decision 072): My page, and no dashboard for a raider.
    expect(await page.getByRole("link", { name: "Go to the Dashboard" }).count()).toBe(0);
    await page.getByRole("link", { name: "Go to My page" }).click();
    await page.waitForURL((url) => url.pathname === "/me");
    await page.getByRole("heading", { name: /^Welcome, / }).waitFor();
  });
});

describe("Not Found", () => {
  it("says the page does not exist and links home", async () => {
    const page = await portal.newPage();
    await page.goto(portal.url("/no/such/page"));
    await page.getByText("The page you are looking for does not exist.").waitFor();
    await screenshot(page, "not-found");
    await page.getByRole("main").getByRole("link", { name: "Back to Home" }).click();
    await page.waitForURL((url) => url.pathname === "/");
  });

  it("also under /admin, for anyone", async () => {
    const page = await portal.newPage();
    await page.goto(portal.url("/admin/no-such-tool"));
    await page.getByText("The page you are looking for does not exist.").waitFor();
  });
});
