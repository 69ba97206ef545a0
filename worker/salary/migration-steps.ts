/** The code steps of the migrations (worker/db/migrate.ts), by version, and the repair every start runs. */
import type { MigrationSteps } from "../db/migrate.ts";
import type { Queryable } from "../db/types.ts";
import { rebuildDerivedFigures, rebuildWhenOutOfStep } from "./rebuild.ts";

export const MIGRATION_STEPS: MigrationSteps = {
  // 002 adds the stored distributions: fill them (and set every salary and the funds) from the existing items,
  // under the default split: the split rules (019) do not exist yet.
  "002": (tx) => rebuildDerivedFigures(tx, []),
};

/**
 * After the migrations (MigrateOptions.repair): derived figures an older version left out of step are rebuilt
 * (docs/decisions/055). Answers whether it rebuilt.
 */
export async function repairDerivedFigures(tx: Queryable): Promise<boolean> {
  return (await rebuildWhenOutOfStep(tx)) !== null;
}
