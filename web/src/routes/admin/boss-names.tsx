import { PageHeader } from "@web/components/page-header.tsx";
import { useBossNames, useSyncStatus } from "@web/data/hooks.ts";
import { BossNamesManager } from "@web/features/boss-names/boss-names-manager.tsx";
import { collectionState, hasRows } from "@web/features/sync-status/collection-state.ts";
import { useOnline } from "@web/features/sync-status/use-online.ts";
import { useDocumentTitle } from "@web/shell/use-document-title.ts";

/** The guild's bosses and their respawn hours: add, edit, delete. */
export function BossNamesPage() {
  useDocumentTitle((brand) => `Boss Names - ${brand}`);
  const bossNames = collectionState(useBossNames(), useSyncStatus("bossNames"), useOnline(), hasRows);
  return (
    <>
      <PageHeader title="Boss Names" subtitle="The bosses the guild hunts and how often they respawn." />
      <BossNamesManager state={bossNames} />
    </>
  );
}
