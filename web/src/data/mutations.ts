/**
 * Every write the app can queue: where it is sent, which collections its local effect reads and writes,
 * which collections to pull again once the server has applied it (SPEC section 7, plus the derived
 * salaries and funds that DECISIONS says the server recalculates), and the local effect itself.
 *
 * The local effect is a pure function of the draft and the row's arguments. It runs once when the command
 * is issued, again whenever its collections are rebuilt from the server's copy while the row is still in
 * the outbox, and once on the base copy when the server acknowledges it. It must tolerate any state (a
 * row that is gone, a collection never pulled) because the server's data may have moved on.
 */

import { type MoneyText, moneyText, readMoney } from "../../../shared/money/money.ts";
import { normalizeParticipants } from "../../../shared/participants/parse-participants.ts";
import { normalizeParticipantInput } from "../../../shared/participants/participant-text.ts";
import { raidCountChanges } from "../../../shared/participants/raid-counts.ts";
import { RESPAWN_HOURS_DEFAULT } from "../../../shared/schemas/boss-names.ts";
import type { MemberCategory } from "../../../shared/schemas/members.ts";
import type { LocalDraft } from "./local-draft.ts";
import type { BossTimerRow, CollectionName, GuildMember, MarketItem } from "./portal-db.ts";

export interface MutationContext {
  /** The outbox row's sequence number; rows created locally get the id -seq until the server's answer. */
  seq: number;
  /** When the command was issued (ms since epoch). */
  createdAt: number;
}

export interface Mutation<A> {
  /** POST path under /_api. */
  path: string;
  reads: readonly CollectionName[];
  writes: readonly CollectionName[];
  refresh: readonly CollectionName[];
  apply(draft: LocalDraft, args: A, context: MutationContext): void;
}

/** Rows created offline carry a negative id until a pull brings the server's row. */
export function localId(seq: number): number {
  return -seq;
}

export function isLocalId(id: number): boolean {
  return id < 0;
}

/**
 * An amount as the server will store it ('40.5' -> '40.50'), read by the same parser; a text the server will
 * refuse stays as given (shown as 'N/A') until its answer arrives. String(): a row queued by an older version
 * may carry a JSON number, which the server reads as the decimal text it spells.
 */
function storedMoney(value: MoneyText): MoneyText {
  const text = String(value);
  const cents = readMoney(text);
  return cents === null ? text : moneyText(cents);
}

function definedOnly<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<T>;
}

const MEMBER_CHANGES = ["guildMembers", "salaryReceipt", "funds"] as const;
const MARKET_CHANGES = ["marketItems", "guildMembers", "salaryReceipt", "funds"] as const;

function patchMember(draft: LocalDraft, id: number, patch: Partial<GuildMember>, at: number): void {
  const member = draft.get("guildMembers", id);
  if (member) draft.put("guildMembers", { ...member, ...patch, updatedAt: new Date(at) });
}

/** Moves the local raid counts as the server does when a record's names go from `before` to `after`. */
function recountRaids(draft: LocalDraft, before: readonly string[], after: readonly string[]): void {
  for (const { member, raidsParticipated } of raidCountChanges(draft.all("guildMembers"), before, after)) {
    draft.put("guildMembers", { ...member, raidsParticipated });
  }
}

/** A record's names as the server stores them: trimmed, without repeats, in the roster's spelling. */
function attendanceNames(draft: LocalDraft, names: readonly string[]): string[] {
  const roster = new Map(draft.all("guildMembers").map((m) => [m.playerName.toLowerCase(), m.playerName]));
  return normalizeParticipants(names).map((name) => roster.get(name.toLowerCase()) ?? name);
}

/** The boss's timer row without a running timer. */
function clearTimer(timer: Pick<BossTimerRow, "bossId" | "bossName" | "respawnTimeHours">): BossTimerRow {
  return { ...timer, startTime: null, endTime: null, durationHours: null, isActive: false, status: null };
}

export interface StartTimerArgs {
  bossName: string;
  /** The click time, so a timer started offline keeps its real start. */
  startTime: Date;
  /** Admins only: a 10-second test timer. */
  testDuration?: number;
}

export interface ResetTimersArgs {
  /** Omitted: every timer. */
  bossName?: string;
}

export interface CreateMemberArgs {
  playerName: string;
  category: MemberCategory;
  mainMemberId?: number | null;
  playerAlias?: string | null;
}

export interface UpdateMemberArgs {
  id: number;
  playerName?: string;
  category?: MemberCategory;
  raidsParticipated?: number;
  salary?: MoneyText;
  mainMemberId?: number | null;
  playerAlias?: string | null;
}

export interface MemberIdArgs {
  id: number;
}

export interface KickMemberArgs {
  id: number;
  finalSalaryAmount?: MoneyText | null;
}

export interface CreateMarketItemArgs {
  lootName: string;
  bossName: string;
  value: MoneyText;
  /** Pending when omitted. */
  status?: string;
  /** A list of names, or the text as stored (JSON array or comma list). */
  participatedMembers: string | string[];
  totalFunds?: MoneyText;
  /** 'YYYY-MM-DD' */
  dateAcquired?: string | null;
}

export interface UpdateMarketItemArgs extends Partial<CreateMarketItemArgs> {
  id: number;
}

export interface IdArgs {
  id: number;
}

export interface CreateAttendanceArgs {
  bossName: string;
  dateAttended: Date;
  participatedMembers: string[];
}

export interface UpdateAttendanceArgs {
  id: number;
  dateAttended: Date;
  participatedMembers: string[];
}

export interface CreateBossNameArgs {
  name: string;
  respawn_time_hours?: number;
}

export interface UpdateBossNameArgs {
  id: number;
  name?: string;
  respawn_time_hours?: number;
}

/** The boss's timer row; the server finds the boss ignoring case too. */
function timerOf(draft: LocalDraft, bossName: string): BossTimerRow | undefined {
  const lower = bossName.toLowerCase();
  return draft.get("timers", bossName) ?? draft.all("timers").find((t) => t.bossName.toLowerCase() === lower);
}

/** The boss's timer span in hours, from its timer row or the boss list; undefined when unknown or fixed. */
function respawnHours(draft: LocalDraft, bossName: string): number | undefined {
  const lower = bossName.toLowerCase();
  const fromTimer = timerOf(draft, bossName)?.respawnTimeHours;
  const hours =
    typeof fromTimer === "number"
      ? fromTimer
      : draft.all("bossNames").find((b) => b.name.toLowerCase() === lower)?.respawnTimeHours;
  return typeof hours === "number" && hours > 0 ? hours : undefined;
}

/** A timer row for a boss that has none yet, from the boss list when it is there. */
function newTimer(draft: LocalDraft, bossName: string, seq: number): BossTimerRow {
  const lower = bossName.toLowerCase();
  const boss = draft.all("bossNames").find((b) => b.name.toLowerCase() === lower);
  return clearTimer({
    bossId: boss?.id ?? localId(seq),
    bossName: boss?.name ?? bossName,
    respawnTimeHours: boss?.respawnTimeHours ?? RESPAWN_HOURS_DEFAULT,
  });
}

/** Gives an entry the full Mutation type, so every apply takes (draft, args, context). */
function mutation<A>(definition: Mutation<A>): Mutation<A> {
  return definition;
}

export const MUTATIONS = {
  startTimer: mutation<StartTimerArgs>({
    path: "/boss-timers",
    reads: ["bossNames"],
    writes: ["timers"],
    refresh: ["timers"],
    apply(draft, args, { seq }) {
      const start = new Date(args.startTime);
      const hours =
        args.testDuration !== undefined ? args.testDuration / 3600 : respawnHours(draft, args.bossName);
      const timer = timerOf(draft, args.bossName) ?? newTimer(draft, args.bossName, seq);
      draft.put("timers", {
        ...timer,
        startTime: start,
        endTime: hours === undefined ? null : new Date(start.getTime() + hours * 3_600_000),
        durationHours: hours ?? null,
        isActive: true,
        status: "active",
      });
    },
  }),

  resetTimers: mutation<ResetTimersArgs>({
    path: "/boss-timers/delete",
    reads: [],
    writes: ["timers"],
    refresh: ["timers"],
    apply(draft, args) {
      const timers =
        args.bossName === undefined
          ? draft.all("timers")
          : [timerOf(draft, args.bossName)].filter((t) => t !== undefined);
      for (const timer of timers) draft.put("timers", clearTimer(timer));
    },
  }),

  createMember: mutation<CreateMemberArgs>({
    path: "/guild-members",
    reads: [],
    writes: ["guildMembers"],
    refresh: ["guildMembers"],
    apply(draft, args, { seq, createdAt }) {
      draft.put("guildMembers", {
        id: localId(seq),
        playerName: args.playerName,
        category: args.category,
        raidsParticipated: 0,
        salary: "0.00",
        status: "active",
        kickedDate: null,
        finalSalaryAmount: null,
        mainMemberId: args.mainMemberId ?? null,
        playerAlias: args.playerAlias ?? null,
        createdAt: new Date(createdAt),
        updatedAt: new Date(createdAt),
      });
    },
  }),

  updateMember: mutation<UpdateMemberArgs>({
    path: "/guild-member/update",
    reads: [],
    writes: ["guildMembers"],
    refresh: MEMBER_CHANGES,
    apply(draft, { id, salary, ...rest }, { createdAt }) {
      const patch: Partial<GuildMember> = definedOnly(rest);
      if (salary !== undefined) patch.salary = storedMoney(salary);
      patchMember(draft, id, patch, createdAt);
    },
  }),

  deleteMember: mutation<MemberIdArgs>({
    path: "/guild-member/delete",
    reads: [],
    writes: ["guildMembers"],
    refresh: MEMBER_CHANGES,
    apply(draft, args) {
      draft.delete("guildMembers", args.id);
    },
  }),

  kickMember: mutation<KickMemberArgs>({
    path: "/guild-member/kick",
    reads: [],
    writes: ["guildMembers"],
    refresh: ["guildMembers"],
    apply(draft, args, { createdAt }) {
      patchMember(
        draft,
        args.id,
        {
          status: "kicked",
          kickedDate: new Date(createdAt),
          ...(args.finalSalaryAmount === undefined || args.finalSalaryAmount === null
            ? {}
            : { finalSalaryAmount: storedMoney(args.finalSalaryAmount) }),
        },
        createdAt,
      );
    },
  }),

  markMemberPaid: mutation<MemberIdArgs>({
    path: "/guild-member/mark-paid",
    reads: [],
    writes: ["guildMembers"],
    refresh: ["guildMembers"],
    apply(draft, args, { createdAt }) {
      patchMember(draft, args.id, { status: "paid_out" }, createdAt);
    },
  }),

  createMarketItem: mutation<CreateMarketItemArgs>({
    path: "/market-exchange",
    reads: [],
    writes: ["marketItems"],
    refresh: MARKET_CHANGES,
    apply(draft, args, { seq, createdAt }) {
      const item: MarketItem = {
        id: localId(seq),
        lootName: args.lootName,
        bossName: args.bossName,
        value: storedMoney(args.value),
        status: args.status ?? "Pending",
        participatedMembers: normalizeParticipantInput(args.participatedMembers),
        totalFunds: storedMoney(args.totalFunds ?? "0"),
        dateAcquired: args.dateAcquired ?? null,
        createdAt: new Date(createdAt),
        updatedAt: new Date(createdAt),
      };
      draft.put("marketItems", item);
    },
  }),

  updateMarketItem: mutation<UpdateMarketItemArgs>({
    path: "/market-exchange/update",
    reads: [],
    writes: ["marketItems"],
    refresh: MARKET_CHANGES,
    apply(draft, { id, value, totalFunds, participatedMembers, ...rest }, { createdAt }) {
      const item = draft.get("marketItems", id);
      if (!item) return;
      const patch: Partial<MarketItem> = definedOnly(rest);
      if (participatedMembers !== undefined)
        patch.participatedMembers = normalizeParticipantInput(participatedMembers);
      if (value !== undefined) patch.value = storedMoney(value);
      if (totalFunds !== undefined) patch.totalFunds = storedMoney(totalFunds);
      draft.put("marketItems", { ...item, ...patch, updatedAt: new Date(createdAt) });
    },
  }),

  deleteMarketItem: mutation<IdArgs>({
    path: "/market-exchange/delete",
    reads: [],
    writes: ["marketItems"],
    refresh: MARKET_CHANGES,
    apply(draft, args) {
      draft.delete("marketItems", args.id);
    },
  }),

  createAttendance: mutation<CreateAttendanceArgs>({
    path: "/attendance",
    reads: [],
    writes: ["attendance", "guildMembers"],
    refresh: ["attendance", "guildMembers", "salaryReceipt"],
    apply(draft, args, { seq, createdAt }) {
      const participatedMembers = attendanceNames(draft, args.participatedMembers);
      draft.put("attendance", {
        id: localId(seq),
        bossName: args.bossName,
        dateAttended: new Date(args.dateAttended),
        participatedMembers,
        createdAt: new Date(createdAt),
      });
      recountRaids(draft, [], participatedMembers);
    },
  }),

  updateAttendance: mutation<UpdateAttendanceArgs>({
    path: "/attendance/update",
    reads: [],
    writes: ["attendance", "guildMembers"],
    refresh: ["attendance", "guildMembers", "salaryReceipt"],
    apply(draft, args) {
      const record = draft.get("attendance", args.id);
      if (!record) return;
      const participatedMembers = attendanceNames(draft, args.participatedMembers);
      recountRaids(draft, record.participatedMembers, participatedMembers);
      draft.put("attendance", { ...record, dateAttended: new Date(args.dateAttended), participatedMembers });
    },
  }),

  deleteAttendance: mutation<IdArgs>({
    path: "/attendance/delete",
    reads: [],
    writes: ["attendance", "guildMembers"],
    refresh: ["attendance", "guildMembers", "salaryReceipt"],
    apply(draft, args) {
      const record = draft.get("attendance", args.id);
      if (!record) return;
      draft.delete("attendance", args.id);
      recountRaids(draft, record.participatedMembers, []);
    },
  }),

  createBossName: mutation<CreateBossNameArgs>({
    path: "/boss-names",
    reads: [],
    writes: ["bossNames", "timers"],
    refresh: ["bossNames", "timers"],
    apply(draft, args, { seq }) {
      const hours = args.respawn_time_hours ?? RESPAWN_HOURS_DEFAULT;
      draft.put("bossNames", { id: localId(seq), name: args.name, respawnTimeHours: hours });
      if (!draft.get("timers", args.name)) {
        draft.put(
          "timers",
          clearTimer({ bossName: args.name, bossId: localId(seq), respawnTimeHours: hours }),
        );
      }
    },
  }),

  updateBossName: mutation<UpdateBossNameArgs>({
    path: "/boss-names/update",
    reads: [],
    writes: ["bossNames", "timers"],
    refresh: ["bossNames", "timers"],
    apply(draft, args) {
      const boss = draft.get("bossNames", args.id);
      if (!boss) return;
      const renamed = {
        ...boss,
        ...definedOnly({ name: args.name, respawnTimeHours: args.respawn_time_hours }),
      };
      draft.put("bossNames", renamed);
      const timer = draft.get("timers", boss.name);
      if (!timer) return;
      draft.delete("timers", boss.name);
      draft.put("timers", { ...timer, bossName: renamed.name, respawnTimeHours: renamed.respawnTimeHours });
    },
  }),

  deleteBossName: mutation<IdArgs>({
    path: "/boss-names/delete",
    reads: [],
    writes: ["bossNames", "timers"],
    refresh: ["bossNames", "timers"],
    apply(draft, args) {
      const boss = draft.get("bossNames", args.id);
      if (!boss) return;
      draft.delete("bossNames", args.id);
      draft.delete("timers", boss.name);
    },
  }),
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
