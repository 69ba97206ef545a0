/** The audit log (decisions 008, 048). Admins only. */
import { type AuditLogPage, auditLogQuerySchema } from "../schemas/audit-log.ts";
import { answer, call } from "./call.ts";

export const AUDIT_CALLS = {
  list: call({
    method: "GET",
    path: "/admin/audit-log",
    role: "admin",
    summary:
      "The log, newest first, a page at a time (keyset by id), narrowed by kind, entity, person or words.",
    query: auditLogQuerySchema,
    answer: answer<AuditLogPage>(),
  }),
};
