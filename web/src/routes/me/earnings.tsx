/**
 * /me/earnings: a signed-in member's own money (docs/decisions/051): totals, payouts and every share of their
 * main character and its alts. Fetched online and kept on the device, so it reads offline (the saved copy, with
 * when it was saved). Visitors who are not signed in are sent to the login page.
 */
import { Link } from "@tanstack/react-router";
import { AlertCircle, CloudOff, Link2Off, LogOut } from "lucide-react";
import { lazy, Suspense } from "react";
import { formatDateTime } from "@shared/format/format-date.ts";
import { countOf } from "@shared/glossary/glossary.ts";
import { MY_EARNINGS_MESSAGES, type MyEarnings, savedCopyLabel } from "@shared/schemas/my-earnings.ts";
import { Button, buttonClass } from "@web/components/button.tsx";
import { Card } from "@web/components/card.tsx";
import { useFetchOnOpen } from "@web/components/charts/fetch-on-open.ts";
import { WhenVisible } from "@web/components/charts/when-visible.tsx";
import { PageHeader } from "@web/components/page-header.tsx";
import { Skeleton } from "@web/components/skeleton.tsx";
import { SignedInDevices } from "@web/features/devices/signed-in-devices.tsx";
import { ItemsTable, PayoutsTable } from "@web/features/my-earnings/earnings-tables.tsx";
import { EarningsTotalsCard } from "@web/features/my-earnings/earnings-totals.tsx";
import { type MyEarningsState, useMyEarnings } from "@web/features/my-earnings/use-my-earnings.ts";
import { useOnline } from "@web/features/sync-status/use-online.ts";
import type { SessionUser } from "@web/lib/session-store.ts";
import { AccessGuard } from "@web/shell/access-guard.tsx";
import { useDocumentTitle } from "@web/shell/use-document-title.ts";
import { useMyLogout } from "./-components/use-my-logout.ts";

/**
 * Decision 088: the chart's code (uPlot) is a lazy chunk. Decision 101: it is fetched when the page opens, while the
 * answer is on its way, so the chart draws as soon as the balance is shown.
 */
const loadEarningsChart = () => import("@web/features/my-earnings/earnings-chart.tsx");
const EarningsChart = lazy(loadEarningsChart);

function SavedNotice({ savedAt, reason }: { savedAt: number; reason: "offline" | "failed" }) {
  return (
    <Card role="status" className="flex items-start gap-3" data-testid="saved-copy">
      <CloudOff className="mt-0.5 size-5 shrink-0 text-gold" aria-hidden="true" />
      <div>
        <p className="font-semibold text-ink">{savedCopyLabel(formatDateTime(savedAt))}</p>
        <p className="mt-1 text-sm text-ink-muted">
          {reason === "offline"
            ? "You are offline: this is the copy saved on this device. It updates when you are back online."
            : "The server could not be reached: this is the copy saved on this device."}
        </p>
      </div>
    </Card>
  );
}

function Problem({ text }: { text: string }) {
  return (
    <Card role="alert" className="flex items-start gap-3 border-danger/40">
      <AlertCircle className="mt-0.5 size-5 shrink-0 text-danger" aria-hidden="true" />
      <p className="text-sm text-red-200">{text}</p>
    </Card>
  );
}

function Loading() {
  return (
    <div role="status" aria-busy="true" className="space-y-4">
      <span className="sr-only">Loading your earnings</span>
      <Skeleton className="h-40 w-full rounded-2xl" />
      <Skeleton className="h-24 w-full rounded-2xl" />
      <Skeleton className="h-64 w-full rounded-2xl" />
    </div>
  );
}

function Earnings({ answer }: { answer: MyEarnings }) {
  if (!answer.linked) {
    return (
      <Card className="flex items-start gap-3" data-testid="not-linked">
        <Link2Off className="mt-0.5 size-5 shrink-0 text-gold" aria-hidden="true" />
        <div>
          <p className="font-semibold text-ink">Your account is not linked to a character yet</p>
          <p className="mt-1 text-sm text-ink-muted">{answer.message}</p>
          {/* Decision 071: the raider says which character is theirs, and an officer approves it. */}
          <Link to="/me/claim" className={`${buttonClass("primary")} mt-3`}>
            Claim your character
          </Link>
        </div>
      </Card>
    );
  }
  return (
    <div className="space-y-6">
      <EarningsTotalsCard totals={answer.totals} characters={answer.characters} />
      <WhenVisible minHeight="22rem" label="Earned and paid over time">
        <Suspense fallback={<Skeleton className="h-[22rem] w-full rounded-2xl" />}>
          <EarningsChart answer={answer} />
        </Suspense>
      </WhenVisible>
      <section aria-labelledby="payouts-title" className="space-y-3">
        <h2 id="payouts-title" className="text-lg font-semibold text-ink">
          Payouts{" "}
          <span className="text-sm font-normal text-ink-muted">
            ({countOf(answer.payouts.length, "payout")})
          </span>
        </h2>
        <PayoutsTable payouts={answer.payouts} />
      </section>
      <section aria-labelledby="items-title" className="space-y-3">
        <h2 id="items-title" className="text-lg font-semibold text-ink">
          Items{" "}
          <span className="text-sm font-normal text-ink-muted">({countOf(answer.items.length, "item")})</span>
        </h2>
        <ItemsTable items={answer.items} showCharacter={answer.characters.length > 1} />
      </section>
    </div>
  );
}

function Body({ state }: { state: MyEarningsState }) {
  switch (state.status) {
    case "loading":
      return <Loading />;
    case "fresh":
      return <Earnings answer={state.answer} />;
    case "saved":
      return (
        <div className="space-y-6">
          <SavedNotice savedAt={state.savedAt} reason={state.reason} />
          <Earnings answer={state.answer} />
        </div>
      );
    case "none":
      return (
        <Problem
          text={
            state.reason === "offline"
              ? MY_EARNINGS_MESSAGES.nothingSaved
              : `${MY_EARNINGS_MESSAGES.loadFailed} ${state.error ?? ""}`.trim()
          }
        />
      );
  }
}

function MyEarningsView({ user }: { user: SessionUser }) {
  const online = useOnline();
  const state = useMyEarnings(user.id, online);
  const onLogout = useMyLogout(user.id);
  useFetchOnOpen(loadEarningsChart);
  return (
    <>
      <PageHeader
        title="My earnings"
        subtitle="What your characters earned from sold loot, what the guild paid you, and what it still owes you."
        actions={
          <Button variant="secondary" onClick={onLogout}>
            <LogOut className="size-4" aria-hidden="true" />
            Log out
          </Button>
        }
      />
      <div className="space-y-6">
        <Body state={state} />
        <SignedInDevices
          online={online}
          onSignedOutHere={() => {
            // The server ended this session and cleared its cookie: leave as after a logout.
            void onLogout();
          }}
        />
      </div>
    </>
  );
}

export function MyEarningsPage() {
  useDocumentTitle((brand) => `My earnings - ${brand}`);
  return <AccessGuard>{(user) => <MyEarningsView key={user.id} user={user} />}</AccessGuard>;
}
