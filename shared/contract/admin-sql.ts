/** The SQL export and the database-setup script (decision 008), online only (013). Admins only. */
import type { DataExport } from "../schemas/sql-export.ts";
import { answer, call } from "./call.ts";

export const ADMIN_SQL_CALLS = {
  sqlExport: call({
    method: "GET",
    path: "/admin/sql-export",
    role: "admin",
    summary: "The five data tables as INSERT statements, whole and per table, from one snapshot.",
    answer: answer<DataExport>(),
  }),
  schemaSql: call({
    method: "GET",
    path: "/admin/schema-sql",
    role: "admin",
    summary: "The database-setup script: every migration in order.",
    answer: answer<{ sql: string }>(),
  }),
};
