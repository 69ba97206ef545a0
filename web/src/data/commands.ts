/**
 * The only writers of the local store. Each command writes its optimistic local change and its outbox
 * row in one Dexie transaction, then nudges the sender; it resolves with the row's id (the
 * Idempotency-Key) once both are stored, whether or not the network is there.
 */
import type { MoneyText } from "@shared/money/money.ts";
import type { CreateAttendanceInput } from "@shared/schemas/attendance.ts";
import type { TEST_TIMER_SECONDS } from "@shared/schemas/boss-timers.ts";
import { loadRowsFor, saveDraftChanges } from "./local-draft.ts";
import type { CreateBossNameArgs } from "./mutations/boss-name-mutations.ts";
import type { CreateMarketItemArgs } from "./mutations/market-mutations.ts";
import type { CreateMemberArgs, MarkPaidArgs } from "./mutations/member-mutations.ts";
import type { Mutation } from "./mutations/mutation.ts";
import type { CreatePayoutArgs, CreateSpendingArgs } from "./mutations/payout-mutations.ts";
import { MUTATIONS, type MutationArgs, type MutationName, touchedBy } from "./mutations.ts";
import { isLocalId, type PortalDb } from "./portal-db.ts";
import { rebuildCollections } from "./rebuild.ts";
import { type SessionAccount, switchViewer } from "./write-owner.ts";

export const NOT_SAVED_YET =
  "This entry has not reached the server yet. Wait until it is saved, or discard it, before changing it.";

export const SIGN_IN_TO_CHANGE = "Sign in to make changes.";

/** Thrown before anything is stored when nobody is signed in: a queued write belongs to an account. */
export class NotSignedInError extends Error {
  constructor() {
    super(SIGN_IN_TO_CHANGE);
    this.name = "NotSignedInError";
  }
}

/** Thrown before anything is stored when a command targets a row that only exists locally. */
export class NotSavedYetError extends Error {
  constructor() {
    super(NOT_SAVED_YET);
    this.name = "NotSavedYetError";
  }
}

export interface CommandDeps {
  db: () => PortalDb;
  now: () => number;
  randomId: () => string;
  /** The account signed in, which the queued write will belong to (write-owner.ts). */
  owner: () => SessionAccount;
  /** Called after a row is stored; the data layer starts the sender. */
  onQueued: () => void;
}

function withoutUndefined<T>(args: T): T {
  if (typeof args !== "object" || args === null) return args;
  return Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined)) as T;
}

function requireSaved(id: number): void {
  if (isLocalId(id)) throw new NotSavedYetError();
}

/** Stores the row and applies its local effect in one transaction; resolves with the row id. */
export async function enqueue<N extends MutationName>(
  deps: CommandDeps,
  name: N,
  rawArgs: MutationArgs<N>,
): Promise<string> {
  const db = deps.db();
  const mutation = MUTATIONS[name] as unknown as Mutation<MutationArgs<N>>;
  const args = withoutUndefined(rawArgs);
  const owner = deps.owner();
  if (!owner) throw new NotSignedInError();
  const id = deps.randomId();
  const createdAt = deps.now();
  await db.transaction("rw", db.tables, async () => {
    // The live tables show the owner's queued writes before this one joins them (usually already so).
    const hidden = await switchViewer(db, owner.id);
    if (hidden.length > 0) await rebuildCollections(db, hidden);
    const seq = await db.outbox.add({
      id,
      name,
      path: mutation.path,
      args,
      createdAt,
      status: "pending",
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
      lastStatus: null,
      claimedAt: null,
      owner: { id: owner.id, email: owner.email, displayName: owner.displayName },
    });
    // Only the rows the effect reads are loaded (under 20 ms with 10,000 loot items; bench:drain).
    const draft = await loadRowsFor(db, touchedBy(mutation), mutation.writes, (d) =>
      mutation.apply(d, args, { seq, createdAt }),
    );
    await saveDraftChanges(db, draft);
  });
  deps.onQueued();
  return id;
}

/** The names of writes to a row the server already has, by the shape of their arguments. */
type SavedRowWrite = {
  [N in MutationName]: MutationArgs<N> extends { id: number } ? N : never;
}[MutationName];
type DeleteById = {
  [N in SavedRowWrite]: { id: number } extends MutationArgs<N> ? N : never;
}[SavedRowWrite];

/** Each command resolves with the outbox row id, or rejects before anything is stored. */
export function createCommands(deps: CommandDeps) {
  /** A write to a saved row: refused before anything is stored while the row exists only here. */
  const onSaved =
    <N extends SavedRowWrite>(name: N) =>
    async (args: MutationArgs<N>) => {
      requireSaved((args as { id: number }).id);
      return enqueue(deps, name, args);
    };
  const byId =
    <N extends DeleteById>(name: N) =>
    async (id: number) =>
      onSaved(name)({ id } as MutationArgs<N>);
  const kickSaved = onSaved("kickMember");

  return {
    /** `startTime` is the click time: a timer started offline keeps its real start. */
    async startTimer(
      bossName: string,
      startTime: Date = new Date(deps.now()),
      options: { testDuration?: typeof TEST_TIMER_SECONDS } = {},
    ) {
      return enqueue(deps, "startTimer", { bossName, startTime, testDuration: options.testDuration });
    },
    /** Takes back this account's start of the boss's timer, named by its click time (decision 041). */
    async undoTimerStart(bossName: string, startTime: Date) {
      return enqueue(deps, "undoTimerStart", { bossName, startTime });
    },
    /** "Didn't spawn": moves the boss's timer on by one interval from `expectedSpawn` (decision 076). */
    async markNoSpawn(bossName: string, expectedSpawn: Date) {
      return enqueue(deps, "noSpawn", { bossName, expectedSpawn });
    },
    /** Omit the boss to reset every timer. */
    async resetTimers(bossName?: string) {
      return enqueue(deps, "resetTimers", { bossName });
    },
    createMember: async (input: CreateMemberArgs) => enqueue(deps, "createMember", input),
    updateMember: onSaved("updateMember"),
    deleteMember: byId("deleteMember"),
    kickMember: async (id: number, finalSalaryAmount?: MoneyText | null) =>
      kickSaved({ id, finalSalaryAmount }),
    /** Also records a payout of the member's balance, paid by `details.method` (decision 049). */
    markMemberPaid: async (id: number, details: Omit<MarkPaidArgs, "id"> = {}) =>
      onSaved("markMemberPaid")({ id, ...details }),
    createMarketItem: async (input: CreateMarketItemArgs) => enqueue(deps, "createMarketItem", input),
    updateMarketItem: onSaved("updateMarketItem"),
    deleteMarketItem: byId("deleteMarketItem"),
    createAttendance: async (input: CreateAttendanceInput) => enqueue(deps, "createAttendance", input),
    updateAttendance: onSaved("updateAttendance"),
    deleteAttendance: byId("deleteAttendance"),
    createBossName: async (input: CreateBossNameArgs) => enqueue(deps, "createBossName", input),
    updateBossName: onSaved("updateBossName"),
    deleteBossName: byId("deleteBossName"),
    /** A member still only on this device cannot be paid yet: the server does not know them. */
    createPayout: async (input: CreatePayoutArgs) => {
      requireSaved(input.memberId);
      return enqueue(deps, "createPayout", input);
    },
    deletePayout: byId("deletePayout"),
    createSpending: async (input: CreateSpendingArgs) => enqueue(deps, "createSpending", input),
    deleteSpending: byId("deleteSpending"),
  };
}

export type Commands = ReturnType<typeof createCommands>;
