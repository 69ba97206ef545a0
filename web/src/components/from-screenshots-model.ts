/**
 * The "From screenshots" dialog's rules (decision 083): which files it takes, what the officer's choices add
 * to the participants, and its words. The names come from text recognition on the device
 * (lib/text-recognition) matched to the roster (shared/ocr/match-roster.ts) in three groups; nothing is
 * added that the dialog did not show: matched names are ticked, uncertain reads wait for a pick among their
 * suggestions, and reads not on the roster are ignored unless the officer says who they are.
 */
import type { RosterMatch } from "@shared/ocr/match-roster.ts";

/** At most this many screenshots at a time (a party list rarely needs more than two). */
export const MAX_SCREENSHOTS = 5;
/** A screenshot larger than this is refused: a phone's is 1-5 MB. */
export const MAX_SCREENSHOT_BYTES = 20 * 1024 * 1024;

export const FROM_SCREENSHOTS = "From screenshots";
export const FROM_SCREENSHOTS_HINT =
  "Names are read on this device from screenshots of the game's party or guild list.";
export const CHOOSE_SCREENSHOTS = "Choose screenshots";
export const TAKE_PHOTO = "Camera";
export const PASTE_HINT = "or paste a screenshot here.";
export const NOT_AN_IMAGE = (name: string) => `${name} is not an image.`;
export const TOO_LARGE = (name: string) => `${name} is larger than 20 MB.`;
export const TOO_MANY = `At most ${MAX_SCREENSHOTS} screenshots at a time: the first ${MAX_SCREENSHOTS} were kept.`;
export const READ_FAILED = "The screenshots could not be read.";
export const ENGINE_NOT_CACHED =
  "Reading screenshots needs the text recognition files, which this device has not stored yet. " +
  "Connect once and try again: after that it works offline.";
export const NOTHING_READ = "No names were found on these screenshots.";
export const MATCHED = "On the roster";
export const UNCERTAIN = "Check these";
export const UNCERTAIN_HINT =
  "Each read is close to more than one character: pick the one it is, or leave it.";
export const UNKNOWN = "Not on the roster";
export const UNKNOWN_HINT = "Ignored unless you say who it is.";
export const IGNORE = "Ignore";

export const readingLabel = (image: number, images: number) =>
  images === 1 ? "Reading the screenshot..." : `Reading screenshot ${image} of ${images}...`;
export const addLabel = (count: number) =>
  count === 0 ? "Add to participants" : `Add ${count} to participants`;
export const readAs = (read: string) => `read as "${read}"`;

/** A file the dialog will read, or why not. */
export type ScreenshotCheck = { ok: true; files: File[]; notice?: string } | { ok: false; message: string };

/** The files of a pick or paste that the dialog reads, with the `held` ones first; refuses non-images. */
export function acceptScreenshots(held: readonly File[], incoming: readonly File[]): ScreenshotCheck {
  for (const file of incoming) {
    if (!file.type.startsWith("image/")) return { ok: false, message: NOT_AN_IMAGE(file.name || "The file") };
    if (file.size > MAX_SCREENSHOT_BYTES) return { ok: false, message: TOO_LARGE(file.name || "The image") };
  }
  const all = [...held, ...incoming];
  if (all.length <= MAX_SCREENSHOTS) return { ok: true, files: all };
  return { ok: true, files: all.slice(0, MAX_SCREENSHOTS), notice: TOO_MANY };
}

/** The officer's choices over a match: every matched name ticked, nothing else chosen. */
export interface ScreenshotChoices {
  /** The matched roster names the officer keeps (all of them at first). */
  matched: ReadonlySet<string>;
  /** An uncertain read's index to the name picked among its suggestions. */
  uncertain: ReadonlyMap<number, string>;
  /** A read not on the roster's index to the member the officer says it is. */
  unknown: ReadonlyMap<number, string>;
}

export function firstChoices(match: RosterMatch): ScreenshotChoices {
  return { matched: new Set(match.matched.map((m) => m.name)), uncertain: new Map(), unknown: new Map() };
}

/** The names the choices add, each once, in the order the groups show them. */
export function chosenNames(match: RosterMatch, choices: ScreenshotChoices): string[] {
  const names = [
    ...match.matched.map((m) => m.name).filter((name) => choices.matched.has(name)),
    ...match.uncertain.flatMap((_, index) => choices.uncertain.get(index) ?? []),
    ...match.unknown.flatMap((_, index) => choices.unknown.get(index) ?? []),
  ];
  return [...new Set(names)];
}

/** `current` with `added` after it, each name once (case as the roster spells it). */
export function withParticipants(current: readonly string[], added: readonly string[]): string[] {
  const have = new Set(current.map((name) => name.toLowerCase()));
  return [...current, ...added.filter((name) => !have.has(name.toLowerCase()))];
}

/** Flips one name's tick. */
export function toggled<T>(set: ReadonlySet<T>, value: T): Set<T> {
  const next = new Set(set);
  if (next.has(value)) next.delete(value);
  else next.add(value);
  return next;
}

/** Sets or clears (`undefined`) one entry. */
export function withChoice<K, V>(map: ReadonlyMap<K, V>, key: K, value: V | undefined): Map<K, V> {
  const next = new Map(map);
  if (value === undefined) next.delete(key);
  else next.set(key, value);
  return next;
}
