import { OfflineToolNotice } from "@web/components/online-only-notice.tsx";
import { PageHeader } from "@web/components/page-header.tsx";
import { MarketImport } from "@web/features/market-import/market-import.tsx";
import { useOnline } from "@web/features/sync-status/use-online.ts";
import { useDocumentTitle } from "@web/shell/use-document-title.ts";

/** Importing market data from a JSON or CSV file (docs/product.md#market-import); officers and admins (067). */
export function ImportPage() {
  useDocumentTitle((brand) => `Import - ${brand}`);
  const online = useOnline();
  return (
    <>
      <PageHeader title="Import" subtitle="Add loot items to the market from a JSON or CSV file." />
      {online ? <MarketImport /> : <OfflineToolNotice tool="Import" />}
    </>
  );
}
