/**
 * The zod field every stored name goes through (member names and aliases, boss names, loot names, account
 * display names) and the per-name check of participant lists, with their messages: refused characters
 * answer a message that names the character, then the name is NFC-normalised and trimmed
 * (shared/names/normalize-name.ts).
 */
import * as z from "zod";
import {
  codePointLabel,
  normalizeName,
  type RefusedCharacter,
  refusedCharacterIn,
} from "../names/normalize-name.ts";

/** `label` as it starts a sentence: 'Player name', 'A participant name'. */
export function refusedCharacterMessage(label: string, refused: RefusedCharacter): string {
  const found = codePointLabel(refused.codePoint);
  return refused.kind === "broken"
    ? `${label} contains a broken character (${found}); type it again.`
    : `${label} cannot contain invisible, control or text-direction characters (found ${found}).`;
}

/** 409 for a new name that looks like one in use ('Аshvale' with a Cyrillic А beside 'Ashvale'). */
export const lookalikeNameMessage = (name: string, existing: string) =>
  `"${name}" looks too much like "${existing}", which is already in use; choose a clearly different name.`;

export interface NameFieldMessages {
  /** The field's name starting a sentence, e.g. 'Boss name'. */
  label: string;
  /** Not text, or empty once trimmed. */
  required: string;
  tooLong: string;
}

/**
 * A stored name: text without refused characters, NFC-normalised and trimmed, 1 to `max` characters.
 * Refused characters are checked first, so a name made only of them gets the message that says why.
 */
export function nameField(messages: NameFieldMessages, max: number) {
  return z
    .string({ error: messages.required })
    .check((ctx) => {
      const refused = refusedCharacterIn(ctx.value);
      if (refused === null) return;
      ctx.issues.push({
        code: "custom",
        message: refusedCharacterMessage(messages.label, refused),
        input: ctx.value,
      });
    })
    .transform(normalizeName)
    .pipe(z.string().min(1, { error: messages.required }).max(max, { error: messages.tooLong }));
}

export const PARTICIPANT_LABEL = "A participant name";

/**
 * The message for the first participant name with a refused character, or undefined. `separators`
 * accepts the characters that split a participant text into names (they never end up inside a name).
 */
export function participantNamesProblem(
  names: readonly string[],
  separators?: (codePoint: number) => boolean,
): string | undefined {
  for (const name of names) {
    const refused = refusedCharacterIn(name, separators);
    if (refused !== null) return refusedCharacterMessage(PARTICIPANT_LABEL, refused);
  }
  return undefined;
}
