import { describe, expect, it } from "vitest";
import { adminHeaderLabel } from "./admin-nav-links.ts";

describe("adminHeaderLabel", () => {
  it("names the current link, 'Attendance Management' on attendance, else 'Dashboard'", () => {
    expect(adminHeaderLabel("/admin")).toBe("Dashboard");
    expect(adminHeaderLabel("/guild-funds")).toBe("Guild Funds");
    expect(adminHeaderLabel("/guild-members/")).toBe("Guild Members");
    expect(adminHeaderLabel("/admin/boss-names")).toBe("Boss Names");
    expect(adminHeaderLabel("/admin/attendance")).toBe("Attendance Management");
    expect(adminHeaderLabel("/admin/data-migration")).toBe("Dashboard");
  });
});
