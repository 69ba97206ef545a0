/**
 * Member names and player aliases share one namespace, and a new one may not look like one in use: the same
 * skeleton (shared/names/normalize-name.ts) is a 409. Names equal but for letter case keep their own
 * messages; other lookalikes get lookalikeNameMessage. Callers hold lockDerivedFigures, which serialises
 * member writes, so two lookalikes cannot slip in side by side.
 */
import { findLookalike } from "@shared/names/normalize-name.ts";
import {
  aliasIsNameMessage,
  duplicateAliasMessage,
  duplicateMemberMessage,
  nameIsAliasMessage,
} from "@shared/schemas/members.ts";
import { lookalikeNameMessage } from "@shared/schemas/name-field.ts";
import { ApiError } from "../app/api-error.ts";
import type { Queryable } from "../db/types.ts";
import { listRosterNames } from "./members-repo.ts";

/** 409 when `taken` looks like `name`: `sameLetters` when they differ only in letter case, else the lookalike one. */
function refuseClash(name: string, taken: string | undefined, sameLetters: (name: string) => string): void {
  if (taken === undefined) return;
  const message =
    taken.toLowerCase() === name.toLowerCase() ? sameLetters(name) : lookalikeNameMessage(name, taken);
  throw new ApiError(409, message);
}

/** 409 when another member's name, or any member's alias (this one's included), looks like `name`. */
export async function assertNameFree(tx: Queryable, name: string, exceptId: number | null): Promise<void> {
  const roster = await listRosterNames(tx);
  const others = roster.filter((member) => member.id !== exceptId);
  refuseClash(
    name,
    findLookalike(
      name,
      others.map((member) => member.playerName),
    ),
    duplicateMemberMessage,
  );
  refuseClash(
    name,
    findLookalike(
      name,
      roster.flatMap((member) => member.playerAlias ?? []),
    ),
    nameIsAliasMessage,
  );
}

/**
 * 409 when any member's name (this one's, as it will be, included) or another member's alias looks like
 * `alias`. `self` is the member being saved (id 0 for a new one).
 */
export async function assertAliasFree(
  tx: Queryable,
  alias: string,
  self: { id: number; playerName: string },
): Promise<void> {
  const others = (await listRosterNames(tx)).filter((member) => member.id !== self.id);
  refuseClash(
    alias,
    findLookalike(alias, [self.playerName, ...others.map((member) => member.playerName)]),
    aliasIsNameMessage,
  );
  refuseClash(
    alias,
    findLookalike(
      alias,
      others.flatMap((member) => member.playerAlias ?? []),
    ),
    duplicateAliasMessage,
  );
}
