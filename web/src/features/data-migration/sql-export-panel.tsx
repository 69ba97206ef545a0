/** The INSERT statements of the five data tables (GET /_api/admin/sql-export), each with a copy button. */
import { Database, RefreshCw } from "lucide-react";
import { ADMIN_SQL_CALLS } from "@shared/contract/admin-sql.ts";
import { formatDateTime } from "@shared/format/format-date.ts";
import { EXPORT_TABLES } from "@shared/schemas/sql-export.ts";
import { Button } from "@web/components/button.tsx";
import { Card, CardTitle } from "@web/components/card.tsx";
import { CopyButton } from "@web/components/copy-button.tsx";
import { Skeleton } from "@web/components/skeleton.tsx";
import { api } from "@web/lib/api-client.ts";
import { useServerRead } from "@web/lib/use-server-read.ts";
import { SqlBlock } from "./sql-block.tsx";

const rows = (n: number) => `${n} ${n === 1 ? "row" : "rows"}`;

export function SqlExportPanel() {
  const state = useServerRead(["sql-export"], (signal) => api.call(ADMIN_SQL_CALLS.sqlExport, { signal }));
  const { reload } = state;
  return (
    <section className="space-y-4" aria-labelledby="sql-export-title">
      <Card className="flex flex-wrap items-center justify-between gap-4">
        <div className="min-w-0">
          <span id="sql-export-title">
            <CardTitle icon={<Database className="size-5" aria-hidden="true" />}>
              SQL INSERT statements
            </CardTitle>
          </span>
          <p className="mt-1 text-sm text-ink-muted">
            The guild's data as INSERT statements, one block per table. Run them in this order on a database
            set up with the schema script.
            {state.status === "ready"
              ? ` Generated ${formatDateTime(new Date(state.data.generatedAt))}.`
              : null}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={reload} disabled={state.status === "loading"}>
            <RefreshCw className="size-4" aria-hidden="true" />
            Regenerate
          </Button>
          {state.status === "ready" ? (
            <CopyButton text={state.data.sql} label="Copy All" ariaLabel="Copy all SQL" variant="primary" />
          ) : null}
        </div>
      </Card>
      {state.status === "loading" ? (
        <div role="status" aria-label="Generating SQL" className="space-y-4">
          {EXPORT_TABLES.map((table) => (
            <Skeleton key={table} className="h-40 w-full rounded-2xl" />
          ))}
        </div>
      ) : state.status === "error" ? (
        <Card role="alert" className="text-sm">
          <p className="font-semibold text-danger">Failed to generate the SQL export</p>
          <p className="mt-1 break-words text-ink-muted">{state.error}</p>
        </Card>
      ) : (
        <div className="grid gap-4">
          {EXPORT_TABLES.map((table) => (
            <SqlBlock
              key={table}
              title={table}
              meta={rows(state.data.rowCounts[table] ?? 0)}
              sql={state.data.tables[table] ?? ""}
              testId={`sql-${table}`}
            />
          ))}
        </div>
      )}
    </section>
  );
}
