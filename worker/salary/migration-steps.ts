/** The code steps of the migrations (worker/db/migrate.ts), by version. */
import type { MigrationSteps } from "../db/migrate.ts";
import { rebuildDerivedFigures } from "./rebuild.ts";

export const MIGRATION_STEPS: MigrationSteps = {
  // 002 adds the stored distributions: fill them (and set every salary and the funds) from the existing items.
  "002": rebuildDerivedFigures,
};
