import { describe, expect, it } from "vitest";
import {
  base64UrlToBytes,
  CHOOSE_A_BOSS,
  choicesChanged,
  choicesError,
  choicesFrom,
  chosenCount,
  describeAlerts,
  requestBosses,
  sameKey,
  toggleBoss,
} from "./spawn-alert-state.ts";

const endpoint = "https://push.example/abc";

describe("the form's choices", () => {
  it("start at every boss, 10 minutes before, when the device has no alerts", () => {
    expect(choicesFrom(null)).toEqual({ scope: "all", bosses: [], leadMinutes: 10 });
  });

  it("start at what the server keeps for this device", () => {
    expect(choicesFrom({ endpoint, bosses: "all", leadMinutes: 5 })).toEqual({
      scope: "all",
      bosses: [],
      leadMinutes: 5,
    });
    expect(choicesFrom({ endpoint, bosses: ["Ego", "Venatus"], leadMinutes: 15 })).toEqual({
      scope: "chosen",
      bosses: ["Ego", "Venatus"],
      leadMinutes: 15,
    });
  });

  it("tick and untick a boss once", () => {
    let choices = choicesFrom(null);
    choices = toggleBoss(choices, "Ego", true);
    choices = toggleBoss(choices, "Ego", true);
    choices = toggleBoss(choices, "Livera", true);
    expect(choices.bosses).toEqual(["Ego", "Livera"]);
    expect(toggleBoss(choices, "Ego", false).bosses).toEqual(["Livera"]);
  });

  it("count the ticked bosses", () => {
    expect([0, 1, 2].map(chosenCount)).toEqual(["No boss chosen yet", "1 boss chosen", "2 bosses chosen"]);
  });

  it("need a boss when the raider alerts for chosen bosses", () => {
    expect(choicesError({ scope: "chosen", bosses: [], leadMinutes: 10 })).toBe(CHOOSE_A_BOSS);
    expect(choicesError({ scope: "chosen", bosses: ["Ego"], leadMinutes: 10 })).toBeNull();
    expect(choicesError({ scope: "all", bosses: [], leadMinutes: 10 })).toBeNull();
  });

  it("send 'all', or the ticked bosses the guild still has, sorted", () => {
    expect(requestBosses({ scope: "all", bosses: ["Ego"], leadMinutes: 5 }, ["Ego"])).toBe("all");
    expect(
      requestBosses({ scope: "chosen", bosses: ["Venatus", "Gone", "Ego"], leadMinutes: 5 }, [
        "Ego",
        "Venatus",
      ]),
    ).toEqual(["Ego", "Venatus"]);
    // Before the boss list has loaded nothing is dropped.
    expect(requestBosses({ scope: "chosen", bosses: ["Gone"], leadMinutes: 5 }, [])).toEqual(["Gone"]);
  });

  it("count as changed only when they differ from what is saved", () => {
    const saved = { endpoint, bosses: ["Ego", "Venatus"], leadMinutes: 10 as const };
    expect(choicesChanged({ scope: "chosen", bosses: ["Venatus", "Ego"], leadMinutes: 10 }, saved)).toBe(
      false,
    );
    expect(choicesChanged({ scope: "chosen", bosses: ["Ego"], leadMinutes: 10 }, saved)).toBe(true);
    expect(choicesChanged({ scope: "chosen", bosses: ["Ego", "Venatus"], leadMinutes: 5 }, saved)).toBe(true);
    expect(choicesChanged({ scope: "all", bosses: [], leadMinutes: 10 }, saved)).toBe(true);
    expect(choicesChanged({ scope: "all", bosses: [], leadMinutes: 10 }, null)).toBe(true);
  });
});

describe("the current state", () => {
  it("says what this device is alerted for", () => {
    expect(describeAlerts(null)).toBe("Alerts are off on this device.");
    expect(describeAlerts({ endpoint, bosses: "all", leadMinutes: 10 })).toBe(
      "Alerts are on for every boss, 10 minutes before each spawn.",
    );
    expect(describeAlerts({ endpoint, bosses: ["Ego"], leadMinutes: 5 })).toBe(
      "Alerts are on for Ego, 5 minutes before each spawn.",
    );
    expect(describeAlerts({ endpoint, bosses: ["Ego", "Livera", "Venatus"], leadMinutes: 15 })).toBe(
      "Alerts are on for Ego, Livera and Venatus, 15 minutes before each spawn.",
    );
    expect(describeAlerts({ endpoint, bosses: ["A", "B", "C", "D", "E"], leadMinutes: 15 })).toBe(
      "Alerts are on for A, B and 3 more bosses, 15 minutes before each spawn.",
    );
  });
});

describe("the server's key", () => {
  it("becomes the bytes PushManager.subscribe takes, padded or not", () => {
    const bytes = Uint8Array.from([4, 255, 0, 62, 63, 250, 251]);
    const base64url = Buffer.from(bytes).toString("base64url");
    expect(base64url).toMatch(/[-_]/);
    expect([...base64UrlToBytes(base64url)]).toEqual([...bytes]);
    expect([...base64UrlToBytes(`${base64url}=`)]).toEqual([...bytes]);
  });

  it("is compared byte for byte with a subscription's key", () => {
    const key = Uint8Array.from([1, 2, 3]);
    expect(sameKey(Uint8Array.from([1, 2, 3]).buffer, key)).toBe(true);
    expect(sameKey(Uint8Array.from([1, 2, 4]).buffer, key)).toBe(false);
    expect(sameKey(Uint8Array.from([1, 2]).buffer, key)).toBe(false);
    expect(sameKey(null, key)).toBe(false);
  });
});
