/**
 * The character a raider with alts plays, chosen at their first check-in and remembered on the device per account
 * (decision 080), so later check-ins are one tap. Kept in localStorage; nothing breaks when storage is unavailable.
 */
import type { MyCheckInCharacter } from "@shared/schemas/check-ins.ts";

const key = (userId: number) => `guild-portal:check-in-character:${userId}`;

/** The remembered character when it is still one of `characters`; the only one when there is one; else null. */
export function rememberedCharacter(
  userId: number,
  characters: readonly MyCheckInCharacter[],
): MyCheckInCharacter | null {
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
