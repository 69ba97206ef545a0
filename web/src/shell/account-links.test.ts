import { describe, expect, it } from "vitest";
import { accountDestinations } from "./account-links.tsx";

const paths = (...args: Parameters<typeof accountDestinations>) =>
  accountDestinations(...args).map((destination) => `${destination.to} ${destination.label}`);

describe("accountDestinations", () => {
  it("offers a raider My page and My earnings, and nowhere the dashboard", () => {
    expect(paths("user", "header")).toEqual(["/me My page"]);
    expect(paths("user", "menu")).toEqual([
      "/me My page",
      "/me/earnings My earnings",
      "/me/auctions Auctions",
    ]);
    expect(paths("user", "quick-actions")).toEqual(["/me My page", "/me/earnings My earnings"]);
  });

  it("offers officers and admins the dashboard too", () => {
    for (const role of ["officer", "admin"] as const) {
      expect(paths(role, "header")).toEqual(["/me My page", "/admin Return to Admin"]);
      expect(paths(role, "menu")).toEqual([
        "/me My page",
        "/me/earnings My earnings",
        "/me/auctions Auctions",
        "/admin Return to Admin",
      ]);
      expect(paths(role, "quick-actions")).toEqual(["/me My page", "/admin Admin Dashboard"]);
    }
  });
});
