/**
 * The next 24 hours of spawns on the boss page (issue 30, decision 088): one row per spawn, its place on a 24-hour
 * track beside its time, so a raider sees the night ahead at a glance. From the synced timers and the guild's zone
 * (decision 059), the same rules as the cards. Loaded only when the page's "Next 24 hours" button is pressed: the
 * boss page's first download has no room for it.
 */
import { useMemo } from "react";
import { formatRemainingShort } from "@shared/bosses/countdown.ts";
import type { SpawnSource } from "@shared/bosses/next-spawn.ts";
import { type SpawnTimeline, spawnTimeline, TIMELINE_HOURS } from "@shared/charts/spawn-timeline.ts";
import { spawnClockText } from "@shared/format/guild-clock.ts";
import { countOf } from "@shared/glossary/glossary.ts";
import { ChartFigure, useDrawnOnMount } from "@web/components/charts/chart-figure.tsx";
import { CHART_COLORS } from "@web/components/charts/chart-theme.ts";
import { useNow } from "./home-cards.tsx";

const TICKS = [0, 6, 12, 18, 24];

function Track({
  timeline,
  zone,
  onDrawn,
}: {
  timeline: SpawnTimeline;
  zone: string | null;
  onDrawn: () => void;
}) {
  useDrawnOnMount(onDrawn);
  const span = timeline.to - timeline.from;
  return (
    <div className="space-y-1 text-sm">
      <div className="grid grid-cols-[minmax(0,7rem)_minmax(0,1fr)] gap-2 text-[11px] text-ink-muted sm:grid-cols-[minmax(0,10rem)_minmax(0,1fr)]">
        <span />
        <span className="relative h-4">
          {TICKS.map((hours) => (
            <span
              key={hours}
              className="absolute -translate-x-1/2 first:translate-x-0 last:-translate-x-full"
              style={{ left: `${(hours / TIMELINE_HOURS) * 100}%` }}
            >
              {hours === 0 ? "now" : `+${hours}h`}
            </span>
          ))}
        </span>
      </div>
      {timeline.spawns.map((spawn) => (
        <div
          key={`${spawn.bossName}-${spawn.at}`}
          className="grid grid-cols-[minmax(0,7rem)_minmax(0,1fr)] items-center gap-2 sm:grid-cols-[minmax(0,10rem)_minmax(0,1fr)]"
        >
          <span className="truncate text-ink" title={spawn.bossName}>
            {spawn.bossName}
          </span>
          <span className="relative h-5 rounded-sm bg-surface-raised">
            {TICKS.slice(1, -1).map((hours) => (
              <span
                key={hours}
                className="absolute inset-y-0 w-px"
                style={{ left: `${(hours / TIMELINE_HOURS) * 100}%`, backgroundColor: CHART_COLORS.grid }}
              />
            ))}
            <span
              className="absolute top-1/2 size-3 -translate-x-1/2 -translate-y-1/2 rounded-full"
              style={{
                left: `${((spawn.at - timeline.from) / span) * 100}%`,
                backgroundColor: spawn.kind === "fixed" ? CHART_COLORS.sky : CHART_COLORS.gold,
              }}
              title={spawnClockText(spawn.at, zone)}
            />
          </span>
        </div>
      ))}
    </div>
  );
}

export default function NightAhead({ rows, zone }: { rows: readonly SpawnSource[]; zone: string | null }) {
  // The entry's clock (home-cards.tsx), so this chunk adds no shared one to the boss page.
  const now = useNow(60_000);
  const timeline = useMemo(() => spawnTimeline(rows, now, zone), [rows, now, zone]);
  const first = timeline.spawns[0];
  const unknown =
    timeline.unknown > 0 ? ` ${countOf(timeline.unknown, "boss", "bosses")} with no timer running.` : "";
  return (
    <ChartFigure
      name="next-24-hours"
      title="Next 24 hours"
      summary={
        first
          ? `${countOf(timeline.spawns.length, "spawn")} in the next 24 hours; the first: ${first.bossName} at ${spawnClockText(first.at, zone)}, in ${formatRemainingShort(first.at - now)}.${unknown}`
          : `No known spawn in the next 24 hours.${unknown}`
      }
      legend={[
        { label: "Timer", color: CHART_COLORS.gold },
        { label: "Fixed schedule", color: CHART_COLORS.sky },
      ]}
      table={{
        caption: "Spawns in the next 24 hours",
        columns: ["Boss", "Spawns at", "In"],
        rows: timeline.spawns.map((s) => [
          s.bossName,
          spawnClockText(s.at, zone),
          formatRemainingShort(s.at - now),
        ]),
      }}
    >
      {(onDrawn) =>
        timeline.spawns.length > 0 ? (
          <Track timeline={timeline} zone={zone} onDrawn={onDrawn} />
        ) : (
          <Drawn onDrawn={onDrawn} />
        )
      }
    </ChartFigure>
  );
}

function Drawn({ onDrawn }: { onDrawn: () => void }) {
  useDrawnOnMount(onDrawn);
  return null;
}
