import { PageHeader } from "../components/page-header.tsx";
import { useFunds, useSyncStatus } from "../data/hooks.ts";
import { GuildFundsCard } from "../features/funds/guild-funds-card.tsx";
import { collectionState } from "../features/sync-status/collection-state.ts";
import { useOnline } from "../features/sync-status/use-online.ts";
import { useDocumentTitle } from "../shell/use-document-title.ts";

/** The guild's reserved funds and admin fund, derived by the server from the Sold items. */
export function GuildFundsPage() {
  useDocumentTitle((brand) => `Guild Funds | ${brand}`);
  const funds = collectionState(useFunds(), useSyncStatus("funds"), useOnline(), (row) => row !== null);
  return (
    <>
      <PageHeader title="Guild Funds" />
      <GuildFundsCard state={funds} />
    </>
  );
}
