import { Hono } from "hono";
import type { AppEnv } from "../app/context.ts";
import { sendData } from "../app/respond.ts";
import { requireRole } from "../auth/require-role.ts";
import { SCHEMA_MIGRATIONS } from "./schema-migrations.generated.ts";
import { buildSchemaSql } from "./schema-sql.ts";

/** GET /_api/admin/schema-sql: the database-setup script. Admin only. */
export const schemaSqlRoutes = new Hono<AppEnv>().get("/", requireRole("admin"), (c) =>
  sendData(c, { sql: buildSchemaSql(SCHEMA_MIGRATIONS, c.get("config").brand) }),
);
