/** Boss names and their respawn hours: admins manage them; the public timer page reads the list. */
import { BOSS_NAME_CALLS } from "@shared/contract/bosses.ts";
import { findLookalike } from "@shared/names/normalize-name.ts";
import {
  type BossName,
  bossNameNotFound,
  duplicateBossName,
  RESPAWN_HOURS_DEFAULT,
  type UpdateBossNameInput,
} from "@shared/schemas/boss-names.ts";
import { lookalikeNameMessage } from "@shared/schemas/name-field.ts";
import { ApiError } from "../app/api-error.ts";
import { mergeOrConflict } from "../app/merge-update.ts";
import { sendData } from "../app/respond.ts";
import { serveCalls } from "../app/serve-calls.ts";
import { write } from "../app/write.ts";
import type { Queryable } from "../db/types.ts";
import {
  deleteBossName,
  getBossName,
  insertBossName,
  listBossNames,
  lockBossNameWrites,
  updateBossName,
} from "./boss-names-repo.ts";

const ENTITY = "boss_name";

/**
 * 409 when another boss has this name in any letter case, or a name that looks like it (the same skeleton,
 * shared/names/normalize-name.ts). The boss list is small, so it is loaded whole, under a lock that holds
 * other boss-name writes until this one commits (two lookalikes cannot be added side by side).
 */
async function assertNameFree(tx: Queryable, name: string, exceptId?: number): Promise<void> {
  await lockBossNameWrites(tx);
  const others = (await listBossNames(tx)).filter((boss) => boss.id !== exceptId).map((boss) => boss.name);
  const taken = findLookalike(name, others);
  if (taken === undefined) return;
  const sameLetters = taken.toLowerCase() === name.toLowerCase();
  throw new ApiError(409, sameLetters ? duplicateBossName(taken) : lookalikeNameMessage(name, taken));
}

export const bossNamesRoutes = serveCalls(BOSS_NAME_CALLS, {
  list: async (c) => sendData(c, { bossNames: await listBossNames(c.get("db")) }),
  // The same list for the public timer page, no login needed.
  publicList: async (c) => sendData(c, { bossNames: await listBossNames(c.get("db")) }),
  create: (c) => {
    const input = c.req.valid("json");
    return write(
      c,
      async ({ tx, audit }) => {
        await assertNameFree(tx, input.name);
        const bossName = await insertBossName(tx, {
          name: input.name,
          respawnTimeHours: input.respawn_time_hours ?? RESPAWN_HOURS_DEFAULT,
        });
        await audit({ action: "create", entity: ENTITY, entityId: bossName.id, after: bossName });
        return { bossName };
      },
      201,
    );
  },
  update: (c) => {
    const input = c.req.valid("json");
    return write(c, async ({ tx, audit }) => {
      const before = await getBossName(tx, input.id, true);
      if (!before) throw new ApiError(404, bossNameNotFound(input.id));
      // With a base, only the fields nobody changed since go on (docs/decisions/038); without, the plain update.
      const wanted: Pick<UpdateBossNameInput, "name" | "respawn_time_hours"> =
        input.base === undefined
          ? input
          : await mergeOrConflict(tx, {
              entity: ENTITY,
              id: before.id,
              subject: input.base.name ?? before.name,
              current: before,
              patch: input,
              base: input.base,
            });
      if (wanted.name === undefined && wanted.respawn_time_hours === undefined) return { bossName: before };
      if (wanted.name !== undefined) await assertNameFree(tx, wanted.name, input.id);
      // The boss's timer follows a rename through the foreign key (ON UPDATE CASCADE).
      const bossName = (await updateBossName(tx, input.id, {
        name: wanted.name,
        respawnTimeHours: wanted.respawn_time_hours,
      })) as BossName;
      await audit({ action: "update", entity: ENTITY, entityId: input.id, before, after: bossName });
      return { bossName };
    });
  },
  remove: (c) => {
    const { id } = c.req.valid("json");
    return write(c, async ({ tx, audit }) => {
      // The boss's timer goes with it (ON DELETE CASCADE); attendance and loot keep the name as text.
      const before = await deleteBossName(tx, id);
      if (!before) throw new ApiError(404, bossNameNotFound(id));
      await audit({ action: "delete", entity: ENTITY, entityId: id, before });
      return { success: true, id };
    });
  },
});
