/**
 * The boss page's check-ins (decision 080), for signed-in accounts only (loaded lazily: a visitor's boss page does not
 * carry it). A raider sees each open check-in with "I was there". An officer online also sees the bosses killed within
 * the last hour (a timer started on them) with 'Open check-in', the kill time being the timer's start, or the
 * check-in already open for that kill.
 */
import { Link } from "@tanstack/react-router";
import { QrCode, Swords } from "lucide-react";
import type { BossTimer } from "@shared/schemas/boss-timers.ts";
import { Button } from "@web/components/button.tsx";
import { Card, CardTitle } from "@web/components/card.tsx";
import { useSeconds } from "@web/lib/use-seconds.ts";
import { OPEN_CHECK_IN } from "./check-in-texts.ts";
import { MyOpenCheckIns } from "./my-open-check-ins.tsx";
import { OpenCheckInDialog } from "./open-check-in-dialog.tsx";
import { useCheckInList } from "./use-check-in.ts";

/** A timer started within this long ago is a kill an officer may still open a check-in for from the boss page. */
export const RECENT_KILL_MS = 60 * 60 * 1000;

/** The bosses killed within RECENT_KILL_MS of `now` (a timer started on them), the latest first. */
export function recentKills(
  timers: readonly BossTimer[],
  now: number,
): { bossName: string; killedAt: Date }[] {
  return timers
    .filter((t): t is BossTimer & { startTime: Date } => t.startTime !== null && t.isActive)
    .filter((t) => now - t.startTime.getTime() <= RECENT_KILL_MS && t.startTime.getTime() <= now + 60_000)
    .sort((a, b) => b.startTime.getTime() - a.startTime.getTime())
    .map((t) => ({ bossName: t.bossName, killedAt: t.startTime }));
}

function RecentKills({ timers, online }: { timers: readonly BossTimer[]; online: boolean }) {
  const now = useSeconds();
  const read = useCheckInList(online);
  const kills = recentKills(timers, now);
  if (kills.length === 0) return null;
  const openFor = (bossName: string) =>
    read.data?.checkIns.find(
      (c) => c.status === "open" && c.bossName.toLowerCase() === bossName.toLowerCase(),
    );
  return (
    <Card className="flex flex-col gap-3" data-testid="recent-kills">
      <CardTitle icon={<Swords className="size-5" aria-hidden="true" />}>Just killed</CardTitle>
      <ul className="divide-y divide-line">
        {kills.map((kill) => {
          const open = openFor(kill.bossName);
          const minutes = Math.max(0, Math.floor((now - kill.killedAt.getTime()) / 60_000));
          return (
            <li
              key={kill.bossName}
              className="flex min-h-14 flex-wrap items-center gap-3 py-2"
              data-kill={kill.bossName}
            >
              <span className="min-w-0 flex-1">
                <span className="block truncate font-semibold uppercase text-ink">{kill.bossName}</span>
                <span className="block text-sm text-ink-muted">
                  {minutes === 0 ? "Killed just now" : `Killed ${minutes} min ago`}
                </span>
              </span>
              {open ? (
                <Link
                  to="/admin/check-ins/$id"
                  params={{ id: String(open.id) }}
                  className="inline-flex min-h-11 items-center gap-2 font-semibold text-gold hover:underline"
                >
                  <QrCode className="size-4" aria-hidden="true" />
                  Check-in {open.code}
                </Link>
              ) : (
                <OpenCheckInDialog
                  bosses={[kill.bossName]}
                  bossName={kill.bossName}
                  killedAt={kill.killedAt}
                  online={online}
                  trigger={
                    <Button
                      variant="secondary"
                      disabled={!online}
                      aria-label={`${OPEN_CHECK_IN} for ${kill.bossName}`}
                    >
                      <QrCode className="size-4" aria-hidden="true" />
                      {OPEN_CHECK_IN}
                    </Button>
                  }
                />
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

/**
 * Above the grid: the raider's open check-ins. Below it: an officer's recent kills. A kill card appears the moment an
 * officer starts a timer, so above the grid it would push every boss down under the finger of an officer starting
 * the next one (the grid holds its order after a tap for that reason, decision 076).
 */
export function BossPageCheckIns({
  place,
  userId,
  staff,
  timers,
  online,
}: {
  place: "above" | "below";
  userId: number;
  staff: boolean;
  timers: readonly BossTimer[];
  online: boolean;
}) {
  if (place === "above") {
    return (
      <div className="mb-6 flex flex-col gap-4 empty:hidden">
        <MyOpenCheckIns userId={userId} online={online} />
      </div>
    );
  }
  // Opening a check-in needs the server: offline the kills wait, rather than offer buttons that cannot work.
  if (!staff || !online) return null;
  return (
    <div className="mt-6 flex flex-col gap-4 empty:hidden">
      <RecentKills timers={timers} online={online} />
    </div>
  );
}
