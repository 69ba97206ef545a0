import { Calculator, Eraser, Loader2, ScanSearch } from "lucide-react";
import type { FixAction } from "@shared/schemas/fix-participants.ts";
import { Button } from "@web/components/button.tsx";
import { Card } from "@web/components/card.tsx";
import { ConfirmDialog } from "@web/components/dialog.tsx";
import { RECALCULATE_DIALOG, RESET_DIALOG } from "./fix-model.ts";

/** Analyze Data, Reset Participants and Recalculate All Salaries, the last two behind a confirmation. */
export function FixToolActions({
  running,
  corruptedCount,
  onAnalyze,
  onFix,
}: {
  running: "analyze" | FixAction | null;
  /** null before any analysis. */
  corruptedCount: number | null;
  onAnalyze: () => void;
  onFix: (action: FixAction) => void;
}) {
  const busy = running !== null;
  const spinner = <Loader2 className="size-4 animate-spin" aria-hidden="true" />;
  return (
    <Card className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button onClick={onAnalyze} disabled={busy}>
          {running === "analyze" ? spinner : <ScanSearch className="size-4" aria-hidden="true" />}
          {running === "analyze" ? "Analyzing..." : "Analyze Data"}
        </Button>
        <ConfirmDialog
          {...RESET_DIALOG}
          onConfirm={() => onFix("reset_participants")}
          trigger={
            <Button variant="danger" disabled={busy || corruptedCount === null || corruptedCount === 0}>
              {running === "reset_participants" ? spinner : <Eraser className="size-4" aria-hidden="true" />}
              Reset Participants
            </Button>
          }
        />
        <ConfirmDialog
          {...RECALCULATE_DIALOG}
          onConfirm={() => onFix("recalculate_all_salaries")}
          trigger={
            <Button variant="danger" disabled={busy}>
              {running === "recalculate_all_salaries" ? (
                spinner
              ) : (
                <Calculator className="size-4" aria-hidden="true" />
              )}
              Recalculate All Salaries
            </Button>
          }
        />
      </div>
      <p className="text-sm text-ink-muted">
        Analyze Data only reads. Reset Participants clears the lists it found; both fixes recalculate every
        salary.
      </p>
    </Card>
  );
}
