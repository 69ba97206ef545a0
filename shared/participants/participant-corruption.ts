// Which stored participant texts the admin fix tool reports as corrupted. Resetting a corrupted list clears it,
// so these rules only flag text that cannot be trusted as a list of names; small slips that parse
// unambiguously (spaces, repeated names, a doubled or trailing comma) are not corruption.
//
// Rules, in the order they are checked:
// - Empty or whitespace-only text, and the JSON array [], mean "no participants": not corrupted.
// - Text starting with '[' or '{' must be JSON: otherwise 'malformed-json' (unbalanced brackets, single-quoted
//   entries, truncation, '[object Object]'). Text starting with '"' that is JSON is a JSON string, i.e.
//   double-encoded: 'json-not-array'.
// - JSON must be an array ('json-not-array' for an object, string, number...), every entry a string
//   ('non-string-entry' for nested arrays, objects, numbers, null) that holds a name ('empty-entry' for "" or ",").
// - Anything else is a comma list; it must hold at least one name ('no-names' for ',,,').
// - Every name: no character a name may not hold other than a control character, such as a zero-width space,
//   a byte order mark, a text-direction override or a broken one ('refused-character', shared/names/
//   normalize-name.ts; the import keeps such lists as written); then, trimmed, no control characters
//   ('control-character'; whitespace around a name and raw newlines between JSON tokens are fine), none of
//   [ ] { } " \ ('stray-character'), not a JavaScript
//   placeholder null, undefined or NaN ('placeholder-entry'), at most 100 characters like a player name
//   ('name-too-long'). Commas inside a JSON entry separate names, as they do when parsing.

import { refusedCharacterIn } from "../names/normalize-name.ts";
import { isControlCode } from "./parse-participants.ts";

export type ParticipantCorruption =
  | "malformed-json"
  | "json-not-array"
  | "non-string-entry"
  | "empty-entry"
  | "no-names"
  | "control-character"
  | "refused-character"
  | "stray-character"
  | "placeholder-entry"
  | "name-too-long";

const MAX_NAME_LENGTH = 100;
const STRAY = /[[\]{}"\\]/;
const PLACEHOLDERS = new Set(["null", "undefined", "NaN"]);

/** The first rule the text breaks, or null when it is a clean participant list. */
export function findParticipantCorruption(text: string): ParticipantCorruption | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;

  if (trimmed.startsWith("[") || trimmed.startsWith("{") || trimmed.startsWith('"')) {
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch {
      if (!trimmed.startsWith('"')) return "malformed-json";
      return checkCommaList(trimmed);
    }
    if (!Array.isArray(value)) return "json-not-array";
    for (const entry of value) {
      if (typeof entry !== "string") return "non-string-entry";
      if (entry.split(",").every((piece) => piece.trim() === "")) return "empty-entry";
    }
    for (const entry of value as string[]) {
      const problem = checkNames(entry.split(","));
      if (problem !== null) return problem;
    }
    return null;
  }
  return checkCommaList(trimmed);
}

export function isParticipantTextCorrupted(text: string): boolean {
  return findParticipantCorruption(text) !== null;
}

function checkCommaList(text: string): ParticipantCorruption | null {
  const names = text
    .split(",")
    .filter((entry) => entry.trim() !== "" || refusedCharacterIn(entry, isControlCode) !== null);
  if (names.length === 0) return "no-names";
  return checkNames(names);
}

// Blank pieces (a doubled comma) are skipped: they parse unambiguously to nothing.
function checkNames(entries: readonly string[]): ParticipantCorruption | null {
  for (const entry of entries) {
    // Checked before trimming, which would drop a byte order mark at either end unseen.
    if (refusedCharacterIn(entry, isControlCode) !== null) return "refused-character";
    const name = entry.trim();
    if (name === "") continue;
    if ([...name].some((character) => isControlCode(character.charCodeAt(0)))) return "control-character";
    if (STRAY.test(name)) return "stray-character";
    if (PLACEHOLDERS.has(name)) return "placeholder-entry";
    if ([...name].length > MAX_NAME_LENGTH) return "name-too-long";
  }
  return null;
}
