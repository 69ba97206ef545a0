/**
 * Who comes to raids and when (issue 30, decision 088): raids per member over the last 30 or 90 days (every active
 * member listed, so who stopped coming shows at the bottom) and a weekday × hour grid of those raids in the guild's
 * time zone. From the synced records, so offline too. Loaded lazily by the attendance page's Charts tab, which hands
 * it the records and roster it already read and the guild's zone (decision 094: the store is not read a second time,
 * and this chunk needs no hook of the shared code that every page downloads).
 */
import { useMemo, useState } from "react";
import { GRID_WEEKDAYS, raidGrid, raidsPerMember, raidsWithin } from "@shared/charts/raid-attendance.ts";
import { countOf } from "@shared/glossary/glossary.ts";
import { BarRows } from "@web/components/charts/bar-rows.tsx";
import { ChartFigure, useDrawnOnMount } from "@web/components/charts/chart-figure.tsx";
import { CHART_COLORS } from "@web/components/charts/chart-theme.ts";
import { Skeleton } from "@web/components/skeleton.tsx";
import type { AttendanceRecord, GuildMember } from "@web/data/portal-db.ts";

const WINDOWS = [30, 90] as const;
const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const hourText = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

function WindowSwitch({
  days,
  onChange,
}: {
  days: number;
  onChange: (days: (typeof WINDOWS)[number]) => void;
}) {
  return (
    <fieldset className="flex gap-1 rounded-lg border border-line bg-surface p-1">
      <legend className="sr-only">Period</legend>
      {WINDOWS.map((window) => (
        <button
          key={window}
          type="button"
          aria-pressed={days === window}
          onClick={() => onChange(window)}
          className="min-h-11 min-w-11 rounded-md px-3 text-sm font-semibold text-ink-muted aria-pressed:bg-surface-raised aria-pressed:text-gold"
        >
          {window} days
        </button>
      ))}
    </fieldset>
  );
}

function HeatGrid({ counts, onDrawn }: { counts: number[][]; onDrawn: () => void }) {
  useDrawnOnMount(onDrawn);
  const most = Math.max(1, ...counts.flat());
  return (
    <div className="grid grid-cols-[2.25rem_repeat(24,minmax(0,1fr))] gap-px text-[10px] text-ink-muted">
      <span />
      {counts[0]?.map((_, hour) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the hours of the day, in order.
        <span key={hour} className="text-center">
          {hour % 6 === 0 ? hour : ""}
        </span>
      ))}
      {counts.map((row, weekday) => (
        <div key={GRID_WEEKDAYS[weekday]} className="contents">
          <span className="pr-1 leading-4">{GRID_WEEKDAYS[weekday]}</span>
          {row.map((raids, hour) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: the hours of the day, in order.
              key={hour}
              className="h-4 rounded-[2px] bg-surface-raised"
              style={
                raids > 0
                  ? { backgroundColor: CHART_COLORS.gold, opacity: 0.25 + (0.75 * raids) / most }
                  : undefined
              }
            />
          ))}
        </div>
      ))}
    </div>
  );
}

export default function AttendanceCharts({
  records,
  members,
  zone,
}: {
  /** null while the store is read. */
  records: readonly AttendanceRecord[] | null;
  members: readonly GuildMember[] | null;
  /** The guild's zone (decision 059); null while it is not known on this device: the grid is in UTC. */
  zone: string | null;
}) {
  if (!records || !members) return <Skeleton className="h-[22rem] w-full rounded-2xl" />;
  return <Drawn records={records} members={members} zone={zone} />;
}

function Drawn({
  records,
  members,
  zone,
}: {
  records: readonly AttendanceRecord[];
  members: readonly GuildMember[];
  zone: string | null;
}) {
  const [days, setDays] = useState<(typeof WINDOWS)[number]>(30);
  const [now] = useState(() => Date.now());
  const active = useMemo(
    () => members.filter((m) => m.status === "active").map((m) => m.playerName),
    [members],
  );
  const within = useMemo(() => raidsWithin(records, now, days), [records, now, days]);
  const perMember = useMemo(() => raidsPerMember(records, active, now, days), [records, active, now, days]);
  const grid = useMemo(() => raidGrid(within, zone), [within, zone]);
  const raids = grid.total;
  const none = perMember.filter((m) => m.raids === 0).length;
  const top = perMember[0];
  const busiest = grid.busiest;
  const zoneText = zone ? ` (${zone})` : "";
  return (
    <div className="space-y-4">
      <WindowSwitch days={days} onChange={setDays} />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <ChartFigure
          name="raids-per-member"
          title={`Raids per member, last ${days} days`}
          summary={
            raids === 0
              ? `No raids in the last ${days} days.`
              : `${countOf(raids, "raid")} in the last ${days} days; the most: ${top?.name} with ${countOf(top?.raids ?? 0, "raid")}; ${countOf(none, "active member")} with none.`
          }
          table={{
            caption: `Raids per member in the last ${days} days`,
            columns: ["Member", "Raids"],
            rows: perMember.map((m) => [m.name, String(m.raids)]),
          }}
        >
          {(onDrawn) => (
            <BarRows
              onDrawn={onDrawn}
              rows={perMember.map((m) => ({
                key: m.name,
                label: m.name,
                value: m.raids,
                text: String(m.raids),
              }))}
            />
          )}
        </ChartFigure>
        <ChartFigure
          name="raid-times"
          title={`When the guild raids${zoneText}`}
          summary={
            busiest
              ? `${countOf(raids, "raid")} in the last ${days} days; the busiest hour: ${WEEKDAY_NAMES[busiest.weekday]} ${hourText(busiest.hour)} with ${countOf(busiest.raids, "raid")}.`
              : `No raids in the last ${days} days.`
          }
          table={{
            caption: `Raids by weekday and hour in the last ${days} days${zoneText}`,
            columns: ["Weekday", "Hour", "Raids"],
            rows: grid.counts.flatMap((row, weekday) =>
              row.flatMap((count, hour) =>
                count > 0 ? [[WEEKDAY_NAMES[weekday] as string, hourText(hour), String(count)]] : [],
              ),
            ),
          }}
        >
          {(onDrawn) => <HeatGrid counts={grid.counts} onDrawn={onDrawn} />}
        </ChartFigure>
      </div>
    </div>
  );
}
