import { describe, expect, it } from "vitest";
import type { RosterMatch } from "@shared/ocr/match-roster.ts";
import {
  acceptScreenshots,
  chosenNames,
  firstChoices,
  MAX_SCREENSHOT_BYTES,
  NOT_AN_IMAGE,
  TOO_LARGE,
  TOO_MANY,
  toggled,
  withChoice,
  withParticipants,
} from "./from-screenshots-model.ts";

const image = (name: string, size = 1000, type = "image/jpeg") =>
  new File([new Uint8Array(size)], name, { type });

const MATCH: RosterMatch = {
  matched: [
    { read: "Ashvale", name: "Ashvale", score: 1 },
    { read: "Brightf0rge", name: "Brightforge", score: 0.9 },
    { read: "cinderwhisk", name: "Cinderwhisk", score: 1 },
  ],
  uncertain: [
    {
      read: "Mossbane",
      suggestions: [
        { name: "Mossbane", score: 0.9 },
        { name: "Mossbone", score: 0.9 },
      ],
    },
  ],
  unknown: [{ read: "Stranger" }, { read: "Nightqu1l" }],
};

describe("the screenshots a dialog reads", () => {
  it("takes images and refuses any other file by its name, keeping nothing of that pick", () => {
    expect(acceptScreenshots([], [image("a.png", 10, "image/png"), image("b.jpg")])).toEqual({
      ok: true,
      files: [expect.any(File), expect.any(File)],
    });
    expect(acceptScreenshots([], [image("a.png"), image("notes.txt", 10, "text/plain")])).toEqual({
      ok: false,
      message: NOT_AN_IMAGE("notes.txt"),
    });
    expect(acceptScreenshots([], [image("huge.png", MAX_SCREENSHOT_BYTES + 1)])).toEqual({
      ok: false,
      message: TOO_LARGE("huge.png"),
    });
  });

  it("keeps at most five, the ones held first, and says so", () => {
    const held = [image("1.jpg"), image("2.jpg"), image("3.jpg")];
    const check = acceptScreenshots(held, [image("4.jpg"), image("5.jpg"), image("6.jpg")]);
    expect(check.ok && check.files.map((f) => f.name)).toEqual(["1.jpg", "2.jpg", "3.jpg", "4.jpg", "5.jpg"]);
    expect(check.ok && check.notice).toBe(TOO_MANY);
  });
});

describe("what the officer's choices add", () => {
  it("adds every matched name at first, and nothing uncertain or unknown", () => {
    expect(chosenNames(MATCH, firstChoices(MATCH))).toEqual(["Ashvale", "Brightforge", "Cinderwhisk"]);
  });

  it("leaves out an unticked name and adds a picked suggestion and a named unknown read", () => {
    let choices = firstChoices(MATCH);
    choices = { ...choices, matched: toggled(choices.matched, "Brightforge") };
    choices = { ...choices, uncertain: withChoice(choices.uncertain, 0, "Mossbone") };
    choices = { ...choices, unknown: withChoice(choices.unknown, 1, "Nightquill") };
    expect(chosenNames(MATCH, choices)).toEqual(["Ashvale", "Cinderwhisk", "Mossbone", "Nightquill"]);
    // Clearing a pick takes it back out.
    choices = { ...choices, uncertain: withChoice(choices.uncertain, 0, undefined) };
    expect(chosenNames(MATCH, choices)).toEqual(["Ashvale", "Cinderwhisk", "Nightquill"]);
  });

  it("adds a name once, even when an unknown read is said to be a matched member", () => {
    const choices = { ...firstChoices(MATCH), unknown: new Map([[0, "Ashvale"]]) };
    expect(chosenNames(MATCH, choices)).toEqual(["Ashvale", "Brightforge", "Cinderwhisk"]);
  });

  it("adds to the participants already picked without repeating one in another case", () => {
    expect(withParticipants(["Ashvale", "Dawnrider"], ["ashvale", "Emberlyn"])).toEqual([
      "Ashvale",
      "Dawnrider",
      "Emberlyn",
    ]);
  });
});
