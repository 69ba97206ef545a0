/**
 * What every queued write is: where it is sent, which collections its local effect reads and writes, which
 * collections to pull again once the server has applied it (docs/product.md#calls, plus the derived salaries and
 * funds the server recalculates: docs/product.md#salaries-and-funds), and the local effect itself.
 *
 * The local effect is a pure function of the draft and the row's arguments. It runs once when the command
 * is issued, again whenever its collections are rebuilt from the server's copy while the row is still in
 * the outbox, and once on the base copy when the server acknowledges it. It must tolerate any state (a
 * row that is gone, a collection never pulled) because the server's data may have moved on.
 */
import type { CallBody, CallSpec } from "@shared/contract/call.ts";
import { type MoneyText, moneyText, readMoney } from "@shared/money/money.ts";
import type { LocalDraft } from "../local-draft.ts";
import type { CollectionName } from "../portal-db.ts";

export interface MutationContext {
  /** The outbox row's sequence number; rows created locally get the id -seq until the server's answer. */
  seq: number;
  /** When the command was issued (ms since epoch). */
  createdAt: number;
}

export interface Mutation<A> {
  /** POST path under /_api: its call's, as declared in shared/contract (stored in each outbox row). */
  path: string;
  reads: readonly CollectionName[];
  writes: readonly CollectionName[];
  refresh: readonly CollectionName[];
  /**
   * A refusal the server would certainly answer, known before sending (a start time that has become too
   * old): the row fails with this message without being sent.
   */
  refuseBeforeSending?(args: A, now: number): string | undefined;
  apply(draft: LocalDraft, args: A, context: MutationContext): void;
}

export interface IdArgs {
  id: number;
}

/**
 * An amount as the server will store it ('40.5' -> '40.50'), read by the same parser; a text the server will
 * refuse stays as given (shown as 'N/A') until its answer arrives. String(): a row queued by an older version
 * may carry a JSON number, which the server reads as the decimal text it spells.
 */
export function storedMoney(value: MoneyText): MoneyText {
  const text = String(value);
  const cents = readMoney(text);
  return cents === null ? text : moneyText(cents);
}

export function definedOnly<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * A write of the declared `call` (decision 061): sent to its path, with arguments `A` that must be a body the call
 * accepts (the declaration's schema input), so a write and its route cannot drift apart. Every apply takes
 * (draft, args, context).
 */
export function mutation<C extends CallSpec>(call: C) {
  return <A extends CallBody<C>>(definition: Omit<Mutation<A>, "path">): Mutation<A> => ({
    ...definition,
    path: call.path,
  });
}
