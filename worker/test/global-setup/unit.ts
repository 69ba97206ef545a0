/** Global setup of the unit project: the blank and migrated PGlite dumps its Node-only tests load. */
import type { TestProject } from "vitest/node";
import { acquirePgliteDumps } from "../pglite-template.ts";
import "../provided-context.ts";

export default async function setup({ provide }: TestProject) {
  const { dumps, release } = await acquirePgliteDumps();
  provide("pgliteTemplate", dumps.migrated);
  provide("pgliteBlank", dumps.blank);
  return release;
}
