import { ADMIN_SQL_CALLS } from "@shared/contract/admin-sql.ts";
import { Card } from "@web/components/card.tsx";
import { OfflineToolNotice } from "@web/components/online-only-notice.tsx";
import { PageHeader } from "@web/components/page-header.tsx";
import { Skeleton } from "@web/components/skeleton.tsx";
import { SqlBlock } from "@web/features/data-migration/sql-block.tsx";
import { useOnline } from "@web/features/sync-status/use-online.ts";
import { api } from "@web/lib/api-client.ts";
import { useServerRead } from "@web/lib/use-server-read.ts";
import { useDocumentTitle } from "@web/shell/use-document-title.ts";

function SchemaScript({ online }: { online: boolean }) {
  const state = useServerRead(
    ["schema-sql"],
    (signal) => api.call(ADMIN_SQL_CALLS.schemaSql, { signal }),
    online,
  );
  if (state.status === "loading") {
    return (
      <div role="status" aria-label="Loading the schema script">
        <Skeleton className="h-96 w-full rounded-2xl" />
      </div>
    );
  }
  if (state.status === "error") {
    return (
      <Card role="alert" className="text-sm">
        <p className="font-semibold text-danger">Failed to load the schema script</p>
        <p className="mt-1 break-words text-ink-muted">{state.error}</p>
      </Card>
    );
  }
  return (
    <SqlBlock
      title="schema.sql"
      meta="Tables, indexes, triggers and migration records"
      sql={state.data.sql}
      testId="schema-sql"
      tall
    />
  );
}

/** The schema as one script to run on a hosted PostgreSQL (Neon, Supabase, RDS) before loading data. */
export function DatabaseSetupPage() {
  useDocumentTitle((brand) => `Database Setup - ${brand}`);
  const online = useOnline();
  return (
    <>
      <PageHeader
        title="Database Setup"
        subtitle="Run this script once in your hosted PostgreSQL database's SQL editor to create the portal's tables."
      />
      <ol className="mb-6 list-decimal space-y-1 pl-5 text-sm text-ink-muted">
        <li>Create an empty PostgreSQL database with your hosting service.</li>
        <li>Copy the script below and run it in the service's SQL editor.</li>
        <li>
          Copy the data from SQL Export and run it the same way, then point the portal at the new database.
        </li>
      </ol>
      {online ? <SchemaScript online={online} /> : <OfflineToolNotice tool="Database setup" />}
    </>
  );
}
