import { Download } from "lucide-react";
import { useState } from "react";
import { Button } from "@web/components/button.tsx";
import { FilterSelect } from "@web/components/filter-select.tsx";
import { PageHeader } from "@web/components/page-header.tsx";
import { useGuildMembers } from "@web/data/hooks.ts";
import { describeMemberWrite } from "@web/features/outbox/describe-write.ts";
import { FailedWrites, PendingChanges } from "@web/features/outbox/write-status.tsx";
import { exportPayouts } from "@web/features/payouts/export-payouts.ts";
import { PayAnywayButton } from "@web/features/payouts/pay-anyway.tsx";
import { PayoutsTable } from "@web/features/payouts/payouts-table.tsx";
import { useOnline } from "@web/features/sync-status/use-online.ts";
import { errorMessage } from "@web/lib/api-client.ts";
import { toast } from "@web/lib/toast.tsx";
import { useDocumentTitle } from "@web/shell/use-document-title.ts";
import { usePayoutsState } from "./-components/use-payouts.ts";

export const PAYOUT_WRITES = ["createPayout", "deletePayout", "markMemberPaid"];

export const EXPORTED_FROM_DEVICE =
  "You are offline: the file was made from the payouts on this device, including any not synced yet.";

/** /admin/payouts: every payout the guild recorded, newest first, by member, with voiding and the CSV export. */
export function PayoutsPage() {
  useDocumentTitle((brand) => `Payouts - ${brand}`);
  const online = useOnline();
  const members = useGuildMembers() ?? [];
  const [memberId, setMemberId] = useState("");
  const { state, all } = usePayoutsState(memberId === "" ? undefined : Number(memberId));
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const from = await exportPayouts(all ?? []);
      toast.success(
        "Payouts exported.",
        from === "device" ? { description: EXPORTED_FROM_DEVICE } : undefined,
      );
    } catch (error) {
      toast.error("Failed to export the payouts.", { description: errorMessage(error) });
    } finally {
      setExporting(false);
    }
  };

  const sortedMembers = [...members].sort((a, b) => a.playerName.localeCompare(b.playerName));
  return (
    <>
      <PageHeader
        title="Payouts"
        subtitle="Everything paid to members, newest first. Pay a member from Guild Members."
        actions={
          <Button variant="secondary" onClick={() => void exportCsv()} disabled={exporting}>
            <Download className="size-4" aria-hidden="true" />
            {exporting ? "Exporting..." : "Export CSV"}
          </Button>
        }
      />
      <PendingChanges />
      <FailedWrites
        names={PAYOUT_WRITES}
        describe={(row) => describeMemberWrite(row, { members, payouts: all })}
        extraAction={(row) => <PayAnywayButton row={row} />}
      />
      <div className="mb-4 grid gap-2 sm:grid-cols-[minmax(0,20rem)_1fr] sm:items-end">
        <FilterSelect
          label="Filter by member"
          value={memberId}
          onChange={setMemberId}
          options={[
            { value: "", label: "All members" },
            ...sortedMembers.map((m) => ({ value: String(m.id), label: m.playerName })),
          ]}
        />
        {!online ? (
          <p className="text-sm text-ink-muted">
            Offline: showing the payouts saved on this device. Export makes the file from them.
          </p>
        ) : null}
      </div>
      <PayoutsTable state={state} />
    </>
  );
}
