/** The SQL export and the database-setup script (GET /_api/admin/sql-export, /schema-sql). Admin only. */
import { ADMIN_SQL_CALLS } from "@shared/contract/admin-sql.ts";
import { sendData } from "../app/respond.ts";
import { serveCalls } from "../app/serve-calls.ts";
import { guildNameInForce } from "../settings/guild-name.ts";
import { SCHEMA_MIGRATIONS } from "./schema-migrations.generated.ts";
import { buildSchemaSql } from "./schema-sql.ts";
import { exportData } from "./sql-export.ts";

export const adminSqlRoutes = serveCalls(ADMIN_SQL_CALLS, {
  sqlExport: async (c) =>
    sendData(c, await exportData(c.get("db"), await guildNameInForce(c.get("db"), c.get("config").brand))),
  schemaSql: async (c) =>
    sendData(c, {
      sql: buildSchemaSql(SCHEMA_MIGRATIONS, await guildNameInForce(c.get("db"), c.get("config").brand)),
    }),
});
