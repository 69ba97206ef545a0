import { useSearch } from "@tanstack/react-router";
import { QrCode } from "lucide-react";
import { Button } from "@web/components/button.tsx";
import { PageHeader } from "@web/components/page-header.tsx";
import { useBossNames, useGuildMembers } from "@web/data/hooks.ts";
import { OPEN_A_CHECK_IN } from "@web/features/check-ins/check-in-texts.ts";
import { OpenCheckInDialog } from "@web/features/check-ins/open-check-in-dialog.tsx";
import { RecordRaidForm } from "@web/features/record-raid/record-raid-form.tsx";
import { raidFromSearch } from "@web/features/record-raid/record-raid-model.ts";
import { useOnline } from "@web/features/sync-status/use-online.ts";
import { localDay } from "@web/lib/attendance-form.ts";
import { useDocumentTitle } from "@web/shell/use-document-title.ts";

/**
 * /admin/record-raid: a raid's attendance and its loot in one form (decision 045). It may start from a check-in
 * closed into it, and opens a check-in for the raid's kill (decision 080).
 */
export function RecordRaidPage() {
  useDocumentTitle((brand) => `Record a Raid - ${brand}`);
  const members = useGuildMembers();
  const bossNames = useBossNames();
  const search = useSearch({ from: "/admin-area/admin/record-raid" });
  const online = useOnline();
  const bosses = (bossNames ?? []).map((b) => b.name).sort((a, b) => a.localeCompare(b));
  return (
    <>
      <PageHeader
        title="Record a Raid"
        subtitle="Who took part and what dropped, in one go. Works offline; it syncs when you are back online."
        actions={
          <OpenCheckInDialog
            bosses={bosses}
            online={online}
            trigger={
              <Button variant="secondary" disabled={!online}>
                <QrCode className="size-4" aria-hidden="true" />
                {OPEN_A_CHECK_IN}
              </Button>
            }
          />
        }
      />
      {members === undefined || bossNames === undefined ? null : (
        <RecordRaidForm
          members={members}
          bossNames={bossNames}
          initial={raidFromSearch(search, localDay(new Date()))}
        />
      )}
    </>
  );
}
