import { describe, expect, it } from "vitest";
import { collectionsForPath } from "./page-collections.ts";

describe("collectionsForPath", () => {
  it("names what each public page shows, with or without a trailing slash", () => {
    expect(collectionsForPath("/")).toEqual(["guildMembers", "marketItems", "timers"]);
    expect(collectionsForPath("/public/")).toEqual(collectionsForPath("/public"));
    expect(collectionsForPath("/public/salary-calculation")).toEqual(["salaryReceipt"]);
    expect(collectionsForPath("/boss-timers")).toContain("timers");
  });

  it("has nothing for pages without synced data", () => {
    expect(collectionsForPath("/login")).toBeNull();
    expect(collectionsForPath("/no/such/page")).toBeNull();
  });
});
