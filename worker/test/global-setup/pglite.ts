/** Global setup of the pglite project: the migrated PGlite every test file loads (pglite-template.ts). */
import type { TestProject } from "vitest/node";
import { loadSampleData } from "@worker/node/load-sql.ts";
import { acquirePgliteDumps } from "../pglite-template.ts";
import "../provided-context.ts";

export default async function setup({ provide }: TestProject) {
  const { dumps, release } = await acquirePgliteDumps();
  provide("pgliteTemplate", dumps.migrated);
  provide("pgliteBlank", dumps.blank);
  provide("sampleDataSql", loadSampleData());
  return release;
}
