/**
 * The only writers of the local store. Each command writes its optimistic local change and its outbox
 * row in one Dexie transaction, then nudges the sender; it resolves with the row's id (the
 * Idempotency-Key) once both are stored, whether or not the network is there.
 */
import type { MoneyText } from "@shared/money/money.ts";
import { loadDraft, saveDraftChanges } from "./local-draft.ts";
import type { CreateAttendanceArgs, UpdateAttendanceArgs } from "./mutations/attendance-mutations.ts";
import type { CreateBossNameArgs, UpdateBossNameArgs } from "./mutations/boss-name-mutations.ts";
import type { CreateMarketItemArgs, UpdateMarketItemArgs } from "./mutations/market-mutations.ts";
import type { CreateMemberArgs, UpdateMemberArgs } from "./mutations/member-mutations.ts";
import type { Mutation } from "./mutations/mutation.ts";
import { MUTATIONS, type MutationArgs, type MutationName, touchedBy } from "./mutations.ts";
import { isLocalId, type PortalDb } from "./portal-db.ts";

export const NOT_SAVED_YET =
  "This entry has not reached the server yet. Wait until it is saved, or discard it, before changing it.";

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
  const id = deps.randomId();
  const createdAt = deps.now();
  await db.transaction("rw", db.tables, async () => {
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
    });
    const draft = await loadDraft(db, new Map(touchedBy(mutation).map((c) => [c, "local"])), mutation.writes);
    mutation.apply(draft, args, { seq, createdAt });
    await saveDraftChanges(db, draft);
  });
  deps.onQueued();
  return id;
}

/** Each command resolves with the outbox row id, or rejects before anything is stored. */
export function createCommands(deps: CommandDeps) {
  return {
    /** `startTime` is the click time: a timer started offline keeps its real start. */
    async startTimer(
      bossName: string,
      startTime: Date = new Date(deps.now()),
      options: { testDuration?: number } = {},
    ) {
      return enqueue(deps, "startTimer", { bossName, startTime, testDuration: options.testDuration });
    },
    /** Omit the boss to reset every timer. */
    async resetTimers(bossName?: string) {
      return enqueue(deps, "resetTimers", { bossName });
    },
    async createMember(input: CreateMemberArgs) {
      return enqueue(deps, "createMember", input);
    },
    async updateMember(input: UpdateMemberArgs) {
      requireSaved(input.id);
      return enqueue(deps, "updateMember", input);
    },
    async deleteMember(id: number) {
      requireSaved(id);
      return enqueue(deps, "deleteMember", { id });
    },
    async kickMember(id: number, finalSalaryAmount?: MoneyText | null) {
      requireSaved(id);
      return enqueue(deps, "kickMember", { id, finalSalaryAmount });
    },
    async markMemberPaid(id: number) {
      requireSaved(id);
      return enqueue(deps, "markMemberPaid", { id });
    },
    async createMarketItem(input: CreateMarketItemArgs) {
      return enqueue(deps, "createMarketItem", input);
    },
    async updateMarketItem(input: UpdateMarketItemArgs) {
      requireSaved(input.id);
      return enqueue(deps, "updateMarketItem", input);
    },
    async deleteMarketItem(id: number) {
      requireSaved(id);
      return enqueue(deps, "deleteMarketItem", { id });
    },
    async createAttendance(input: CreateAttendanceArgs) {
      return enqueue(deps, "createAttendance", input);
    },
    async updateAttendance(input: UpdateAttendanceArgs) {
      requireSaved(input.id);
      return enqueue(deps, "updateAttendance", input);
    },
    async deleteAttendance(id: number) {
      requireSaved(id);
      return enqueue(deps, "deleteAttendance", { id });
    },
    async createBossName(input: CreateBossNameArgs) {
      return enqueue(deps, "createBossName", input);
    },
    async updateBossName(input: UpdateBossNameArgs) {
      requireSaved(input.id);
      return enqueue(deps, "updateBossName", input);
    },
    async deleteBossName(id: number) {
      requireSaved(id);
      return enqueue(deps, "deleteBossName", { id });
    },
  };
}

export type Commands = ReturnType<typeof createCommands>;
