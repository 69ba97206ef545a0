import { PageHeader } from "@web/components/page-header.tsx";
import { receiptDetails, useSalaryReceipt, useSyncStatus } from "@web/data/hooks.ts";
import { answerError, readReceipt } from "@web/features/salary-receipt/receipt-model.ts";
import {
  ReceiptAnswerError,
  ReceiptLoadError,
  ReceiptSkeleton,
} from "@web/features/salary-receipt/receipt-states.tsx";
import { SalaryReceiptView } from "@web/features/salary-receipt/salary-receipt.tsx";
import { collectionState } from "@web/features/sync-status/collection-state.ts";
import { LastSynced } from "@web/features/sync-status/last-synced.tsx";
import { useOnline } from "@web/features/sync-status/use-online.ts";
import { useBrand } from "@web/shell/brand-store.ts";
import { useDocumentTitle } from "@web/shell/use-document-title.ts";

const COLLECTIONS = ["salaryReceipt"] as const;

function ReceiptBody() {
  const brand = useBrand();
  const sync = useSyncStatus("salaryReceipt");
  const online = useOnline();
  const state = collectionState(useSalaryReceipt(), sync, online, (answer) => answer !== null);
  if (state.status === "loading") return <ReceiptSkeleton />;
  if (state.status === "error") return <ReceiptLoadError message={state.message} />;
  const receipt = readReceipt(state.data);
  if (receipt === null) return <ReceiptAnswerError error={answerError(state.data)} />;
  // The stored receipt is the summary: the items come from the server as rows open and for the report.
  return (
    <SalaryReceiptView
      receipt={receipt}
      brand={brand}
      calculatedAt={sync.lastSyncedAt ?? Date.now()}
      details={{ ...receiptDetails, online }}
    />
  );
}

/** The public salary receipt: the current breakdown of salaries from every sold item. */
export function PublicSalaryCalculationPage() {
  useDocumentTitle((brand) => `Salary Calculation - ${brand}`);
  return (
    <>
      <PageHeader
        title="Salary Calculation Receipt"
        subtitle="A transparent, read-only breakdown of current salary calculations based on all sold items."
        actions={<LastSynced collections={COLLECTIONS} />}
      />
      <ReceiptBody />
    </>
  );
}
