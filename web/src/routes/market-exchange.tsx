import { Plus, Swords } from "lucide-react";
import { lazy, Suspense, useDeferredValue, useMemo, useState } from "react";
import { bossOptions, summarizeMarket } from "@shared/market/market-summary.ts";
import { splitRuleBookOf } from "@shared/salary/split-rules.ts";
import { sortAdminMarket } from "@shared/sorting/market-sort.ts";
import { Button } from "../components/button.tsx";
import { WhenVisible } from "../components/charts/when-visible.tsx";
import { ConfirmDialog, Dialog } from "../components/dialog.tsx";
import { MarketSummaryCards } from "../components/market-summary-cards.tsx";
import { PageHeader } from "../components/page-header.tsx";
import {
  useBossNames,
  useGuildMembers,
  useMarketItems,
  useSplitRules,
  useSyncStatus,
} from "../data/hooks.ts";
import type { BossNameRow, GuildMember, MarketItem } from "../data/portal-db.ts";
import { AdminMarketFiltersBar } from "../features/admin-market/admin-market-filters.tsx";
import {
  AdminMarketTable,
  type AdminMarketTableState,
  type MarketItemActions,
} from "../features/admin-market/admin-market-table.tsx";
import {
  type AdminMarketFilters,
  adminMarketMatches,
  itemDistribution,
  itemParticipants,
  itemSplitRule,
  NO_ADMIN_FILTERS,
  participantCounter,
  participantNamesOf,
} from "../features/admin-market/admin-market-view.ts";
import { DistributionDialog } from "../features/admin-market/distribution-dialog.tsx";
import { LootFormDialog } from "../features/admin-market/loot-form-dialog.tsx";
import {
  ManageParticipantsDialog,
  ParticipantsViewDialog,
} from "../features/admin-market/participants-dialogs.tsx";
import { useMarketCommands } from "../features/admin-market/use-market-commands.ts";
import { BossNamesManager } from "../features/boss-names/boss-names-manager.tsx";
import { type CollectionState, collectionState, hasRows } from "../features/sync-status/collection-state.ts";
import { useOnline } from "../features/sync-status/use-online.ts";
import { useDocumentTitle } from "../shell/use-document-title.ts";

type Open =
  | { dialog: "add" }
  | { dialog: "bosses" }
  | { dialog: "edit"; item: MarketItem }
  | { dialog: "delete"; item: MarketItem }
  | { dialog: "participants"; item: MarketItem }
  | { dialog: "manage"; item: MarketItem }
  | { dialog: "distribution"; item: MarketItem }
  | { dialog: "auction"; item: MarketItem };

/** Opening an auction (decision 092): fetched when an officer asks for it, not with the page. */
const OpenAuctionDialog = lazy(() =>
  import("../features/auctions/open-auction-dialog.tsx").then((m) => ({ default: m.OpenAuctionDialog })),
);

const NONE: never[] = [];

/** Decision 088: the charts' code (uPlot) is fetched when they scroll into view. */
const SalesCharts = lazy(() => import("../features/admin-market/sales-charts.tsx"));

/** The admin market exchange: summary, filters, the loot table and its dialogs. */
export function MarketExchangePage() {
  useDocumentTitle((brand) => `Market Exchange - ${brand}`);
  const online = useOnline();
  const items = collectionState(useMarketItems(), useSyncStatus("marketItems"), online, hasRows);
  const bossNames = collectionState(useBossNames(), useSyncStatus("bossNames"), online, hasRows);
  const roster = useGuildMembers() ?? NONE;
  const [filters, setFilters] = useState<AdminMarketFilters>(NO_ADMIN_FILTERS);
  const [open, setOpen] = useState<Open | null>(null);

  // Sorted once per change of the items; a filter change only scans that list (decision 035). The filter bar
  // answers a change at once; the table follows in a render that yields to the next key press.
  const all = items.status === "ready" ? items.data : NONE;
  const sorted = useMemo(() => sortAdminMarket(all), [all]);
  const tableFilters = useDeferredValue(filters);
  const shown = useMemo(() => sorted.filter(adminMarketMatches(tableFilters)), [sorted, tableFilters]);
  const shownState = useMemo<AdminMarketTableState>(() => ({ status: "ready", rows: shown }), [shown]);
  const actions = useMemo<MarketItemActions>(
    () => ({
      onParticipants: (item) => setOpen({ dialog: "participants", item }),
      onDistribution: (item) => setOpen({ dialog: "distribution", item }),
      onEdit: (item) => setOpen({ dialog: "edit", item }),
      onDelete: (item) => setOpen({ dialog: "delete", item }),
      onAuction: (item) => setOpen({ dialog: "auction", item }),
    }),
    [],
  );
  const summary = useMemo(() => summarizeMarket(shown), [shown]);
  const knownBosses = bossNames.status === "ready" ? bossNames.data : NONE;
  const bossList = useMemo(() => bossOptions(knownBosses, all), [knownBosses, all]);
  const formBosses = useMemo(() => bossOptions(knownBosses, []), [knownBosses]);
  const participantCount = useMemo(() => participantCounter(roster), [roster]);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Market Exchange"
        subtitle="Loot from the guild's raids, its value and who shares in it."
        actions={
          <>
            <Button variant="secondary" onClick={() => setOpen({ dialog: "bosses" })}>
              <Swords className="size-4" aria-hidden="true" />
              Manage Boss Names
            </Button>
            <Button onClick={() => setOpen({ dialog: "add" })}>
              <Plus className="size-4" aria-hidden="true" />
              Add New Loot
            </Button>
          </>
        }
      />
      <MarketSummaryCards summary={items.status === "ready" ? summary : null} />
      <WhenVisible minHeight="22rem" label="Sales charts">
        <Suspense fallback={null}>
          <SalesCharts items={items.status === "ready" ? items.data : null} />
        </Suspense>
      </WhenVisible>
      <AdminMarketFiltersBar filters={filters} bosses={bossList} onChange={setFilters} />
      <AdminMarketTable
        state={items.status === "ready" ? shownState : items}
        participantCount={participantCount}
        actions={actions}
      />

      <MarketDialogs
        open={open}
        setOpen={setOpen}
        items={all}
        roster={roster}
        bossNames={bossNames}
        formBosses={formBosses}
      />
      {open?.dialog === "auction" ? (
        <Suspense fallback={null}>
          <OpenAuctionDialog
            open
            onOpenChange={(next) => (next ? undefined : setOpen(null))}
            item={open.item}
            online={online}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** The page's dialogs; at most one is open. */
function MarketDialogs({
  open,
  setOpen,
  items,
  roster,
  bossNames,
  formBosses,
}: {
  open: Open | null;
  setOpen: (open: Open | null) => void;
  items: readonly MarketItem[];
  roster: readonly GuildMember[];
  bossNames: CollectionState<BossNameRow[]>;
  formBosses: readonly string[];
}) {
  const splitRules = useSplitRules();
  const splitRuleBook = useMemo(() => splitRuleBookOf(splitRules), [splitRules]);
  const market = useMarketCommands();
  const pickable = roster.filter((m) => m.status === "active");
  // The item as it is now in the store (a dialog stays current while the list refreshes).
  const current = (item: MarketItem) => items.find((i) => i.id === item.id) ?? item;
  const close = () => setOpen(null);
  const onOpenChange = (next: boolean) => (next ? undefined : close());
  return (
    <>
      {open?.dialog === "add" || open?.dialog === "edit" ? (
        <LootFormDialog
          key={open.dialog === "edit" ? open.item.id : "add"}
          open
          onOpenChange={onOpenChange}
          editing={open.dialog === "edit" ? current(open.item) : null}
          bosses={formBosses}
          members={pickable}
          onSubmit={async (values, opened) => {
            const done =
              open.dialog === "edit"
                ? await market.update(open.item.id, values, opened ?? open.item)
                : await market.create(values);
            if (done) close();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={open?.dialog === "delete"}
        onOpenChange={onOpenChange}
        title="Delete market item?"
        description={
          open?.dialog === "delete"
            ? `${open.item.lootName} is removed from the market exchange. If it was Sold, salaries and guild funds are recalculated without it.`
            : ""
        }
        confirmLabel="Delete"
        onConfirm={() => {
          if (open?.dialog === "delete") void market.remove(open.item.id);
        }}
      />
      {open?.dialog === "participants" ? (
        <ParticipantsViewDialog
          open
          onOpenChange={onOpenChange}
          lootName={open.item.lootName}
          participants={itemParticipants(current(open.item), roster)}
          onManage={() => setOpen({ dialog: "manage", item: open.item })}
        />
      ) : null}
      {open?.dialog === "manage" ? (
        <ManageParticipantsDialog
          open
          onOpenChange={onOpenChange}
          lootName={open.item.lootName}
          current={participantNamesOf(current(open.item))}
          members={pickable}
          onSave={async (names, opened) => {
            const base = { participatedMembers: opened };
            if (await market.update(open.item.id, { participatedMembers: names }, base)) close();
          }}
        />
      ) : null}
      {open?.dialog === "distribution" ? (
        <DistributionDialog
          open
          onOpenChange={onOpenChange}
          lootName={open.item.lootName}
          status={current(open.item).status}
          distribution={itemDistribution(current(open.item), roster, splitRuleBook)}
          rule={itemSplitRule(current(open.item), splitRuleBook)}
        />
      ) : null}
      <Dialog
        open={open?.dialog === "bosses"}
        onOpenChange={onOpenChange}
        size="lg"
        title="Manage Boss Names"
        description="The bosses offered for new loot, and their respawn times."
      >
        <BossNamesManager state={bossNames} />
      </Dialog>
    </>
  );
}
