import { describe, expect, it } from "vitest";
import {
  allShownSelected,
  filterMembers,
  isTypeAheadKey,
  lastRaid,
  lastRaidNames,
  moveFocus,
  pickerButtonLabel,
  pickerSaveLabel,
  selectAllShown,
  selectNoneShown,
  toggleName,
  typeAheadIndex,
} from "./participant-picker-model.ts";

const m = (playerName: string, category = "Members") => ({ playerName, category });
const ROSTER = [
  m("Ashvale", "Guild Master"),
  m("Brightforge", "Core"),
  m("Larkspire"),
  m("Lumenhart"),
  m("Mossbane"),
];

describe("the picker's texts", () => {
  it("names what the button picks, and counts in words with plurals and separators", () => {
    expect(pickerButtonLabel(0)).toBe("Choose participants...");
    expect(pickerButtonLabel(1)).toBe("1 participant selected");
    expect(pickerButtonLabel(20)).toBe("20 participants selected");
    expect(pickerButtonLabel(1200)).toBe("1,200 participants selected");
    expect(pickerSaveLabel(20)).toBe("Save 20 selected");
  });
});

describe("search and select all / none", () => {
  it("filters by every word of the query in the name, ignoring case", () => {
    expect(filterMembers(ROSTER, "").map((x) => x.playerName)).toHaveLength(5);
    expect(filterMembers(ROSTER, "  L ").map((x) => x.playerName)).toEqual([
      "Ashvale",
      "Larkspire",
      "Lumenhart",
    ]);
    expect(filterMembers(ROSTER, "lu HART").map((x) => x.playerName)).toEqual(["Lumenhart"]);
    expect(filterMembers(ROSTER, "zzz")).toEqual([]);
  });

  it("select all adds only the shown members and keeps earlier picks; select none clears only the shown", () => {
    const shown = filterMembers(ROSTER, "l");
    const all = selectAllShown(["Mossbane", "larkspire"], shown);
    expect(all).toEqual(["Mossbane", "larkspire", "Ashvale", "Lumenhart"]);
    expect(allShownSelected(all, shown)).toBe(true);
    expect(allShownSelected(["Ashvale"], shown)).toBe(false);
    expect(allShownSelected([], [])).toBe(false);
    expect(selectNoneShown(all, shown)).toEqual(["Mossbane"]);
  });

  it("toggles a name ignoring case", () => {
    expect(toggleName(["Ashvale"], "ashvale")).toEqual([]);
    expect(toggleName(["Ashvale"], "Mossbane")).toEqual(["Ashvale", "Mossbane"]);
  });
});

describe("same as last raid", () => {
  const records = [
    { id: 1, dateAttended: "2026-11-15T12:00:00Z", participatedMembers: ["Ashvale"] },
    {
      id: 3,
      dateAttended: "2026-11-20T12:00:00Z",
      participatedMembers: ["brightforge", "Rimefall", "Mossbane"],
    },
    { id: 2, dateAttended: "2026-11-20T12:00:00Z", participatedMembers: ["Larkspire"] },
  ];

  it("is the newest raid day; on the same day the record saved last", () => {
    expect(lastRaid(records)?.id).toBe(3);
    expect(lastRaid([])).toBeNull();
  });

  it("prefers a record still waiting to be sent (negative id) on the same day", () => {
    const queued = {
      id: -5,
      dateAttended: new Date("2026-11-20T12:00:00Z"),
      participatedMembers: ["Ashvale"],
    };
    expect(lastRaid([...records, queued])?.id).toBe(-5);
  });

  it("takes that record's names in the roster's spelling and leaves out those no longer offered", () => {
    expect(lastRaidNames(records, ROSTER)).toEqual(["Brightforge", "Mossbane"]);
    expect(lastRaidNames([], ROSTER)).toEqual([]);
  });
});

describe("the keyboard model", () => {
  it("moves by cell with left/right and by row with up/down in the shown columns, clamped", () => {
    expect(moveFocus("ArrowRight", 0, 5, 2)).toBe(1);
    expect(moveFocus("ArrowDown", 1, 5, 2)).toBe(3);
    expect(moveFocus("ArrowDown", 3, 5, 2)).toBe(4);
    expect(moveFocus("ArrowUp", 1, 5, 2)).toBe(0);
    expect(moveFocus("ArrowLeft", 0, 5, 2)).toBe(0);
    expect(moveFocus("Home", 3, 5, 2)).toBe(0);
    expect(moveFocus("End", 0, 5, 2)).toBe(4);
    expect(moveFocus("ArrowDown", 0, 5, 1)).toBe(1);
    expect(moveFocus("a", 0, 5, 2)).toBeNull();
    expect(moveFocus("ArrowDown", 0, 0, 2)).toBeNull();
  });

  it("type-ahead jumps to the next name with the typed start, cycling on a repeated letter", () => {
    const names = ROSTER.map((x) => x.playerName);
    expect(typeAheadIndex(names, "l", 0)).toBe(2);
    expect(typeAheadIndex(names, "l", 2)).toBe(3);
    expect(typeAheadIndex(names, "ll", 3)).toBe(2);
    expect(typeAheadIndex(names, "lu", 2)).toBe(3);
    expect(typeAheadIndex(names, "la", 2)).toBe(2);
    expect(typeAheadIndex(names, "x", 0)).toBe(-1);
  });

  it("takes printable keys without modifiers for type-ahead, not Space", () => {
    const key = (k: string, mod = false) => ({ key: k, ctrlKey: mod, altKey: false, metaKey: false });
    expect(isTypeAheadKey(key("a"))).toBe(true);
    expect(isTypeAheadKey(key(" "))).toBe(false);
    expect(isTypeAheadKey(key("a", true))).toBe(false);
    expect(isTypeAheadKey(key("ArrowDown"))).toBe(false);
  });
});
