import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseParticipantNames } from "./parse-participants.ts";
import { findParticipantCorruption, isParticipantTextCorrupted } from "./participant-corruption.ts";

describe("findParticipantCorruption", () => {
  it.each([
    ["an empty text", ""],
    ["whitespace", "  \n "],
    ["an empty JSON array", "[]"],
    ["a JSON array of names", '["Ashvale","Brightforge"]'],
    ["a pretty-printed JSON array", '[\n  "Ashvale",\n  "Brightforge"\n]'],
    ["a comma list", "Emberlyn, Frostmantle, Pyrelight"],
    ["a comma list with a doubled and a trailing comma", "Emberlyn,, Frostmantle,"],
    ["repeated names", "Emberlyn, emberlyn"],
    ["apostrophes in names", "O'Brien, D'Arcy"],
    ["a JSON entry holding a comma list", '["Ashvale, Brightforge"]'],
    ["a name of 100 characters", "x".repeat(100)],
  ])("accepts %s", (_, text) => {
    expect(findParticipantCorruption(text)).toBeNull();
  });

  it.each([
    ["an unbalanced bracket", '["Ashvale","Brightforge"', "malformed-json"],
    ["a single-quoted array", "['Ashvale', 'Brightforge']", "malformed-json"],
    ["a stringified object", "[object Object]", "malformed-json"],
    ["a truncated object", '{"name":"Ash', "malformed-json"],
    ["a JSON object", '{"name":"Ashvale"}', "json-not-array"],
    ["a double-encoded array", '"[\\"Ashvale\\",\\"Brightforge\\"]"', "json-not-array"],
    ["a nested array", '[["Ashvale"],"Brightforge"]', "non-string-entry"],
    ["an object in the array", '[{"name":"Ashvale"}]', "non-string-entry"],
    ["a null in the array", '["Ashvale",null]', "non-string-entry"],
    ["a number in the array", "[1,2]", "non-string-entry"],
    ["an empty JSON entry", '["Ashvale",""]', "empty-entry"],
    ["a JSON entry of commas", '["Ashvale"," , "]', "empty-entry"],
    ["commas only", ", ,,", "no-names"],
    ["a control character in a name", "Ash\u0000vale, Brightforge", "control-character"],
    ["a line break inside a list entry", "Ashvale\nBrightforge", "control-character"],
    ["an escaped control character in JSON", '["Ash\\u0007vale"]', "control-character"],
    ["a zero-width space in a name", "Ash\u200Bvale, Brightforge", "refused-character"],
    ["a name of zero-width spaces", "Ashvale, \u200B\u200B", "refused-character"],
    ["a right-to-left override in a JSON entry", '["\\u202EAshvale"]', "refused-character"],
    ["a byte order mark at the end of a name", "Ashvale\uFEFF, Brightforge", "refused-character"],
    ["a lone surrogate in a JSON entry", '["Ash\\ud800vale"]', "refused-character"],
    ["a replacement character (text damaged on its way)", "Ash\uFFFDvale", "refused-character"],
    ["a stray quote", 'Ashvale", Brightforge', "stray-character"],
    ["quoted names without brackets", '"Ashvale", "Brightforge"', "stray-character"],
    ["a stray backslash", "Ashvale\\, Brightforge", "stray-character"],
    ["a closing bracket without an opening one", "Ashvale, Brightforge]", "stray-character"],
    ["a quote inside a JSON entry", '["Ash\\"vale"]', "stray-character"],
    ["a JavaScript placeholder", "Ashvale, undefined", "placeholder-entry"],
    ["the text null", "null", "placeholder-entry"],
    ["a name longer than a player name can be", "x".repeat(101), "name-too-long"],
  ])("reports %s", (_, text, reason) => {
    expect(findParticipantCorruption(text)).toBe(reason);
    expect(isParticipantTextCorrupted(text)).toBe(true);
  });

  const cleanName = fc
    .string({ minLength: 1, maxLength: 30 })
    .map((text) => text.replace(/[[\]{}"\\,]/g, "").trim())
    .filter(
      (text) =>
        text !== "" &&
        !["null", "undefined", "NaN"].includes(text) &&
        [...text].every((character) => character.charCodeAt(0) > 0x1f && character.charCodeAt(0) !== 0x7f),
    );

  it("never reports a list of clean names, written either way", () => {
    fc.assert(
      fc.property(fc.array(cleanName, { minLength: 1, maxLength: 10 }), (names) => {
        expect(findParticipantCorruption(JSON.stringify(names))).toBeNull();
        expect(findParticipantCorruption(names.join(", "))).toBeNull();
      }),
    );
  });

  it("accepts only texts that parse to names, or mean no participants", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: "binary", maxLength: 40 })),
        (text) => {
          const empty = text.trim() === "" || text.trim() === "[]";
          if (findParticipantCorruption(text) === null && !empty) {
            expect(parseParticipantNames(text).length).toBeGreaterThan(0);
          }
        },
      ),
    );
  });
});
