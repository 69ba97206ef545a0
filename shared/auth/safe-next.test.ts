import { describe, expect, it } from "vitest";
import { homePathOf, landingPath, NEXT_MAX_LENGTH, safeNextPath } from "./safe-next.ts";

describe("safeNextPath", () => {
  it.each([
    ["/boss-timers", "/boss-timers"],
    ["/me/earnings?tab=items#payouts", "/me/earnings?tab=items#payouts"],
    ["/", "/"],
    ["/public/guild-members?q=Thorn%20fang", "/public/guild-members?q=Thorn%20fang"],
    // Dot segments resolve within the site; they never climb out of it.
    ["/a/../../admin", "/admin"],
  ])("takes the path %j on this site as %j", (raw, path) => {
    expect(safeNextPath(raw)).toBe(path);
  });

  it.each([
    ["another origin", "https://evil.example/boss-timers"],
    ["a protocol-relative address", "//evil.example"],
    ["a protocol-relative address with a path", "//evil.example/me"],
    ["a backslash", "/\\evil.example"],
    ["backslashes", "\\\\evil.example"],
    ["a backslash later on", "/me\\..\\admin"],
    ["a script", "javascript:alert(1)"],
    ["a data address", "data:text/html,<script>alert(1)</script>"],
    ["a relative path", "boss-timers"],
    ["a tab that browsers drop", "/\t/evil.example"],
    ["a newline that browsers drop", "/\n/evil.example"],
    ["a NUL", "/me\u0000"],
    ["nothing", ""],
    ["a path longer than any of ours", `/${"a".repeat(NEXT_MAX_LENGTH)}`],
  ])("refuses %s", (_name, raw) => {
    expect(safeNextPath(raw)).toBeNull();
  });

  it.each([[undefined], [null], [42], [["/me"]], [{ path: "/me" }]])(
    "refuses %j, which is not text",
    (raw) => {
      expect(safeNextPath(raw)).toBeNull();
    },
  );
});

describe("landingPath", () => {
  const staffPagesOnly = (pathname: string, role: string) =>
    role !== "user" || !pathname.startsWith("/admin");

  it("sends a raider to My page and officers and admins to the dashboard when there is nowhere to go back to", () => {
    expect(homePathOf("user")).toBe("/me");
    expect(homePathOf("officer")).toBe("/admin");
    expect(homePathOf("admin")).toBe("/admin");
    expect(landingPath(undefined, "user")).toBe("/me");
    expect(landingPath(null, "officer")).toBe("/admin");
  });

  it("goes back to a safe page the account may open", () => {
    expect(landingPath("/boss-timers", "user", staffPagesOnly)).toBe("/boss-timers");
    expect(landingPath("/admin/attendance?x=1", "officer", staffPagesOnly)).toBe("/admin/attendance?x=1");
  });

  it("goes home instead of to a page the role may not open, another site, or the login page again", () => {
    expect(landingPath("/admin/attendance", "user", staffPagesOnly)).toBe("/me");
    expect(landingPath("//evil.example", "admin", staffPagesOnly)).toBe("/admin");
    expect(landingPath("/login?next=%2Fme", "user", staffPagesOnly)).toBe("/me");
    expect(landingPath("/_api/auth/logout", "admin")).toBe("/admin");
  });
});
