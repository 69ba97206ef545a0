// Reading a loot item's stored participant text into names, and names into roster members.
//
// The text is either a JSON array of names or a comma-separated list. Reading is lenient (the corruption
// detector beside this file is the strict one): a JSON array of strings is decoded first so escapes are honoured;
// anything else is read as a list. Either way brackets, braces, double quotes and backslashes are stripped, commas
// and control characters separate names (so a name never contains a comma), entries are trimmed, pairs of
// single quotes or backticks around an entry are removed, empty entries are dropped and repeats are dropped
// case-insensitively, keeping the first spelling.

const STRIPPED = /[[\]{}"\\]/g;
const WRAPPING_QUOTES = /^(['`])(.*)\1$/s;

/** The names in a participant text, in order, without repeats. '' and '[]' give no names. */
export function parseParticipantNames(text: string): string[] {
  const pieces = decodeJsonStringArray(text) ?? [text];
  return normalizeParticipants(
    pieces.flatMap((piece) => splitEntries(piece.replace(STRIPPED, "")).map(cleanEntry)),
  );
}

/** A list of names trimmed, blanks dropped, repeats dropped case-insensitively (the first spelling wins). */
export function normalizeParticipants(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of names) {
    const name = raw.trim();
    const folded = name.toLowerCase();
    if (name === "" || seen.has(folded)) continue;
    seen.add(folded);
    out.push(name);
  }
  return out;
}

/** What name resolution needs to know about a roster member. */
export interface ParticipantRosterMember {
  readonly id: number;
  readonly playerName: string;
  /** Set on an extra character: the id of the player's main character. */
  readonly mainMemberId: number | null;
  /** Set on a main character: the name that stands for all of the player's characters. */
  readonly playerAlias: string | null;
}

export interface ResolvedParticipant<M extends ParticipantRosterMember> {
  /** The roster spelling for a member, otherwise the name as written. */
  readonly name: string;
  /** null: not on the roster. */
  readonly member: M | null;
}

/** The roster looked up by name, by alias of a main character, and main character to linked characters. */
export interface ParticipantRosterIndex<M extends ParticipantRosterMember> {
  readonly byName: ReadonlyMap<string, M>;
  readonly byAlias: ReadonlyMap<string, M>;
  /** By the main character's id; each list in id order. */
  readonly charactersOf: ReadonlyMap<number, readonly M[]>;
}

/** Indexes the roster for name resolution; on a clash of names or aliases the earlier member wins. */
export function indexParticipantRoster<M extends ParticipantRosterMember>(
  roster: readonly M[],
): ParticipantRosterIndex<M> {
  const byName = new Map<string, M>();
  const byAlias = new Map<string, M>();
  const charactersOf = new Map<number, M[]>();
  for (const member of roster) {
    const folded = member.playerName.toLowerCase();
    if (!byName.has(folded)) byName.set(folded, member);
    if (member.mainMemberId === null) {
      const alias = member.playerAlias?.trim().toLowerCase();
      if (alias && !byAlias.has(alias)) byAlias.set(alias, member);
    } else {
      const linked = charactersOf.get(member.mainMemberId) ?? [];
      linked.push(member);
      charactersOf.set(member.mainMemberId, linked);
    }
  }
  for (const linked of charactersOf.values()) linked.sort((a, b) => a.id - b.id);
  return { byName, byAlias, charactersOf };
}

/**
 * The roster members one name stands for: the member of that name; otherwise the main character whose alias
 * it is, then that main's linked characters by id; otherwise none (not on the roster).
 */
export function membersNamed<M extends ParticipantRosterMember>(
  name: string,
  index: ParticipantRosterIndex<M>,
): M[] {
  const folded = name.trim().toLowerCase();
  const member = index.byName.get(folded);
  if (member !== undefined) return [member];
  const main = index.byAlias.get(folded);
  return main === undefined ? [] : [main, ...(index.charactersOf.get(main.id) ?? [])];
}

/**
 * Resolves names against the roster, in order and without repeats:
 * - a name equal (case-insensitively) to a member's playerName is that member, with the roster's spelling;
 * - otherwise a name equal to a main character's playerAlias is the player: the main character, then every member
 *   whose mainMemberId is the main's id (by id). Only one level of linking counts, and only aliases of main
 *   characters (no mainMemberId) name a player. A member's own name wins over an alias, so giving a player an
 *   alias never changes whom an existing list names;
 * - otherwise the name is a participant who is not on the roster, kept as written.
 * Every character of the player is included whatever its status: a recalculation must give a kicked member the
 * same salary they earned while in the guild.
 */
export function resolveParticipants<M extends ParticipantRosterMember>(
  names: readonly string[],
  roster: readonly M[],
): ResolvedParticipant<M>[] {
  return resolveParticipantsIn(names, indexParticipantRoster(roster));
}

/** resolveParticipants against a roster indexed once, for reading many lists against the same roster. */
export function resolveParticipantsIn<M extends ParticipantRosterMember>(
  names: readonly string[],
  index: ParticipantRosterIndex<M>,
): ResolvedParticipant<M>[] {
  const resolved: ResolvedParticipant<M>[] = [];
  const seenMembers = new Set<number>();
  const seenOutsiders = new Set<string>();
  for (const name of names) {
    const folded = name.trim().toLowerCase();
    if (folded === "") continue;
    const members = membersNamed(name, index);
    for (const member of members) {
      if (seenMembers.has(member.id)) continue;
      seenMembers.add(member.id);
      resolved.push({ name: member.playerName, member });
    }
    if (members.length === 0 && !seenOutsiders.has(folded)) {
      seenOutsiders.add(folded);
      resolved.push({ name: name.trim(), member: null });
    }
  }
  return resolved;
}

/** parseParticipantNames, then resolveParticipants. */
export function parseParticipants<M extends ParticipantRosterMember>(
  text: string,
  roster: readonly M[],
): ResolvedParticipant<M>[] {
  return resolveParticipants(parseParticipantNames(text), roster);
}

function decodeJsonStringArray(text: string): string[] | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith("[")) return null;
  try {
    const value: unknown = JSON.parse(trimmed);
    if (Array.isArray(value) && value.every((entry) => typeof entry === "string")) return value;
  } catch {
    // Not JSON: read as a list below.
  }
  return null;
}

// Commas and control characters (a pasted column of names) separate entries.
function splitEntries(text: string): string[] {
  const entries: string[] = [];
  let start = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 44 || isControlCode(code)) {
      entries.push(text.slice(start, index));
      start = index + 1;
    }
  }
  entries.push(text.slice(start));
  return entries;
}

// Unwraps until nothing is left to unwrap ("''x''" -> "x"), so parsing the parsed names changes nothing.
function cleanEntry(entry: string): string {
  let name = entry.trim();
  for (let quoted = WRAPPING_QUOTES.exec(name); quoted; quoted = WRAPPING_QUOTES.exec(name)) {
    name = (quoted[2] ?? "").trim();
  }
  return name;
}

/** C0 controls and DEL. */
export function isControlCode(code: number): boolean {
  return code <= 0x1f || code === 0x7f;
}
