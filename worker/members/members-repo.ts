import type { GuildMember, MemberStatusFilter } from "@shared/schemas/members.ts";
import type { Queryable } from "../db/types.ts";
import { writtenAfter } from "../sync/changes-repo.ts";

const COLUMNS = `id, player_name AS "playerName", category, raids_participated AS "raidsParticipated", salary, status,
  kicked_date AS "kickedDate", final_salary_amount AS "finalSalaryAmount", main_member_id AS "mainMemberId",
  player_alias AS "playerAlias", created_at AS "createdAt", updated_at AS "updatedAt"`;

/** The roster's default order: Guild Master, Core, Members, then player name. */
const ROSTER_ORDER = `CASE category WHEN 'Guild Master' THEN 1 WHEN 'Core' THEN 2 ELSE 3 END, lower(player_name), id`;

/** The roster; with `changedSince` (a sync cursor, worker/sync) only the rows written since. */
export async function listMembers(
  q: Queryable,
  status: MemberStatusFilter,
  changedSince: string | null = null,
): Promise<GuildMember[]> {
  return q.query<GuildMember>(
    `SELECT ${COLUMNS} FROM guild_members
      WHERE ($1::text = 'all' OR status = $1) AND ($2::pg_snapshot IS NULL OR ${writtenAfter("$2")})
      ORDER BY ${ROSTER_ORDER}`,
    [status, changedSince],
  );
}

export async function getMember(
  q: Queryable,
  id: number,
  forUpdate = false,
): Promise<GuildMember | undefined> {
  const rows = await q.query<GuildMember>(
    `SELECT ${COLUMNS} FROM guild_members WHERE id = $1${forUpdate ? " FOR UPDATE" : ""}`,
    [id],
  );
  return rows[0];
}

/** Every member's name and alias: the roster is small (about 200), so a name check loads it whole. */
export async function listRosterNames(
  q: Queryable,
): Promise<{ id: number; playerName: string; playerAlias: string | null }[]> {
  return q.query(`SELECT id, player_name AS "playerName", player_alias AS "playerAlias" FROM guild_members`);
}

/** Members linked to `mainId` as its other characters, by id. */
export async function listCharacters(q: Queryable, mainId: number): Promise<GuildMember[]> {
  return q.query<GuildMember>(`SELECT ${COLUMNS} FROM guild_members WHERE main_member_id = $1 ORDER BY id`, [
    mainId,
  ]);
}

export interface NewMember {
  playerName: string;
  category: string;
  mainMemberId: number | null;
  playerAlias: string | null;
}

export async function insertMember(q: Queryable, input: NewMember): Promise<GuildMember> {
  const rows = await q.query<GuildMember>(
    `INSERT INTO guild_members (player_name, category, main_member_id, player_alias) VALUES ($1, $2, $3, $4)
     RETURNING ${COLUMNS}`,
    [input.playerName, input.category, input.mainMemberId, input.playerAlias],
  );
  return rows[0] as GuildMember;
}

export interface MemberPatch {
  playerName?: string;
  category?: string;
  mainMemberId?: number | null;
  playerAlias?: string | null;
  status?: string;
  kickedDate?: Date | null;
  /** A numeric string, or null. */
  finalSalaryAmount?: string | null;
}

const PATCH_COLUMNS: Record<keyof MemberPatch, string> = {
  playerName: "player_name",
  category: "category",
  mainMemberId: "main_member_id",
  playerAlias: "player_alias",
  status: "status",
  kickedDate: "kicked_date",
  finalSalaryAmount: "final_salary_amount",
};

/** Sets the given fields; answers the member as stored. */
export async function updateMember(q: Queryable, id: number, patch: MemberPatch): Promise<GuildMember> {
  const sets: string[] = [];
  const params: unknown[] = [id];
  for (const [key, column] of Object.entries(PATCH_COLUMNS) as [keyof MemberPatch, string][]) {
    if (patch[key] === undefined) continue;
    params.push(patch[key]);
    sets.push(`${column} = $${params.length}`);
  }
  if (sets.length === 0) return (await getMember(q, id)) as GuildMember;
  const rows = await q.query<GuildMember>(
    `UPDATE guild_members SET ${sets.join(", ")} WHERE id = $1 RETURNING ${COLUMNS}`,
    params,
  );
  return rows[0] as GuildMember;
}

export async function deleteMember(q: Queryable, id: number): Promise<void> {
  await q.query("DELETE FROM guild_members WHERE id = $1", [id]);
}
