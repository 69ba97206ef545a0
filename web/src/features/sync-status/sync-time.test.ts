import { describe, expect, it } from "vitest";
import { formatSyncTime, lastSyncedText, offlineBannerText } from "./sync-time.ts";

const zone = "Europe/Berlin";
// 2026-11-20 15:00 in Berlin (UTC+1).
const afternoon = Date.parse("2026-11-20T14:00:00Z");

describe("formatSyncTime", () => {
  it("gives only the clock time for a sync earlier the same day", () => {
    expect(formatSyncTime(afternoon, afternoon + 3_600_000, zone)).toBe("3:00 PM");
  });

  it("adds the date for a sync on another day, by the viewer's calendar", () => {
    // 23:30 UTC on the 20th is already the 21st in Berlin.
    expect(formatSyncTime(afternoon, Date.parse("2026-11-20T23:30:00Z"), zone)).toBe(
      "Nov 20, 2026 at 3:00 PM",
    );
    expect(formatSyncTime(afternoon, Date.parse("2026-11-20T22:30:00Z"), zone)).toBe("3:00 PM");
  });
});

describe("banner and hint texts", () => {
  it("say when the data is from", () => {
    expect(offlineBannerText(afternoon, afternoon, zone)).toBe("Offline — showing data from 3:00 PM");
    expect(lastSyncedText(afternoon, afternoon + 86_400_000, zone)).toBe(
      "Last synced Nov 20, 2026 at 3:00 PM",
    );
  });

  it("say only 'Offline' when nothing was ever synced", () => {
    expect(offlineBannerText(null, afternoon, zone)).toBe("Offline");
  });
});
