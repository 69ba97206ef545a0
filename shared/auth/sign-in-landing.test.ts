import { describe, expect, it } from "vitest";
import { afterSignIn, landingPath, safeNextPath } from "./sign-in-landing.ts";

describe("where a sign-in leads", () => {
  it("returns to a path of this site", () => {
    for (const path of ["/boss-timers", "/admin/accounts?tab=1#top", "/me/earnings", "/public/guild-members"])
      expect(safeNextPath(path)).toBe(path);
  });

  it("never to another site, the login page or the API", () => {
    for (const next of [
      "//evil.example",
      "///evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "evil.example",
      "/\tevil",
      "/login",
      "/login?redirect=/x",
      "/_api/auth/logout",
      "",
      `/${"a".repeat(2000)}`,
    ])
      expect(safeNextPath(next), next).toBeNull();
  });

  it("lands officers and admins on the dashboard and raiders on their earnings without one", () => {
    expect(landingPath("admin")).toBe("/admin");
    expect(landingPath("officer")).toBe("/admin");
    expect(landingPath("user")).toBe("/me/earnings");
    expect(afterSignIn("//evil.example", "user")).toBe("/me/earnings");
    expect(afterSignIn("/boss-timers", "user")).toBe("/boss-timers");
  });
});
