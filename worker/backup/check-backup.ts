/**
 * A restore is checked like every write (docs/decisions/054): before anything is replaced, every row of every
 * table of the (upgraded) file goes through the column rules (backup-rules.ts), and then through what needs other
 * rows: no key twice, names unique as the database and the API have them, every reference to a row of the file,
 * main and alt characters one level deep (so never a circle), accounts linked to main characters, and participant
 * lists the shared parser reads without guessing; then totals within the money range (check-totals.ts). Every
 * problem is listed with its table, key and reason.
 */

import {
  indexParticipantRoster,
  membersNamed,
  type ParticipantRosterIndex,
  type ParticipantRosterMember,
  parseParticipantNames,
} from "@shared/participants/parse-participants.ts";
import {
  findParticipantCorruption,
  type ParticipantCorruption,
} from "@shared/participants/participant-corruption.ts";
import { percentText, WHOLE_BP } from "@shared/salary/split-rules.ts";
import {
  ACCOUNT_LINK_MESSAGES,
  linkToAltMessage,
  memberTakenMessage,
} from "@shared/schemas/account-links.ts";
import { ACCOUNT_MESSAGES } from "@shared/schemas/accounts.ts";
import {
  attendanceBossNotFound,
  MAX_PARTICIPANTS,
  PARTICIPANT_REQUIRED,
  TOO_MANY_PARTICIPANTS,
} from "@shared/schemas/attendance.ts";
import { type BackupFile, ProblemList, type RestoreRefusal } from "@shared/schemas/backup.ts";
import { duplicateBossName } from "@shared/schemas/boss-names.ts";
import { DISCORD_SIGN_IN_MESSAGES } from "@shared/schemas/discord-sign-in.ts";
import { MAX_LOOT_PARTICIPANTS, TOO_MANY_LOOT_PARTICIPANTS } from "@shared/schemas/market.ts";
import {
  ALIAS_ON_LINKED_CHARACTER,
  aliasIsNameMessage,
  duplicateAliasMessage,
  duplicateMemberMessage,
  MAIN_MEMBER_IS_LINKED,
  MAIN_MEMBER_NOT_FOUND,
  MAIN_MEMBER_SELF,
  memberNotFoundMessage,
} from "@shared/schemas/members.ts";
import { splitNotWhole } from "@shared/schemas/split-rules.ts";
import { textProblem } from "../app/validate.ts";
import { COLUMN_RULES, type RuleContext, ruleContext } from "./backup-rules.ts";
import { BACKUP_TABLES } from "./backup-tables.ts";
import { checkTotals, salaryRoster } from "./check-totals.ts";
import { TableView } from "./table-view.ts";

/** Tables and columns against this database's: a file naming others cannot be read at all. */
function checkLayout(
  backup: BackupFile,
  catalog: ReadonlyMap<string, readonly string[]>,
  problems: ProblemList,
): void {
  const known = new Set(BACKUP_TABLES.map((t) => t.name));
  for (const name of Object.keys(backup.tables))
    if (!known.has(name))
      problems.add({ table: name, key: null, reason: "no Guild Portal backup holds a table of this name." });
  for (const spec of BACKUP_TABLES) {
    const table = backup.tables[spec.name];
    if (!table) {
      if (!spec.secret) problems.add({ table: spec.name, key: null, reason: "the table is missing." });
      continue;
    }
    const names = catalog.get(spec.name) ?? [];
    const rules = COLUMN_RULES[spec.name] ?? {};
    const unruled = names.filter((name) => !(name in rules));
    // A migration added a column and nobody said what it accepts: a defect of this portal, not of the file.
    if (unruled.length > 0) throw new Error(`No restore rule for ${spec.name}.${unruled.join(", ")}`);
    const missing = names.filter((name) => !table.columns.includes(name));
    const extra = table.columns.filter((name) => !names.includes(name));
    if (missing.length > 0)
      problems.add({ table: spec.name, key: null, reason: `it lacks ${missing.join(", ")}.` });
    if (extra.length > 0)
      problems.add({ table: spec.name, key: null, reason: `it has unknown columns ${extra.join(", ")}.` });
  }
}

/** What a value is that is not text: "a number (42)", "an object". */
function kindOf(value: unknown): string {
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "an object";
  return `a ${typeof value} (${String(value).slice(0, 40)})`;
}

/** Every value: text or null, text PostgreSQL can hold as it is, and what its column accepts. */
function checkValues(view: TableView, context: RuleContext): void {
  const rules = COLUMN_RULES[view.spec.name] ?? {};
  for (const [row, cells] of view.rows.entries()) {
    for (const [i, column] of view.columns.entries()) {
      const rule = rules[column];
      const value = cells[i];
      if (rule === undefined) continue;
      if (value === null) {
        if (!rule.nullable) view.refuse(row, column, "is empty (null), and it is required.");
        continue;
      }
      if (typeof value !== "string") {
        view.refuse(row, column, `${kindOf(value)} where text belongs.`);
        continue;
      }
      const problem = textProblem(value) ?? rule.check(value, context);
      if (problem !== undefined) view.refuse(row, column, problem);
    }
  }
}

/**
 * A column whose values must differ (with `fold`, ignoring letter case as the unique indexes on lower() and the
 * API do). The second and later rows with a value are refused, naming the first.
 */
function checkUnique(
  view: TableView,
  column: string,
  message: (value: string) => string,
  fold = false,
): void {
  const first = new Map<string, number>();
  for (let row = 0; row < view.rows.length; row++) {
    const value = view.get(row, column);
    if (value === null) continue;
    const folded = fold ? value.toLowerCase() : value;
    const earlier = first.get(folded);
    if (earlier === undefined) first.set(folded, row);
    else view.refuse(row, column, `${message(value).replace(/\.$/, "")} (${view.key(earlier)}).`);
  }
}

/** A key twice: the database would refuse it, and the restore used to drop the second row unseen. */
function checkPrimaryKey(view: TableView): void {
  const first = new Map<string, number>();
  for (let row = 0; row < view.rows.length; row++) {
    const value = view.get(row, view.spec.key);
    if (value === null) continue;
    const earlier = first.get(value);
    if (earlier === undefined) first.set(value, row);
    else view.refuse(row, view.spec.key, `is in the file twice: rows ${earlier + 1} and ${row + 1} have it.`);
  }
}

/** The rows of `view` by a column's text (the first row with each value). */
function rowsBy(view: TableView, column: string): Map<string, number> {
  const found = new Map<string, number>();
  for (let row = 0; row < view.rows.length; row++) {
    const value = view.get(row, column);
    if (value !== null && !found.has(value)) found.set(value, row);
  }
  return found;
}

interface Reference {
  table: string;
  column: string;
  to: string;
  toColumn: string;
  message: (value: string) => string;
}

const toAccount = (table: string, column: string): Reference => ({
  table,
  column,
  to: "users",
  toColumn: "id",
  message: () => ACCOUNT_MESSAGES.notFound,
});

/** Columns that name a row of another table: the database's foreign keys, checked before it sees them. */
const REFERENCES: readonly Reference[] = [
  toAccount("user_passwords", "user_id"),
  {
    table: "boss_timers",
    column: "boss_name",
    to: "boss_names",
    toColumn: "name",
    message: attendanceBossNotFound,
  },
  toAccount("boss_timers", "started_by"),
  toAccount("attendance_records", "created_by"),
  {
    table: "payouts",
    column: "member_id",
    to: "guild_members",
    toColumn: "id",
    message: (v) => memberNotFoundMessage(Number(v)),
  },
  toAccount("payouts", "recorded_by"),
  toAccount("fund_spending", "recorded_by"),
  toAccount("audit_log", "actor_id"),
];

function checkReferences(views: ReadonlyMap<string, TableView>): void {
  for (const ref of REFERENCES) {
    const view = views.get(ref.table);
    const target = views.get(ref.to);
    if (!view || !target) continue;
    const targets = rowsBy(target, ref.toColumn);
    for (let row = 0; row < view.rows.length; row++) {
      const value = view.get(row, ref.column);
      if (value !== null && !targets.has(value)) view.refuse(row, ref.column, ref.message(value));
    }
  }
}

/** Members whose main-character links go round: each member of a circle, with the circle's ids in order. */
function circles(mainOf: ReadonlyMap<string, string>): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const done = new Set<string>();
  for (const start of mainOf.keys()) {
    const path: string[] = [];
    const onPath = new Map<string, number>();
    let at: string | undefined = start;
    while (at !== undefined && !done.has(at) && !onPath.has(at)) {
      onPath.set(at, path.length);
      path.push(at);
      at = mainOf.get(at);
    }
    if (at !== undefined && onPath.has(at)) {
      const circle = path.slice(onPath.get(at));
      for (const id of circle) found.set(id, circle);
    }
    for (const id of path) done.add(id);
  }
  return found;
}

/**
 * The API's rules for main and alt characters (worker/members): a main character exists, is another member and
 * is not itself linked; only a main character has a player alias. Names and aliases share one namespace.
 */
function checkMembers(members: TableView): void {
  checkUnique(members, "player_name", duplicateMemberMessage, true);
  checkUnique(members, "player_alias", duplicateAliasMessage, true);
  const names = new Set<string>();
  for (let row = 0; row < members.rows.length; row++)
    names.add(members.get(row, "player_name")?.toLowerCase() ?? "");
  const byId = rowsBy(members, "id");
  const mainOf = new Map<string, string>();
  for (let row = 0; row < members.rows.length; row++) {
    const id = members.get(row, "id");
    const main = members.get(row, "main_member_id");
    if (id !== null && main !== null && byId.get(id) === row) mainOf.set(id, main);
  }
  const circleOf = circles(mainOf);
  for (let row = 0; row < members.rows.length; row++) {
    const id = members.get(row, "id");
    const main = members.get(row, "main_member_id");
    const alias = members.get(row, "player_alias");
    if (alias !== null && names.has(alias.toLowerCase()))
      members.refuse(row, "player_alias", aliasIsNameMessage(alias));
    if (main === null) continue;
    const circle = id === null ? undefined : circleOf.get(id);
    const mainRow = byId.get(main);
    if (main === id) members.refuse(row, "main_member_id", MAIN_MEMBER_SELF);
    else if (mainRow === undefined) members.refuse(row, "main_member_id", MAIN_MEMBER_NOT_FOUND);
    else if (circle !== undefined && id !== null) {
      // Told from this member round: 3 → 2 → 3.
      const from = circle.indexOf(id);
      const round = [...circle.slice(from), ...circle.slice(0, from), id];
      members.refuse(
        row,
        "main_member_id",
        `main and alt characters link in a circle (${round.join(" → ")}).`,
      );
    } else if (members.get(mainRow, "main_member_id") !== null)
      members.refuse(row, "main_member_id", MAIN_MEMBER_IS_LINKED);
    if (alias !== null) members.refuse(row, "player_alias", ALIAS_ON_LINKED_CHARACTER);
  }
}

/** An account links to at most one main character, and a character to at most one account (decision 051). */
function checkAccountLinks(users: TableView, members: TableView | undefined): void {
  checkUnique(users, "email", () => ACCOUNT_MESSAGES.duplicateEmail);
  checkUnique(users, "discord_id", () => DISCORD_SIGN_IN_MESSAGES.accountTwice);
  if (!members) return;
  const memberRows = rowsBy(members, "id");
  const linked = new Map<string, number>();
  for (let row = 0; row < users.rows.length; row++) {
    const memberId = users.get(row, "member_id");
    if (memberId === null) continue;
    const memberRow = memberRows.get(memberId);
    if (memberRow === undefined) {
      users.refuse(row, "member_id", ACCOUNT_LINK_MESSAGES.memberNotFound);
      continue;
    }
    const name = members.get(memberRow, "player_name") ?? `id ${memberId}`;
    const main = members.get(memberRow, "main_member_id");
    const mainRow = main === null ? undefined : memberRows.get(main);
    const earlier = linked.get(memberId);
    if (mainRow !== undefined)
      users.refuse(
        row,
        "member_id",
        linkToAltMessage(name, members.get(mainRow, "player_name") ?? `id ${main}`),
      );
    else if (earlier !== undefined)
      users.refuse(
        row,
        "member_id",
        memberTakenMessage(name, users.get(earlier, "email") ?? users.key(earlier)),
      );
    else linked.set(memberId, row);
  }
}

const CORRUPTION: Readonly<Record<ParticipantCorruption, string>> = {
  "malformed-json": "starts like a JSON list but is not valid JSON.",
  "json-not-array": "is JSON but not a list of names.",
  "non-string-entry": "holds an entry that is not a name.",
  "empty-entry": "holds an empty name.",
  "no-names": "holds no names.",
  "control-character": "holds a name with a control character.",
  "refused-character": "holds a name with an invisible, control or broken character.",
  "stray-character": 'holds a name with one of [ ] { } " \\.',
  "placeholder-entry": "holds a name that is null, undefined or NaN.",
  "name-too-long": "holds a name longer than 100 characters.",
};

interface ListLimits {
  max: number;
  tooMany: string;
  /** At least one name (attendance); a loot item may have none. */
  required: boolean;
}

/**
 * A stored participant list, read by the shared parser without guessing: the JSON list of names the portal writes
 * (names off the roster allowed, as the API allows them), or an older comma-separated list, taken only when every
 * name in it is a member or a player's alias: free text such as "not json at all" would otherwise become an earner.
 */
function participantProblem(
  text: string,
  roster: ParticipantRosterIndex<ParticipantRosterMember>,
  limits: ListLimits,
): string | undefined {
  const corruption = findParticipantCorruption(text);
  if (corruption !== null) return `is not a participant list: it ${CORRUPTION[corruption]}`;
  const names = parseParticipantNames(text);
  if (names.length === 0) return limits.required ? PARTICIPANT_REQUIRED : undefined;
  if (names.length > limits.max) return limits.tooMany;
  if (text.trim().startsWith("[")) return undefined;
  const unknown = names.filter((name) => membersNamed(name, roster).length === 0);
  if (unknown.length === 0) return undefined;
  const listed = unknown
    .slice(0, 5)
    .map((name) => JSON.stringify(name))
    .join(", ");
  return (
    `is not a JSON list of names, and read as a comma-separated list it names ${unknown.length === 1 ? "someone" : `${unknown.length} people`} ` +
    `not on the roster (${listed}${unknown.length > 5 ? ", …" : ""}): only a JSON list may name people off the roster.`
  );
}

function checkParticipants(views: ReadonlyMap<string, TableView>): void {
  const roster = indexParticipantRoster(salaryRoster(views.get("guild_members")));
  const lists: [string, ListLimits][] = [
    ["market_exchange", { max: MAX_LOOT_PARTICIPANTS, tooMany: TOO_MANY_LOOT_PARTICIPANTS, required: false }],
    ["attendance_records", { max: MAX_PARTICIPANTS, tooMany: TOO_MANY_PARTICIPANTS, required: true }],
  ];
  for (const [table, limits] of lists) {
    const view = views.get(table);
    if (!view) continue;
    for (let row = 0; row < view.rows.length; row++) {
      const text = view.get(row, "participated_members");
      if (text === null) continue;
      const problem = participantProblem(text, roster, limits);
      if (problem !== undefined) view.refuse(row, "participated_members", problem);
    }
  }
}

/** A rule set's four parts add up to 100% (decision 075), as the database's own check has it. */
function checkSplitRules(rules: TableView): void {
  for (let row = 0; row < rules.rows.length; row++) {
    const parts = ["guild_fund_bp", "admin_fund_bp", "elite_pool_bp", "base_pool_bp"].map((c) =>
      rules.get(row, c),
    );
    if (parts.some((part) => part === null)) continue;
    const total = parts.reduce((sum, part) => sum + Number(part), 0);
    if (total !== WHOLE_BP) rules.refuse(row, "base_pool_bp", splitNotWhole(percentText(total)));
  }
}

function checkTimers(timers: TableView): void {
  checkUnique(timers, "boss_name", (name) => `another timer is for ${name}; a boss has one timer`);
  for (let row = 0; row < timers.rows.length; row++) {
    const start = timers.get(row, "start_time");
    const end = timers.get(row, "end_time");
    if (start !== null && end !== null && Date.parse(end) <= Date.parse(start))
      timers.refuse(row, "end_time", "must be after start_time.");
  }
}

/**
 * Checks an upgraded backup against this database's tables (`catalog`: each backed-up table's columns) at the
 * restore's clock. Answers the refusal, or null when every row may be restored.
 */
export function checkBackup(
  backup: BackupFile,
  catalog: ReadonlyMap<string, readonly string[]>,
  now: Date,
): RestoreRefusal | null {
  const problems = new ProblemList();
  checkLayout(backup, catalog, problems);
  if (problems.count > 0) return problems.refusal();
  const views = new Map<string, TableView>();
  const context = ruleContext(now);
  for (const [group, spec] of BACKUP_TABLES.entries()) {
    const table = backup.tables[spec.name];
    if (!table) continue;
    const view = new TableView(spec, group, table.columns, table.rows as unknown[][], problems);
    views.set(spec.name, view);
    checkValues(view, context);
    checkPrimaryKey(view);
  }
  const members = views.get("guild_members");
  if (members) checkMembers(members);
  const users = views.get("users");
  if (users) checkAccountLinks(users, members);
  const bosses = views.get("boss_names");
  if (bosses) checkUnique(bosses, "name", duplicateBossName, true);
  const timers = views.get("boss_timers");
  if (timers) checkTimers(timers);
  const rules = views.get("split_rules");
  if (rules) checkSplitRules(rules);
  checkReferences(views);
  checkParticipants(views);
  checkTotals(views);
  return problems.count > 0 ? problems.refusal() : null;
}
