import { useState } from "react";
import { ADMIN_SQL_CALLS } from "@shared/contract/admin-sql.ts";
import { OfflineToolNotice } from "@web/components/online-only-notice.tsx";
import { PageHeader } from "@web/components/page-header.tsx";
import { SqlExportPanel } from "@web/features/data-migration/sql-export-panel.tsx";
import { MarketImport } from "@web/features/market-import/market-import.tsx";
import { useOnline } from "@web/features/sync-status/use-online.ts";
import { useMayCall } from "@web/lib/signed-in.ts";
import { useDocumentTitle } from "@web/shell/use-document-title.ts";

/** Moving the guild's data: INSERT statements of every table, and importing market data from a file. */
export function DataMigrationPage() {
  useDocumentTitle((brand) => `Data Migration - ${brand}`);
  const online = useOnline();
  // Officers import loot; the SQL copy of every table (accounts included) is the admins' (decision 067).
  const mayExport = useMayCall(ADMIN_SQL_CALLS.sqlExport);
  // A new key after an import generates the export again, so it includes the new items.
  const [exportKey, setExportKey] = useState(0);
  return (
    <>
      <PageHeader
        title="Data Migration"
        subtitle={
          mayExport
            ? "Copy the guild's data as SQL INSERT statements, or import market data from a JSON or CSV file."
            : "Import market data from a JSON or CSV file."
        }
      />
      {online ? (
        <div className="space-y-8">
          <MarketImport onImported={() => setExportKey((key) => key + 1)} />
          {mayExport && <SqlExportPanel key={exportKey} />}
        </div>
      ) : (
        <OfflineToolNotice tool="Data migration" />
      )}
    </>
  );
}
