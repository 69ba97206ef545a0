import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type ParticipantRosterMember,
  parseParticipantNames,
  parseParticipants,
} from "./parse-participants.ts";

describe("parseParticipantNames", () => {
  it.each([
    ["", []],
    ["   ", []],
    ["[]", []],
    ['["Ashvale","Brightforge"]', ["Ashvale", "Brightforge"]],
    ['[ " Ashvale " , "Brightforge" ]', ["Ashvale", "Brightforge"]],
    ["Emberlyn, Frostmantle, Pyrelight", ["Emberlyn", "Frostmantle", "Pyrelight"]],
    ["Emberlyn,,Frostmantle,", ["Emberlyn", "Frostmantle"]],
    ['["Ashvale","Brightforge"', ["Ashvale", "Brightforge"]],
    ['"Ashvale", "Brightforge"', ["Ashvale", "Brightforge"]],
    ['[\\"Ashvale\\",\\"Brightforge\\"]', ["Ashvale", "Brightforge"]],
    ['"[\\"Ashvale\\",\\"Brightforge\\"]"', ["Ashvale", "Brightforge"]],
    [`['Ashvale', 'Brightforge']`, ["Ashvale", "Brightforge"]],
    ['[["Ashvale"],"Brightforge"]', ["Ashvale", "Brightforge"]],
    ["Ashvale\nBrightforge\tCinderwhisk", ["Ashvale", "Brightforge", "Cinderwhisk"]],
    ['["Ashvale, Brightforge"]', ["Ashvale", "Brightforge"]],
    ["O'Brien, D'Arcy", ["O'Brien", "D'Arcy"]],
  ])("reads %j", (text, names) => {
    expect(parseParticipantNames(text)).toEqual(names);
  });

  it("decodes JSON escapes rather than stripping them", () => {
    expect(parseParticipantNames('["Z\\u00e9phyr","Ash"]')).toEqual(["Zéphyr", "Ash"]);
  });

  it("drops repeats case-insensitively and keeps the first spelling", () => {
    expect(parseParticipantNames("ashvale, Brightforge, ASHVALE, brightforge")).toEqual([
      "ashvale",
      "Brightforge",
    ]);
  });

  it("unwraps nested quotes around a name", () => {
    expect(parseParticipantNames(`''Ashvale'', \`'Bright forge'\``)).toEqual(["Ashvale", "Bright forge"]);
  });

  it("keeps an apostrophe inside a name, in a comma list as in JSON", () => {
    expect(parseParticipantNames("['O'Neil', 'Ash']")).toEqual(["O'Neil", "Ash"]);
    expect(parseParticipantNames('["O\'Neil"]')).toEqual(["O'Neil"]);
  });

  it("gives the same names when the names it gave are parsed again", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 60 }), fc.string({ unit: "binary", maxLength: 60 })),
        (text) => {
          const names = parseParticipantNames(text);
          expect(parseParticipantNames(JSON.stringify(names))).toEqual(names);
          expect(parseParticipantNames(names.join(", "))).toEqual(names);
        },
      ),
    );
  });

  it("reads a JSON array and the same names as a comma list alike", () => {
    const name = fc
      .string({ minLength: 1, maxLength: 20 })
      .map((text) => text.replace(/[[\]{}"\\,'`\s]/g, ""))
      .filter((text) => text !== "" && [...text].every((character) => character.charCodeAt(0) > 0x1f));
    fc.assert(
      fc.property(fc.array(name, { maxLength: 10 }), (names) => {
        const expected = names.filter(
          (candidate, index) =>
            names.findIndex((other) => other.toLowerCase() === candidate.toLowerCase()) === index,
        );
        expect(parseParticipantNames(JSON.stringify(names))).toEqual(expected);
        expect(parseParticipantNames(names.join(", "))).toEqual(expected);
      }),
    );
  });
});

const member = (
  id: number,
  playerName: string,
  links: Partial<Pick<ParticipantRosterMember, "mainMemberId" | "playerAlias">> = {},
): ParticipantRosterMember => ({ id, playerName, mainMemberId: null, playerAlias: null, ...links });

const roster = [
  member(1, "Ashvale"),
  member(9, "Ironveil", { playerAlias: "Veil" }),
  member(46, "Veilshade", { mainMemberId: 9 }),
  member(47, "Shadeveil", { mainMemberId: 9 }),
  member(12, "Larkspire"),
  member(13, "Mossbane", { mainMemberId: 12, playerAlias: "Moss" }),
];

const namesOf = (text: string) => parseParticipants(text, roster).map((participant) => participant.name);

describe("parseParticipants", () => {
  it("uses the roster's spelling of a member's name", () => {
    const [first] = parseParticipants("ASHVALE", roster);
    expect(first).toEqual({ name: "Ashvale", member: roster[0] });
  });

  it("expands a player alias, any case, to the main character and its linked characters by id", () => {
    expect(namesOf('["Ashvale","vEIL","Larkspire"]')).toEqual([
      "Ashvale",
      "Ironveil",
      "Veilshade",
      "Shadeveil",
      "Larkspire",
    ]);
  });

  it("does not repeat a character named both directly and through the alias", () => {
    expect(namesOf("Veilshade, Veil, Ironveil")).toEqual(["Veilshade", "Ironveil", "Shadeveil"]);
  });

  it("ignores the alias of a character that is linked to a main", () => {
    const [first] = parseParticipants("Moss", roster);
    expect(first).toEqual({ name: "Moss", member: null });
  });

  it("lets a member's own name win over another player's alias", () => {
    const withVeil = [...roster, member(60, "veil")];
    expect(parseParticipants("Veil", withVeil)).toEqual([{ name: "veil", member: withVeil[6] }]);
  });

  it("keeps names that are not on the roster as written, once", () => {
    expect(parseParticipants("Stranger, Ashvale, stranger", roster)).toEqual([
      { name: "Stranger", member: null },
      { name: "Ashvale", member: roster[0] },
    ]);
  });

  it("gives no participants for an empty list", () => {
    expect(parseParticipants("", roster)).toEqual([]);
  });
});
