/**
 * My page (/me, decision 072): a signed-in account's own home, the page a raider lands on. Each section is small
 * enough for a phone; on a wide screen the spawns and the money sit side by side.
 */
import { Link } from "@tanstack/react-router";
import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";

export function RaiderHomeLayout({
  header,
  waitingForYou,
  nextSpawns,
  earnings,
  recentRaids,
}: {
  header: ReactNode;
  /**
   * What waits for the account's own step, at the top: a character to claim or a claim pending (issue 25, point 2),
   * or that the account is not linked to a character yet. Nothing waiting: null, and the slot takes no room.
   */
  waitingForYou: ReactNode;
  nextSpawns: ReactNode;
  earnings: ReactNode;
  recentRaids: ReactNode;
}) {
  return (
    <>
      {header}
      <div className="space-y-4">
        {waitingForYou ? (
          <section aria-label="Waiting for you" data-testid="waiting-for-you">
            {waitingForYou}
          </section>
        ) : null}
        <div className="grid gap-4 md:grid-cols-2">
          {nextSpawns}
          {earnings}
        </div>
        {recentRaids}
      </div>
    </>
  );
}

/** A section of My page: a card with its heading, an optional action beside it, and its body. */
export function HomeSection({
  title,
  icon,
  action,
  testId,
  children,
}: {
  title: string;
  icon: ReactNode;
  action?: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  const headingId = `${testId}-title`;
  return (
    <section
      aria-labelledby={headingId}
      data-testid={testId}
      className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5 shadow-lg shadow-black/20"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold text-ink">
          <span className="text-gold">{icon}</span>
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** The link at the foot of a section to the page it summarises. */
export function MoreLink({ to, children }: { to: "/boss-timers" | "/me/earnings"; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="mt-auto inline-flex min-h-11 items-center gap-1 self-end rounded-lg px-2 text-sm font-semibold text-gold underline-offset-4 hover:underline"
    >
      {children}
      <ArrowRight className="size-4" aria-hidden="true" />
    </Link>
  );
}
