import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nextFixedSpawn } from "../bosses/boss-schedule.ts";
import { formatNextSpawnLabel } from "./format-date.ts";
import { guildAndViewerTime, nextSpawnText, sameClockAt, spawnClockText } from "./guild-clock.ts";
import { wallClockAt } from "./zoned-time.ts";

// MILAVY's Saturday 15:00 in Manila, 2026-11-28: 07:00 UTC, 08:00 in Berlin (winter), 02:00 in New York.
const MILAVY_IN_MANILA = Date.UTC(2026, 10, 28, 7);

describe("a spawn time where the viewer's zone differs from the guild's (decision 059)", () => {
  it("names the guild's zone and gives the viewer's own time", () => {
    expect(guildAndViewerTime(MILAVY_IN_MANILA, "Asia/Manila", "Europe/Berlin")).toBe(
      "Sat 15:00 Asia/Manila · 08:00 your time",
    );
    expect(guildAndViewerTime(MILAVY_IN_MANILA, "Asia/Manila", "UTC")).toBe(
      "Sat 15:00 Asia/Manila · 07:00 your time",
    );
    expect(nextSpawnText(MILAVY_IN_MANILA, "Asia/Manila", "Europe/Berlin")).toBe(
      "Next: Sat 15:00 Asia/Manila · 08:00 your time",
    );
    expect(spawnClockText(MILAVY_IN_MANILA, "Asia/Manila", "UTC")).toBe(
      "Sat 15:00 Asia/Manila · 07:00 your time",
    );
  });

  it("adds the viewer's weekday when it is another day there", () => {
    expect(guildAndViewerTime(MILAVY_IN_MANILA, "Asia/Manila", "America/New_York")).toBe(
      "Sat 15:00 Asia/Manila · 02:00 your time",
    );
    // Sunday 06:00 in Manila is still Saturday 17:00 in New York.
    expect(guildAndViewerTime(Date.UTC(2026, 10, 28, 22), "Asia/Manila", "America/New_York")).toBe(
      "Sun 06:00 Asia/Manila · Sat 17:00 your time",
    );
  });

  it("keeps the usual forms when the viewer's clock shows the guild's time", () => {
    expect(guildAndViewerTime(MILAVY_IN_MANILA, "Asia/Manila", "Asia/Manila")).toBeNull();
    expect(nextSpawnText(MILAVY_IN_MANILA, "Asia/Manila", "Asia/Manila")).toBe(
      "Next: Nov 28, 2026 at 3:00 PM",
    );
    expect(spawnClockText(MILAVY_IN_MANILA, "Asia/Manila", "Asia/Manila")).toBe("3:00 PM");
    // Another name for the same clock at that moment: nothing to explain.
    expect(sameClockAt(MILAVY_IN_MANILA, "Europe/Paris", "Europe/Berlin")).toBe(true);
    expect(nextSpawnText(MILAVY_IN_MANILA, "Europe/Paris", "Europe/Berlin")).toBe(
      formatNextSpawnLabel(MILAVY_IN_MANILA, "Europe/Berlin"),
    );
    // London and UTC agree in winter, not in summer.
    expect(sameClockAt(MILAVY_IN_MANILA, "Europe/London", "UTC")).toBe(true);
    expect(sameClockAt(Date.UTC(2026, 6, 1, 12), "Europe/London", "UTC")).toBe(false);
  });

  it("shows the viewer's own time, unnamed, while the guild's zone is not known", () => {
    expect(nextSpawnText(MILAVY_IN_MANILA, null, "Europe/Berlin")).toBe("Next: Nov 28, 2026 at 8:00 AM");
    expect(spawnClockText(MILAVY_IN_MANILA, null, "Europe/Berlin")).toBe("8:00 AM");
  });

  it("is the same instant in both halves, for any spawn and any two zones", () => {
    const zones = [
      "UTC",
      "Europe/Berlin",
      "Asia/Manila",
      "America/St_Johns",
      "Asia/Kathmandu",
      "Pacific/Chatham",
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2030, 0, 1) }),
        fc.constantFrom(...zones),
        fc.constantFrom(...zones),
        (epochMs, guild, viewer) => {
          const text = guildAndViewerTime(epochMs, guild, viewer);
          if (text === null) {
            expect(sameClockAt(epochMs, guild, viewer)).toBe(true);
            return;
          }
          const there = wallClockAt(epochMs, guild);
          const here = wallClockAt(epochMs, viewer);
          const pad = (n: number) => String(n).padStart(2, "0");
          expect(text).toContain(`${pad(there.hour)}:${pad(there.minute)} ${guild} · `);
          expect(text).toMatch(new RegExp(`${pad(here.hour)}:${pad(here.minute)} your time$`));
        },
      ),
    );
  });

  it("names the slot the schedule says, in the guild's zone, whatever the viewer's", () => {
    const now = Date.UTC(2026, 10, 25, 12);
    const spawn = (nextFixedSpawn(-1, now, "Asia/Manila") as Date).getTime();
    for (const viewer of ["Europe/Berlin", "UTC", "America/Los_Angeles"]) {
      expect(nextSpawnText(spawn, "Asia/Manila", viewer)).toMatch(/^Next: Sat 15:00 Asia\/Manila · /);
    }
  });
});
