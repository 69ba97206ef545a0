/**
 * /me, My page (decision 072): a signed-in account's own home and the page a raider lands on after logging in. What
 * waits for them, the next spawns with their alerts, their balance and their recent raids, each from this device's
 * store or the saved copy of My earnings, so it reads offline. Visitors who are not signed in are sent to log in.
 */
import { LogOut } from "lucide-react";
import { lazy, Suspense } from "react";
import { ROLE_LABELS } from "@shared/contract/roles.ts";
import { Button } from "@web/components/button.tsx";
import { PageHeader } from "@web/components/page-header.tsx";
import { MyOpenAuctions } from "@web/features/auctions/my-open-auctions.tsx";
import { MyOpenCheckIns } from "@web/features/check-ins/my-open-check-ins.tsx";
import { ClaimCharacterPanel } from "@web/features/claims/claim-character-panel.tsx";
import { useMyEarnings } from "@web/features/my-earnings/use-my-earnings.ts";
import { earningsAnswer } from "@web/features/raider-home/earnings-reading.ts";
import { EarningsSummaryCard } from "@web/features/raider-home/earnings-summary-card.tsx";
import { NextSpawnsCard } from "@web/features/raider-home/next-spawns-card.tsx";
import { RaiderHomeLayout } from "@web/features/raider-home/raider-home-layout.tsx";
import { RecentRaidsCard } from "@web/features/raider-home/recent-raids-card.tsx";
import { useOnline } from "@web/features/sync-status/use-online.ts";
import type { SessionUser } from "@web/lib/session-store.ts";
import { AccessGuard } from "@web/shell/access-guard.tsx";
import { useDocumentTitle } from "@web/shell/use-document-title.ts";
import { useNextSpawns } from "./-components/use-next-spawns.ts";
import { useMyLogout } from "./me/-components/use-my-logout.ts";

/**
 * The boss page's spawn alerts (its dialog and the button that opens it), fetched with this page: importing the boss
 * page's lighter button here would split it out of the boss page's own chunk, and the boss page's first download would
 * grow (decision 072).
 */
const SpawnAlerts = lazy(() =>
  import("@web/features/spawn-alerts/spawn-alerts-dialog.tsx").then((m) => ({
    default: m.SpawnAlertsDialogButton,
  })),
);

function MyPageView({ user }: { user: SessionUser }) {
  const online = useOnline();
  const earnings = useMyEarnings(user.id, online);
  const answer = earningsAnswer(earnings);
  const onLogout = useMyLogout(user.id);
  const nextSpawns = useNextSpawns();
  return (
    <RaiderHomeLayout
      header={
        <PageHeader
          title={`Welcome, ${user.displayName}`}
          subtitle={
            answer?.linked ? `${ROLE_LABELS[user.role]} · ${answer.mainName}` : ROLE_LABELS[user.role]
          }
          actions={
            <Button variant="secondary" onClick={onLogout}>
              <LogOut className="size-4" aria-hidden="true" />
              Log out
            </Button>
          }
        />
      }
      // Not linked yet: the claim itself, with its state (waiting for an officer, rejected), on this page (decision 071).
      // Linked: the check-ins open now, each with "I was there" (decision 080), and the open auctions (decision 092).
      waitingForYou={
        answer && !answer.linked ? (
          <ClaimCharacterPanel key={user.id} userId={user.id} online={online} />
        ) : answer?.linked ? (
          <div className="flex flex-col gap-4">
            <MyOpenCheckIns userId={user.id} online={online} />
            <MyOpenAuctions userId={user.id} online={online} />
          </div>
        ) : null
      }
      nextSpawns={
        <NextSpawnsCard
          state={nextSpawns}
          alerts={
            <Suspense fallback={null}>
              <SpawnAlerts />
            </Suspense>
          }
        />
      }
      earnings={<EarningsSummaryCard reading={earnings} />}
      recentRaids={<RecentRaidsCard reading={earnings} />}
    />
  );
}

export function MyPage() {
  useDocumentTitle((brand) => `My page - ${brand}`);
  return <AccessGuard>{(user) => <MyPageView key={user.id} user={user} />}</AccessGuard>;
}
