/**
 * Every write the app can queue, by name (the name stored in an outbox row). Each resource's writes are in
 * mutations/; mutations/mutation.ts says what a write is.
 */

import { ATTENDANCE_MUTATIONS } from "./mutations/attendance-mutations.ts";
import { BOSS_NAME_MUTATIONS } from "./mutations/boss-name-mutations.ts";
import { MARKET_MUTATIONS } from "./mutations/market-mutations.ts";
import { MEMBER_MUTATIONS } from "./mutations/member-mutations.ts";
import type { Mutation } from "./mutations/mutation.ts";
import { PAYOUT_MUTATIONS } from "./mutations/payout-mutations.ts";
import { TIMER_MUTATIONS } from "./mutations/timer-mutations.ts";
import type { CollectionName } from "./portal-db.ts";

/** Screens mark rows that exist only on this device (decision 011). */
export { isLocalId } from "./portal-db.ts";

export const MUTATIONS = {
  ...TIMER_MUTATIONS,
  ...MEMBER_MUTATIONS,
  ...MARKET_MUTATIONS,
  ...ATTENDANCE_MUTATIONS,
  ...BOSS_NAME_MUTATIONS,
  ...PAYOUT_MUTATIONS,
};

export type MutationName = keyof typeof MUTATIONS;
export type MutationArgs<N extends MutationName> =
  (typeof MUTATIONS)[N] extends Mutation<infer A> ? A : never;

/** The definition for a stored row's name; undefined for a name this version of the app no longer has. */
export function mutationFor(name: string): Mutation<unknown> | undefined {
  return Object.hasOwn(MUTATIONS, name) ? (MUTATIONS[name as MutationName] as Mutation<unknown>) : undefined;
}

/** Every collection a mutation's local effect reads or writes. */
export function touchedBy(mutation: Mutation<unknown>): CollectionName[] {
  return [...new Set([...mutation.reads, ...mutation.writes])];
}
