/**
 * Which queued writes must keep their order (decision 034): those to the same row. Each write names the rows
 * it writes or depends on (its scopes); a write is sent only once every earlier write sharing a scope is
 * done (applied or refused) or goes in the same batch before it. A write that waits (a backoff, another
 * tab's claim) holds back only the writes that share a scope with it, and the writes behind those.
 *
 * A scope is "table:row", or "table:*" for every row of a table (a rename, a delete, a reset of every
 * timer); "*" orders a write against everything (a write this version of the app does not know).
 */
import type { MutationArgs, MutationName } from "./mutations.ts";
import type { OutboxRow } from "./portal-db.ts";

type Scopes = readonly string[];

const lower = (name: unknown) => String(name).trim().toLowerCase();
const boss = (name: unknown) => `boss:${lower(name)}`;
/** Members by name: creates, and the records and loot that name them (attendance refuses unknown names). */
const memberNamed = (name: unknown) => `member:${lower(name)}`;
const memberId = (id: number) => `member:#${id}`;

/** A field of the arguments, at the top or one level down (an update's changed fields may be grouped). */
function field(args: unknown, name: string): unknown {
  if (typeof args !== "object" || args === null) return undefined;
  const record = args as Record<string, unknown>;
  if (record[name] !== undefined) return record[name];
  for (const value of Object.values(record)) {
    if (typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date)) {
      const inner = (value as Record<string, unknown>)[name];
      if (inner !== undefined) return inner;
    }
  }
  return undefined;
}

/** The names in a participant list, given as a list or as the stored text (a JSON array or a comma list). */
function participants(args: unknown): string[] {
  const value = field(args, "participatedMembers");
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== "string") return [];
  try {
    const parsed: unknown = JSON.parse(value);
    if (Array.isArray(parsed)) return parsed.map(String);
  } catch {
    // a comma list
  }
  return value.split(",");
}

const named = (args: unknown) => participants(args).map(memberNamed);

/** A write to a member by id; one that renames it is ordered against every write naming members. */
const memberEdit = (args: { id: number }) =>
  field(args, "playerName") === undefined ? [memberId(args.id)] : ["member:*"];

const SCOPES: { [N in MutationName]: (args: MutationArgs<N>) => Scopes } = {
  startTimer: (args) => [boss(args.bossName)],
  // Behind the start it takes back, which has the same row.
  undoTimerStart: (args) => [boss(args.bossName)],
  resetTimers: (args) => [args.bossName === undefined ? "boss:*" : boss(args.bossName)],
  noSpawn: (args) => [boss(args.bossName)],
  createBossName: (args) => [boss(args.name)],
  // A boss's timer row goes by its name, which these change or remove.
  updateBossName: () => ["boss:*"],
  deleteBossName: () => ["boss:*"],
  createMember: (args) => [memberNamed(args.playerName)],
  updateMember: memberEdit,
  // Kicked, paid-out and deleted members change which names a record or a loot item may carry.
  deleteMember: () => ["member:*"],
  kickMember: () => ["member:*"],
  markMemberPaid: () => ["member:*"],
  createMarketItem: (args) => named(args),
  updateMarketItem: (args) => [`loot:#${args.id}`, ...named(args)],
  deleteMarketItem: (args) => [`loot:#${args.id}`],
  createAttendance: (args) => named(args),
  updateAttendance: (args) => [`attendance:#${args.id}`, ...named(args)],
  deleteAttendance: (args) => [`attendance:#${args.id}`],
  // A payout is checked against its member's balance, which a kick or another payout moves.
  createPayout: (args) => [memberId(args.memberId)],
  deletePayout: (args) => [`payout:#${args.id}`],
  // A spending is checked against its fund's balance, which the fund's other spending moves.
  createSpending: (args) => [`fund:${args.fund}`],
  deleteSpending: () => ["fund:*"],
};

/** The scopes of a queued row; ["*"] for a write this version of the app does not know. */
export function scopesOf(row: Pick<OutboxRow, "name" | "args">): Scopes {
  if (!Object.hasOwn(SCOPES, row.name)) return ["*"];
  try {
    return (SCOPES[row.name as MutationName] as (args: unknown) => Scopes)(row.args);
  } catch {
    return ["*"];
  }
}

const tableOf = (scope: string) => scope.slice(0, scope.indexOf(":"));

/** The scopes of the writes that are waiting or held back, which the writes after them must stay behind. */
export class HeldScopes {
  private everything = false;
  private readonly rows = new Set<string>();
  private readonly tables = new Set<string>();
  private readonly wholeTables = new Set<string>();

  hold(scopes: Scopes): void {
    for (const scope of scopes) {
      if (scope === "*") this.everything = true;
      else if (scope.endsWith(":*")) this.wholeTables.add(tableOf(scope));
      else {
        this.rows.add(scope);
        this.tables.add(tableOf(scope));
      }
    }
  }

  /** Whether a write with these scopes must stay behind one held. */
  holds(scopes: Scopes): boolean {
    if (this.everything) return true;
    return scopes.some((scope) => {
      if (scope === "*") return this.rows.size > 0 || this.wholeTables.size > 0;
      const table = tableOf(scope);
      if (this.wholeTables.has(table)) return true;
      return scope.endsWith(":*") ? this.tables.has(table) : this.rows.has(scope);
    });
  }
}
