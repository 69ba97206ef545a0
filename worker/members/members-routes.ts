/**
 * Guild members: admins list, add, edit, kick, mark paid and delete; the public roster lists active members.
 * Salary and raidsParticipated are derived (docs/decisions/010): salary by the recalculation every write here
 * runs when it can change salaries, raidsParticipated by attendance.
 */
import { MEMBER_CALLS } from "@shared/contract/members.ts";
import { moneyText } from "@shared/money/money.ts";
import {
  ALIAS_ON_LINKED_CHARACTER,
  deleteKickedMessage,
  type GuildMember,
  kickNotActiveMessage,
  MAIN_MEMBER_IS_LINKED,
  MAIN_MEMBER_NOT_FOUND,
  MAIN_MEMBER_SELF,
  MEMBER_HAS_CHARACTERS,
  MEMBER_NOT_FOUND,
  markPaidNotKickedMessage,
  memberGoneMessage,
  type UpdateMemberInput,
} from "@shared/schemas/members.ts";
import { ApiError } from "../app/api-error.ts";
import { goneRow, textOf } from "../app/gone-row.ts";
import { mergeOrConflict } from "../app/merge-update.ts";
import { sendData } from "../app/respond.ts";
import { serveCalls } from "../app/serve-calls.ts";
import { type WriteTools, write } from "../app/write.ts";
import type { Queryable } from "../db/types.ts";
import { recordFinalPayout } from "../payouts/final-payout.ts";
import { dayIn } from "../payouts/payout-day.ts";
import { PAYOUT_ENTITY } from "../payouts/payouts-repo.ts";
import { lockDerivedFigures, redistributeAndAudit } from "../salary/redistribute.ts";
import { guildTimeZone } from "../settings/guild-time-zone.ts";
import { assertAliasFree, assertNameFree } from "./member-names.ts";
import {
  deleteMember,
  getMember,
  insertMember,
  listCharacters,
  listMembers,
  type MemberPatch,
  updateMember,
} from "./members-repo.ts";
import { type RewrittenTexts, rewriteParticipantTexts } from "./rewrite-participants.ts";

const ENTITY = "guild_member";

/** The fields of a member update that the route writes. */
type MemberFields = Partial<
  Pick<UpdateMemberInput, "playerName" | "category" | "mainMemberId" | "playerAlias">
>;

/** 400 unless `mainId` names a main character (one that is not linked to another). */
async function assertMainCharacter(tx: Queryable, mainId: number, selfId: number | null): Promise<void> {
  if (mainId === selfId) throw new ApiError(400, MAIN_MEMBER_SELF);
  const main = await getMember(tx, mainId);
  if (!main) throw new ApiError(400, MAIN_MEMBER_NOT_FOUND);
  if (main.mainMemberId !== null) throw new ApiError(400, MAIN_MEMBER_IS_LINKED);
}

/** The player alias of a main character (null for none or no main). */
async function aliasOf(tx: Queryable, mainId: number | null): Promise<string | null> {
  return mainId === null ? null : ((await getMember(tx, mainId))?.playerAlias ?? null);
}

/** The member, locked; 404 naming them from the audit log when they were deleted meanwhile (decision 058). */
async function loadOr404(tx: Queryable, id: number): Promise<GuildMember> {
  const member = await getMember(tx, id, true);
  if (member) return member;
  const gone = await goneRow(tx, ENTITY, id);
  const name = textOf(gone, "playerName");
  throw new ApiError(404, name === null ? MEMBER_NOT_FOUND : memberGoneMessage(name, gone?.by ?? null));
}

function mergeRewrites(a: RewrittenTexts, b: RewrittenTexts): RewrittenTexts {
  return {
    marketItemIds: [...new Set([...a.marketItemIds, ...b.marketItemIds])],
    attendanceRecordIds: [...new Set([...a.attendanceRecordIds, ...b.attendanceRecordIds])],
  };
}

async function auditRewrites(audit: WriteTools["audit"], memberId: number, rewritten: RewrittenTexts) {
  if (rewritten.marketItemIds.length === 0 && rewritten.attendanceRecordIds.length === 0) return;
  await audit({ action: "rewrite_participants", entity: ENTITY, entityId: memberId, after: rewritten });
}

export const membersRoutes = serveCalls(MEMBER_CALLS, {
  list: async (c) => {
    const { status } = c.req.valid("query");
    return sendData(c, { guildMembers: await listMembers(c.get("db"), status) });
  },
  // The public roster: active members, no login needed.
  publicList: async (c) => sendData(c, { guildMembers: await listMembers(c.get("db"), "active") }),
  create: (c) => {
    const input = c.req.valid("json");
    return write(
      c,
      async ({ tx, audit }) => {
        await lockDerivedFigures(tx);
        const mainMemberId = input.mainMemberId ?? null;
        const playerAlias = input.playerAlias ?? null;
        await assertNameFree(tx, input.playerName, null);
        if (mainMemberId !== null) await assertMainCharacter(tx, mainMemberId, null);
        if (playerAlias !== null) {
          if (mainMemberId !== null) throw new ApiError(400, ALIAS_ON_LINKED_CHARACTER);
          await assertAliasFree(tx, playerAlias, { id: 0, playerName: input.playerName });
        }
        const created = await insertMember(tx, {
          playerName: input.playerName,
          category: input.category,
          mainMemberId,
          playerAlias,
        });
        await audit({ action: "create", entity: ENTITY, entityId: created.id, after: created });
        // The new name may already stand in participant lists (someone not yet on the roster), and a new
        // character joins every list that names its player's alias.
        await redistributeAndAudit(
          tx,
          audit,
          { names: [created.playerName, playerAlias, await aliasOf(tx, mainMemberId)] },
          `Adding ${created.playerName}`,
        );
        return { guildMember: (await getMember(tx, created.id)) as GuildMember };
      },
      201,
    );
  },
  update: (c) => {
    const input = c.req.valid("json");
    return write(c, async ({ tx, audit }) => {
      await lockDerivedFigures(tx);
      const before = await loadOr404(tx, input.id);
      // With a base, only the fields nobody changed since go on (docs/decisions/038); without, the plain update.
      const wanted: MemberFields =
        input.base === undefined
          ? input
          : await mergeOrConflict(tx, {
              entity: ENTITY,
              id: before.id,
              subject: input.base.playerName ?? before.playerName,
              current: before,
              patch: input,
              base: input.base,
            });
      const patch: MemberPatch = {};
      // salary and raidsParticipated are derived: accepted, validated and ignored (docs/decisions/010).
      if (wanted.playerName !== undefined && wanted.playerName !== before.playerName) {
        await assertNameFree(tx, wanted.playerName, before.id);
        patch.playerName = wanted.playerName;
      }
      if (wanted.category !== undefined && wanted.category !== before.category)
        patch.category = wanted.category;
      if (wanted.mainMemberId !== undefined && wanted.mainMemberId !== before.mainMemberId) {
        if (wanted.mainMemberId !== null) {
          await assertMainCharacter(tx, wanted.mainMemberId, before.id);
          if ((await listCharacters(tx, before.id)).length > 0)
            throw new ApiError(400, MEMBER_HAS_CHARACTERS);
        }
        patch.mainMemberId = wanted.mainMemberId;
      }
      if (wanted.playerAlias !== undefined && wanted.playerAlias !== before.playerAlias) {
        if (wanted.playerAlias !== null) {
          await assertAliasFree(tx, wanted.playerAlias, {
            id: before.id,
            playerName: patch.playerName ?? before.playerName,
          });
        }
        patch.playerAlias = wanted.playerAlias;
      }
      const finalMain = patch.mainMemberId === undefined ? before.mainMemberId : patch.mainMemberId;
      const finalAlias = patch.playerAlias === undefined ? before.playerAlias : patch.playerAlias;
      if (finalMain !== null && finalAlias !== null) throw new ApiError(400, ALIAS_ON_LINKED_CHARACTER);
      if (Object.keys(patch).length === 0) return { guildMember: before };

      let rewritten: RewrittenTexts = { marketItemIds: [], attendanceRecordIds: [] };
      if (patch.playerName !== undefined) {
        rewritten = await rewriteParticipantTexts(tx, before.playerName, [patch.playerName]);
      }
      if (patch.playerAlias !== undefined && before.playerAlias !== null) {
        // A renamed alias keeps naming the player; a removed one is spelled out as the player's characters.
        const to =
          patch.playerAlias !== null
            ? [patch.playerAlias]
            : [
                patch.playerName ?? before.playerName,
                ...(await listCharacters(tx, before.id)).map((m) => m.playerName),
              ];
        rewritten = mergeRewrites(rewritten, await rewriteParticipantTexts(tx, before.playerAlias, to));
      }
      const updated = await updateMember(tx, before.id, patch);
      await audit({ action: "update", entity: ENTITY, entityId: before.id, before, after: updated });
      await auditRewrites(audit, before.id, rewritten);
      const oldMainAlias = await aliasOf(tx, before.mainMemberId);
      const newMainAlias =
        updated.mainMemberId === before.mainMemberId ? oldMainAlias : await aliasOf(tx, updated.mainMemberId);
      await redistributeAndAudit(
        tx,
        audit,
        {
          itemIds: rewritten.marketItemIds,
          memberIds: [before.id],
          names: [
            before.playerName,
            updated.playerName,
            before.playerAlias,
            updated.playerAlias,
            oldMainAlias,
            newMainAlias,
          ],
        },
        `This change to ${before.playerName}`,
      );
      return { guildMember: (await getMember(tx, before.id)) as GuildMember };
    });
  },
  remove: (c) => {
    const { id } = c.req.valid("json");
    return write(c, async ({ tx, audit }) => {
      await lockDerivedFigures(tx);
      const before = await loadOr404(tx, id);
      if (before.status === "kicked") throw new ApiError(409, deleteKickedMessage(before.playerName));
      const characters = await listCharacters(tx, id);
      let rewrittenItemIds: number[] = [];
      if (before.playerAlias !== null) {
        // The alias stops existing: lists that used it name the player's characters instead.
        const rewritten = await rewriteParticipantTexts(tx, before.playerAlias, [
          before.playerName,
          ...characters.map((m) => m.playerName),
        ]);
        await auditRewrites(audit, id, rewritten);
        rewrittenItemIds = rewritten.marketItemIds;
      }
      // Linked characters become main characters of their own (ON DELETE SET NULL).
      await deleteMember(tx, id);
      await audit({ action: "delete", entity: ENTITY, entityId: id, before });
      await redistributeAndAudit(
        tx,
        audit,
        {
          itemIds: rewrittenItemIds,
          memberIds: [id, ...characters.map((m) => m.id)],
          names: [before.playerName, before.playerAlias],
        },
        `Deleting ${before.playerName}`,
      );
      return { success: true, id };
    });
  },
  kick: (c) => {
    const input = c.req.valid("json");
    return write(c, async ({ tx, audit }) => {
      const before = await loadOr404(tx, input.id);
      if (before.status !== "active")
        throw new ApiError(409, kickNotActiveMessage(before.playerName, before.status));
      // Status does not enter the salary calculation: no recalculation needed.
      const guildMember = await updateMember(tx, before.id, {
        status: "kicked",
        kickedDate: new Date(),
        finalSalaryAmount:
          input.finalSalaryAmount === undefined || input.finalSalaryAmount === null
            ? null
            : moneyText(input.finalSalaryAmount),
      });
      await audit({ action: "kick", entity: ENTITY, entityId: before.id, before, after: guildMember });
      return { guildMember };
    });
  },
  markPaid: (c) => {
    const input = c.req.valid("json");
    return write(c, async ({ tx, audit }) => {
      const before = await loadOr404(tx, input.id);
      if (before.status !== "kicked") {
        throw new ApiError(409, markPaidNotKickedMessage(before.playerName, before.status));
      }
      // The final payout, in the same transaction, so the history keeps what was paid (docs/decisions/049).
      const payout = await recordFinalPayout(tx, before, {
        paidOn: input.paidOn ?? dayIn(await guildTimeZone(tx, c.get("config").timeZone), c.get("clock")()),
        method: input.method ?? "",
        reference: input.reference ?? "",
        recordedBy: c.get("user")?.id ?? null,
      });
      if (payout)
        await audit({ action: "create", entity: PAYOUT_ENTITY, entityId: payout.id, after: payout });
      const guildMember = await updateMember(tx, input.id, { status: "paid_out" });
      await audit({ action: "mark_paid", entity: ENTITY, entityId: input.id, before, after: guildMember });
      return { guildMember, payout };
    });
  },
});
