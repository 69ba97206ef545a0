import { describe, expect, it } from "vitest";
import {
  canonicalTimeZone,
  guildSettingsUpdateSchema,
  resolveGuildTimeZone,
  TIME_ZONE_INVALID,
  TIME_ZONE_REQUIRED,
} from "./guild-settings.ts";

describe("the guild's time zone in force (decision 059)", () => {
  it("is the admin's choice, over GUILD_TIMEZONE and the server's own zone", () => {
    expect(resolveGuildTimeZone("Asia/Manila", "Europe/Berlin", "UTC")).toEqual({
      timeZone: "Asia/Manila",
      timeZoneSource: "guild-settings",
    });
  });

  it("is GUILD_TIMEZONE until an admin chooses", () => {
    expect(resolveGuildTimeZone(null, "Europe/Berlin", "UTC")).toEqual({
      timeZone: "Europe/Berlin",
      timeZoneSource: "GUILD_TIMEZONE",
    });
  });

  it("is the server's own zone without either (the machine's under npm start, UTC on Workers)", () => {
    expect(resolveGuildTimeZone(null, null, "America/Sao_Paulo")).toEqual({
      timeZone: "America/Sao_Paulo",
      timeZoneSource: "server",
    });
    expect(resolveGuildTimeZone(undefined, undefined, "UTC").timeZoneSource).toBe("server");
  });
});

describe("a time zone an admin may choose", () => {
  it("is an IANA name the runtime knows, written as Intl writes it", () => {
    expect(canonicalTimeZone("Asia/Manila")).toBe("Asia/Manila");
    expect(canonicalTimeZone("utc")).toBe("UTC");
    expect(canonicalTimeZone("Etc/GMT+8")).toBe("Etc/GMT+8");
    expect(canonicalTimeZone("America/Port-au-Prince")).toBe("America/Port-au-Prince");
    // Every zone the settings screen lists.
    for (const zone of Intl.supportedValuesOf("timeZone")) expect(canonicalTimeZone(zone)).not.toBeNull();
  });

  it("is never an offset, an unknown name or anything the database's check would refuse", () => {
    for (const bad of [
      "+08:00",
      "GMT+8:00",
      "Mars/Olympus_Mons",
      "Europe/Berlin; DROP TABLE x",
      "/UTC",
      "Europe//Berlin",
      `A/${"b".repeat(70)}`,
      "Europe/Berlin ",
    ]) {
      expect({ bad, zone: canonicalTimeZone(bad) }).toEqual({ bad, zone: null });
    }
  });

  it("answers the body's problems with the messages the screen shows", () => {
    const problem = (body: unknown) => guildSettingsUpdateSchema.safeParse(body).error?.issues[0]?.message;
    expect(problem({})).toBe(TIME_ZONE_REQUIRED);
    expect(problem({ timeZone: "  " })).toBe(TIME_ZONE_REQUIRED);
    expect(problem({ timeZone: 8 })).toBe(TIME_ZONE_INVALID);
    expect(problem({ timeZone: "Mars/Olympus_Mons" })).toBe(TIME_ZONE_INVALID);
    expect(problem({ timeZone: "UTC", brand: "x" })).toBe("Unknown field: brand");
    expect(guildSettingsUpdateSchema.parse({ timeZone: " asia/manila " })).toEqual({
      timeZone: "Asia/Manila",
    });
  });
});
