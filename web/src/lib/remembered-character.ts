/**
 * The character a raider with alts plays, chosen at their first check-in (or bid) and remembered on the device per
 * account (decisions 080 and 092), so later check-ins and bids are one tap. Kept in localStorage; nothing breaks
 * when storage is unavailable.
 */

const key = (userId: number) => `guild-portal:check-in-character:${userId}`;

/** The remembered character when it is still one of `characters`; the only one when there is one; else null. */
export function rememberedCharacter<Character extends { memberId: number }>(
  userId: number,
  characters: readonly Character[],
): Character | null {
  if (characters.length === 1) return characters[0] ?? null;
  let stored: string | null = null;
  try {
    stored = globalThis.localStorage?.getItem(key(userId)) ?? null;
  } catch {
    stored = null;
  }
  return characters.find((c) => String(c.memberId) === stored) ?? null;
}

export function rememberCharacter(userId: number, memberId: number): void {
  try {
    globalThis.localStorage?.setItem(key(userId), String(memberId));
  } catch {
    // Private mode or a full disk: the raider chooses again next time.
  }
}
