// Writing participant names as stored text: a JSON array of names that the shared parser reads back as exactly
// those names.

import { parseParticipantNames } from "./parse-participants.ts";

/**
 * Participant names as the stored text: a JSON array of names, read with the shared parser and written back
 * so that reading the stored text gives exactly these names.
 */
export function participantText(names: readonly string[]): string {
  let current = [...names];
  // The parser unwraps one pair of quotes per pass; a name like "''x''" needs a second pass to settle.
  for (let pass = 0; pass < 4; pass += 1) {
    const next = parseParticipantNames(JSON.stringify(current));
    if (next.length === current.length && next.every((name, i) => name === current[i])) break;
    current = next;
  }
  return JSON.stringify(current);
}

/** A comma-separated text, a JSON array text or an array of names, as the stored JSON array text. */
export function normalizeParticipantInput(input: string | readonly string[]): string {
  const names =
    typeof input === "string" ? parseParticipantNames(input) : parseParticipantNames(JSON.stringify(input));
  return participantText(names);
}
