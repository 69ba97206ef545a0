import { lazy, Suspense, useState } from "react";
import { moneyText } from "@shared/money/money.ts";
import { type FundsIncome, fundFigures } from "@shared/payouts/fund-figures.ts";
import { FUNDS, type FundName, type FundSpending } from "@shared/schemas/fund-spending.ts";
import { useFetchOnOpen } from "../components/charts/fetch-on-open.ts";
import { WhenVisible } from "../components/charts/when-visible.tsx";
import { PageHeader } from "../components/page-header.tsx";
import {
  useFundSpending,
  useFunds,
  useGuildMembers,
  useMarketItems,
  useSplitRules,
  useSyncStatus,
} from "../data/hooks.ts";
import type { OutboxRow } from "../data/portal-db.ts";
import { FundLedgerCard } from "../features/funds/fund-ledger-card.tsx";
import { type FundsState, GuildFundsCard } from "../features/funds/guild-funds-card.tsx";
import { SpendingDialog } from "../features/funds/spending-dialog.tsx";
import { useFundLedger } from "../features/funds/use-fund-ledger.ts";
import { FailedWrites, PendingChanges } from "../features/outbox/write-status.tsx";
import { collectionState } from "../features/sync-status/collection-state.ts";
import { useOnline } from "../features/sync-status/use-online.ts";
import { useDocumentTitle } from "../shell/use-document-title.ts";

/**
 * Decision 088: the charts' code (uPlot) is a lazy chunk. Decision 094: the rows they add up are read by the page, so
 * the store is read while that code is on its way. Decision 101: it is fetched when the page opens.
 */
const loadFundCharts = () => import("../features/funds/fund-charts.tsx");
const FundCharts = lazy(loadFundCharts);

const SPENDING_WRITES = ["createSpending", "deleteSpending"];
const SPENDING_TAKEN_OFF = "Recorded spending is taken off; each fund's ledger is below.";

function describeSpendingWrite(row: OutboxRow): string {
  const args = row.args as { purpose?: string; amount?: string };
  return row.name === "createSpending"
    ? `Recording spending "${args.purpose ?? ""}" of ${args.amount ?? ""} USDT`
    : "Removing a spending";
}

function FundSection({
  fund,
  income,
  spending,
  online,
  version,
  onRecord,
}: {
  fund: FundName;
  income: FundsIncome | null;
  spending: readonly FundSpending[];
  online: boolean;
  version: string;
  onRecord: (fund: FundName) => void;
}) {
  const [page, setPage] = useState(1);
  const ledger = useFundLedger(fund, page, online, version);
  return (
    <FundLedgerCard
      fund={fund}
      figures={fundFigures(income, spending, fund)}
      ledger={ledger}
      localSpending={spending.filter((row) => row.fund === fund)}
      page={page}
      onPage={setPage}
      onRecord={onRecord}
    />
  );
}

/**
 * The guild's reserved funds and admin fund, derived by the server from the Sold items, and each fund's ledger
 * of income and spending (decision 050).
 */
export function GuildFundsPage() {
  useDocumentTitle((brand) => `Guild Funds | ${brand}`);
  const online = useOnline();
  const row = useFunds();
  const spending = useFundSpending();
  const synced = collectionState(row, useSyncStatus("funds"), online, (r) => r !== null);
  const [recording, setRecording] = useState<FundName | null>(null);
  useFetchOnOpen(loadFundCharts);
  const chartItems = useMarketItems();
  const chartMembers = useGuildMembers();
  const chartRules = useSplitRules();
  const income = row ?? null;
  // Any change to the spending or the funds row asks the ledger again.
  const version = `${JSON.stringify(income)}|${(spending ?? []).map((s) => `${s.id}:${s.amount}`).join(",")}`;
  const balances = {
    guild: fundFigures(income, spending ?? [], "guild").balance,
    admin: fundFigures(income, spending ?? [], "admin").balance,
  };
  // The overview shows what each fund holds: its income less the spending recorded (decision 050).
  const funds: FundsState =
    synced.status === "ready" && synced.data !== null
      ? {
          status: "ready",
          data: {
            ...synced.data,
            reservedGuildFunds: moneyText(balances.guild),
            adminFund: moneyText(balances.admin),
          },
        }
      : synced;
  return (
    <>
      <PageHeader title="Guild Funds" />
      <PendingChanges />
      <FailedWrites names={SPENDING_WRITES} describe={describeSpendingWrite} />
      <div className="space-y-6">
        <GuildFundsCard state={funds} note={SPENDING_TAKEN_OFF} />
        <WhenVisible minHeight="22rem" label="The funds over time">
          <Suspense fallback={null}>
            <FundCharts items={chartItems} members={chartMembers} rules={chartRules} spending={spending} />
          </Suspense>
        </WhenVisible>
        {FUNDS.map((fund) => (
          <FundSection
            key={fund}
            fund={fund}
            income={income}
            spending={spending ?? []}
            online={online}
            version={version}
            onRecord={setRecording}
          />
        ))}
      </div>
      <SpendingDialog fund={recording} balances={balances} onClose={() => setRecording(null)} />
    </>
  );
}
