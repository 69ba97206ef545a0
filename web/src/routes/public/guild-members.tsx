import { rosterSubtitle } from "@shared/glossary/glossary.ts";
import { PageHeader } from "@web/components/page-header.tsx";
import { useGuildMembers, useMarketItems, useSyncStatus } from "@web/data/hooks.ts";
import { buildRosterRows } from "@web/features/roster/roster-rows.ts";
import { RosterTable, type RosterTableState } from "@web/features/roster/roster-table.tsx";
import { collectionState, hasRows } from "@web/features/sync-status/collection-state.ts";
import { LastSynced } from "@web/features/sync-status/last-synced.tsx";
import { useOnline } from "@web/features/sync-status/use-online.ts";
import { useBrand } from "@web/shell/brand-store.ts";
import { useDocumentTitle } from "@web/shell/use-document-title.ts";

const COLLECTIONS = ["guildMembers", "marketItems"] as const;

/** The public roster: active members with their attendance, loot participation and salary. */
export function PublicGuildMembersPage() {
  const brand = useBrand();
  useDocumentTitle((b) => `Guild Roster - ${b}`);
  // Admins' caches hold every member; the roster lists the active ones and resolves names against all.
  const roster = useGuildMembers();
  const items = useMarketItems();
  const members = collectionState(roster, useSyncStatus("guildMembers"), useOnline(), hasRows);

  let state: RosterTableState;
  if (members.status !== "ready" || items === undefined) {
    state = members.status === "error" ? members : { status: "loading" };
  } else {
    const active = members.data.filter((member) => member.status === "active");
    state = { status: "ready", rows: buildRosterRows(active, items, members.data) };
  }

  return (
    <>
      <PageHeader
        title="Guild Roster"
        subtitle={rosterSubtitle(brand)}
        actions={<LastSynced collections={COLLECTIONS} />}
      />
      <RosterTable state={state} />
    </>
  );
}
