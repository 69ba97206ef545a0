// The roster's raid counts (raids_participated) follow the attendance records (docs/decisions/007): creating a
// record counts a raid for each member it names, deleting it takes the raid back, and an edit does both for the
// names it removes and adds. The server applies this in the write's transaction; the web app applies it to its
// local copy at once, so both sides read the rule from here.

/** What the rule needs to know about a roster member. */
export interface RaidCountMember {
  readonly id: number;
  readonly playerName: string;
  readonly status: string;
  readonly raidsParticipated: number;
}

export interface RaidCountChange<M extends RaidCountMember = RaidCountMember> {
  readonly member: M;
  /** The member's count after the change. */
  readonly raidsParticipated: number;
}

/** Names in `names` and not in `without`, compared ignoring letter case. */
function namesMissingFrom(names: readonly string[], without: readonly string[]): Set<string> {
  const drop = new Set(without.map((name) => name.toLowerCase()));
  return new Set(names.map((name) => name.toLowerCase()).filter((name) => !drop.has(name)));
}

/**
 * The new raid counts when a record's participants go from `before` to `after` (both [] for a record that
 * does not exist on that side). Names match members ignoring letter case. A name only in `after` adds 1 to an
 * active member; a name only in `before` takes 1 from a member of any status (a member kicked since the raid
 * gives it back too). Never below 0. Only members whose count moves are listed.
 */
export function raidCountChanges<M extends RaidCountMember>(
  roster: readonly M[],
  before: readonly string[],
  after: readonly string[],
): RaidCountChange<M>[] {
  const removed = namesMissingFrom(before, after);
  const added = namesMissingFrom(after, before);
  const changes: RaidCountChange<M>[] = [];
  for (const member of roster) {
    const name = member.playerName.toLowerCase();
    const delta = (added.has(name) && member.status === "active" ? 1 : 0) - (removed.has(name) ? 1 : 0);
    const raidsParticipated = Math.max(0, member.raidsParticipated + delta);
    if (raidsParticipated !== member.raidsParticipated) changes.push({ member, raidsParticipated });
  }
  return changes;
}
