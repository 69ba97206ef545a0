/** Global setup of the postgres project: a throwaway PostgreSQL 15 server with a migrated template. */
import type { TestProject } from "vitest/node";
import { loadSampleData } from "@worker/node/load-sql.ts";
import { acquirePostgresTemplate } from "../postgres-template.ts";
import "../provided-context.ts";

export default async function setup({ provide }: TestProject) {
  const { template, release } = await acquirePostgresTemplate();
  provide("postgresTemplate", template);
  provide("sampleDataSql", loadSampleData());
  return release;
}
