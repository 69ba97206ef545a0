/** Boss name writes: create, rename or re-time, delete; each keeps the boss's timer row in step. */
import { BOSS_NAME_CALLS } from "@shared/contract/bosses.ts";
import { RESPAWN_HOURS_DEFAULT } from "@shared/schemas/boss-names.ts";
import { localId } from "../portal-db.ts";
import { definedOnly, type IdArgs, type Mutation, mutation } from "./mutation.ts";
import { clearTimer } from "./timer-mutations.ts";

export interface CreateBossNameArgs {
  name: string;
  respawn_time_hours?: number;
}

/** With `base` (each changed field's value when the form opened) the server merges (decision 038). */
export interface UpdateBossNameArgs {
  id: number;
  name?: string;
  respawn_time_hours?: number;
  base?: { name?: string; respawn_time_hours?: number };
}

/** What every write of this file touches and pulls again. Each boss has its timer row. */
const BOSS_NAME_EFFECTS = {
  reads: [],
  writes: ["bossNames", "timers"],
  refresh: ["bossNames", "timers"],
} satisfies Pick<Mutation<unknown>, "reads" | "writes" | "refresh">;

export const BOSS_NAME_MUTATIONS = {
  createBossName: mutation(BOSS_NAME_CALLS.create)<CreateBossNameArgs>({
    ...BOSS_NAME_EFFECTS,
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

  updateBossName: mutation(BOSS_NAME_CALLS.update)<UpdateBossNameArgs>({
    ...BOSS_NAME_EFFECTS,
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

  deleteBossName: mutation(BOSS_NAME_CALLS.remove)<IdArgs>({
    ...BOSS_NAME_EFFECTS,
    apply(draft, args) {
      const boss = draft.get("bossNames", args.id);
      if (!boss) return;
      draft.delete("bossNames", args.id);
      draft.delete("timers", boss.name);
    },
  }),
};
