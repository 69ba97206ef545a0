import { OfflineToolNotice } from "@web/components/online-only-notice.tsx";
import { PageHeader } from "@web/components/page-header.tsx";
import { SqlExportPanel } from "@web/features/data-migration/sql-export-panel.tsx";
import { useOnline } from "@web/features/sync-status/use-online.ts";
import { useDocumentTitle } from "@web/shell/use-document-title.ts";

/**
 * The guild's data as SQL INSERT statements, to load into another database set up with the schema script
 * (docs/product.md#sql-export; decision 008). Admins only: it copies every table, accounts included (067).
 */
export function SqlExportPage() {
  useDocumentTitle((brand) => `SQL Export - ${brand}`);
  const online = useOnline();
  return (
    <>
      <PageHeader
        title="SQL Export"
        subtitle="Copy the guild's data as SQL INSERT statements, to load it into another database."
      />
      {online ? <SqlExportPanel /> : <OfflineToolNotice tool="SQL Export" />}
    </>
  );
}
