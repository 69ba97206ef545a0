import { PageHeader } from "@web/components/page-header.tsx";
import { useBossNames, useGuildMembers } from "@web/data/hooks.ts";
import { RecordRaidForm } from "@web/features/record-raid/record-raid-form.tsx";
import { useDocumentTitle } from "@web/shell/use-document-title.ts";

/** /admin/record-raid: a raid's attendance and its loot in one form (decision 045). */
export function RecordRaidPage() {
  useDocumentTitle((brand) => `Record a Raid - ${brand}`);
  const members = useGuildMembers();
  const bossNames = useBossNames();
  return (
    <>
      <PageHeader
        title="Record a Raid"
        subtitle="Who took part and what dropped, in one go. Works offline; it syncs when you are back online."
      />
      {members === undefined || bossNames === undefined ? null : (
        <RecordRaidForm members={members} bossNames={bossNames} />
      )}
    </>
  );
}
