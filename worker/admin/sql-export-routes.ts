import { Hono } from "hono";
import type { AppEnv } from "../app/context.ts";
import { sendData } from "../app/respond.ts";
import { requireRole } from "../auth/require-role.ts";
import { exportData } from "./sql-export.ts";

/** GET /_api/admin/sql-export: the data-migration SQL, whole and per table. Admin only. */
export const sqlExportRoutes = new Hono<AppEnv>().get("/", requireRole("admin"), async (c) =>
  sendData(c, await exportData(c.get("db"), c.get("config").brand)),
);
