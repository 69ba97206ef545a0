import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GuildFunds } from "@shared/schemas/market.ts";
import { type Portal, setUpPortal } from "../salary/portal-test-setup.ts";

let portal: Portal;

beforeAll(async () => {
  portal = await setUpPortal("funds");
});
afterAll(async () => {
  await portal?.close();
});

describe("GET /_api/guild-funds", () => {
  it("answers the funds row as numeric strings, derived from the Sold items", async () => {
    const empty = await portal.admin.get("/_api/guild-funds");
    expect(empty.status).toBe(200);
    expect(empty.data).toEqual({
      guildFunds: { id: 1, reservedGuildFunds: "0.00", adminFund: "0.00", updatedAt: expect.any(Date) },
    });
    const sold = await portal.admin.post("/_api/market-exchange", {
      lootName: "Obsidian Greatblade",
      bossName: "Ironhide Behemoth",
      value: "3200.00",
      status: "Sold",
      participatedMembers: ["Ashvale", "Brightforge", "Larkspire", "Mossbane"],
    });
    expect(sold.status).toBe(201);
    const res = await portal.admin.get("/_api/guild-funds");
    // Nobody on the roster, so nobody is Guild Master or Core: the elite pool (800.00) joins the 320.00 guild part.
    expect(res.data.guildFunds as GuildFunds).toMatchObject({
      reservedGuildFunds: "1120.00",
      adminFund: "160.00",
    });
  });

  it("is admin-only: 401 anonymous, 403 user", async () => {
    expect((await portal.anonymous.get("/_api/guild-funds")).status).toBe(401);
    expect((await portal.user.get("/_api/guild-funds")).status).toBe(403);
  });
});
