import { describe, expect, it } from "vitest";
import {
  ADMIN_NAV_LINKS,
  adminCollectionsForPath,
  adminHeaderLabel,
  adminPageRole,
  mayOpen,
  mayOpenPath,
} from "./admin-nav-links.ts";

describe("adminHeaderLabel", () => {
  it("names the current page, tool pages too, 'Attendance Management' on attendance, else 'Dashboard'", () => {
    expect(adminHeaderLabel("/admin")).toBe("Dashboard");
    expect(adminHeaderLabel("/guild-funds")).toBe("Guild Funds");
    expect(adminHeaderLabel("/guild-members/")).toBe("Guild Members");
    expect(adminHeaderLabel("/admin/boss-names")).toBe("Boss Names");
    expect(adminHeaderLabel("/admin/attendance")).toBe("Attendance Management");
    expect(adminHeaderLabel("/admin/import")).toBe("Import");
    expect(adminHeaderLabel("/admin/sql-export")).toBe("SQL Export");
    expect(adminHeaderLabel("/admin/fix-participants")).toBe("Fix Participants");
    expect(adminHeaderLabel("/admin/database-setup")).toBe("Database Setup");
    expect(adminHeaderLabel("/admin/no-such-page")).toBe("Dashboard");
    expect(adminHeaderLabel("/admin/toString")).toBe("Dashboard");
  });
});

describe("ADMIN_NAV_LINKS", () => {
  it("lists the product's sidebar in order, then accounts, the audit log, Discord, Guild Settings, Backup and SQL Export; an officer sees raid night, the books and the import", () => {
    expect(ADMIN_NAV_LINKS.map((link) => link.to)).toEqual([
      "/admin",
      "/guild-members",
      "/market-exchange",
      "/guild-funds",
      "/admin/payouts",
      "/admin/boss-timers",
      "/admin/boss-names",
      "/admin/record-raid",
      "/admin/check-ins",
      "/admin/auctions",
      "/admin/attendance",
      "/admin/claims",
      "/admin/import",
      "/admin/characters",
      "/admin/accounts",
      "/admin/audit-log",
      "/admin/discord",
      "/admin/guild-settings",
      "/admin/backup",
      "/admin/sql-export",
    ]);
    expect(ADMIN_NAV_LINKS.filter((link) => mayOpen("officer", link.to)).map((link) => link.label)).toEqual([
      "Dashboard",
      "Guild Members",
      "Market Exchange",
      "Guild Funds",
      "Payouts",
      "Boss Timers",
      "Boss Names",
      "Record a Raid",
      "Check-ins",
      "Auctions",
      "Attendance",
      "Character Claims",
      "Import",
    ]);
    expect(ADMIN_NAV_LINKS.filter((link) => !mayOpen("officer", link.to)).map((link) => link.label)).toEqual([
      "Characters",
      "Accounts",
      "Audit Log",
      "Discord",
      "Guild Settings",
      "Backup",
      "SQL Export",
    ]);
    expect(adminHeaderLabel("/admin/audit-log")).toBe("Audit Log");
    expect(ADMIN_NAV_LINKS.some((link) => mayOpen("user", link.to))).toBe(false);
  });
});

describe("adminPageRole", () => {
  it("gives officers the raid-night pages, the books and the import, and admins the guild's running", () => {
    expect(adminPageRole("/admin/record-raid/")).toBe("officer");
    expect(adminPageRole("/admin/import")).toBe("officer");
    expect(adminPageRole("/admin/sql-export")).toBe("admin");
    expect(adminPageRole("/admin/claims")).toBe("officer");
    expect(adminPageRole("/admin/backup")).toBe("admin");
    expect(adminPageRole("/admin/fix-participants")).toBe("admin");
    expect(adminPageRole("/admin/database-setup")).toBe("admin");
    expect(adminPageRole("/admin/no-such-page")).toBe("officer");
  });
});

describe("mayOpenPath", () => {
  it("opens the public pages and My page to every account, and the admin area's pages by their role", () => {
    for (const path of ["/", "/boss-timers", "/public/guild-members", "/me", "/me/earnings"]) {
      expect(mayOpenPath(path, "user")).toBe(true);
    }
    for (const path of [
      "/admin",
      "/admin/",
      "/admin/attendance",
      "/guild-members",
      "/guild-funds/",
      "/admin/x",
    ]) {
      expect(mayOpenPath(path, "user")).toBe(false);
      expect(mayOpenPath(path, "officer")).toBe(true);
    }
    expect(mayOpenPath("/admin/accounts", "officer")).toBe(false);
    expect(mayOpenPath("/admin/accounts", "admin")).toBe(true);
    expect(mayOpenPath("/administrators", "user")).toBe(true);
  });
});

describe("adminCollectionsForPath", () => {
  it("names the cached collections of data pages and none for online-only tools", () => {
    expect(adminCollectionsForPath("/admin")).toEqual(["guildMembers", "marketItems", "funds"]);
    expect(adminCollectionsForPath("/guild-funds/")).toEqual(["funds", "fundSpending"]);
    expect(adminCollectionsForPath("/admin/payouts")).toEqual(["payouts", "guildMembers"]);
    expect(adminCollectionsForPath("/admin/guild-settings")).toEqual(["guildSettings"]);
    expect(adminCollectionsForPath("/admin/accounts")).toBeNull();
    expect(adminCollectionsForPath("/admin/audit-log")).toBeNull();
  });
});
