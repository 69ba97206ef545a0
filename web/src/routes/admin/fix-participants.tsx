import { CheckCircle2 } from "lucide-react";
import { Card } from "@web/components/card.tsx";
import { OfflineToolNotice } from "@web/components/online-only-notice.tsx";
import { PageHeader } from "@web/components/page-header.tsx";
import { AnalysisResult, FixErrorCard } from "@web/features/fix-participants/analysis-result.tsx";
import { FixToolActions } from "@web/features/fix-participants/fix-tool-actions.tsx";
import { RecalculationDifferencesNote } from "@web/features/fix-participants/recalculation-differences.tsx";
import { useFixTool } from "@web/features/fix-participants/use-fix-tool.ts";
import { SalaryReceiptView } from "@web/features/salary-receipt/salary-receipt.tsx";
import { useOnline } from "@web/features/sync-status/use-online.ts";
import { useBrand } from "@web/shell/brand-store.ts";
import { useDocumentTitle } from "@web/shell/use-document-title.ts";

function FixTool() {
  const brand = useBrand();
  const tool = useFixTool();
  return (
    <div className="space-y-6">
      <FixToolActions
        running={tool.running}
        corruptedCount={tool.analysis?.corruptedItemsCount ?? null}
        onAnalyze={tool.analyze}
        onFix={tool.fix}
      />
      {tool.error ? <FixErrorCard message={tool.error} /> : null}
      {tool.analysis ? <AnalysisResult analysis={tool.analysis} /> : null}
      {tool.result ? (
        <section className="space-y-4" aria-labelledby="fix-receipt-title" data-testid="fix-receipt">
          <Card className="flex items-start gap-3">
            <CheckCircle2 className="mt-0.5 size-6 shrink-0 text-success" aria-hidden="true" />
            <div>
              <h2 id="fix-receipt-title" className="font-semibold text-ink">
                {tool.result.action === "recalculate_all_salaries"
                  ? "Salaries Recalculated"
                  : "Participants Reset"}
              </h2>
              <p className="mt-1 text-sm text-ink-muted">{tool.result.message}</p>
              {"differences" in tool.result ? (
                <RecalculationDifferencesNote differences={tool.result.differences} />
              ) : null}
            </div>
          </Card>
          <SalaryReceiptView receipt={tool.result} brand={brand} calculatedAt={tool.result.at} />
        </section>
      ) : null}
    </div>
  );
}

/** The repair tool for corrupted participant lists: analyse, then reset them or rebuild every salary. */
export function FixParticipantsPage() {
  useDocumentTitle((brand) => `Fix Participants - ${brand}`);
  const online = useOnline();
  return (
    <>
      <PageHeader
        title="Corrupted Participant Data Fix"
        subtitle="Tool to identify and resolve items with corrupted participant lists."
      />
      {online ? <FixTool /> : <OfflineToolNotice tool="The repair tool" />}
    </>
  );
}
