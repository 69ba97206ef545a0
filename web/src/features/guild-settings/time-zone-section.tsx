/**
 * Admin › Guild Settings, the time zone (decision 059): a searchable list of the IANA zones this browser knows, the
 * chosen one saved with PUT /_api/admin/guild-settings. The boss page, the home card, phone and Discord alerts and
 * the scheduler all read the zone from the server, so this is the one place it changes.
 */
import { Globe } from "lucide-react";
import { type FormEvent, useDeferredValue, useId, useMemo, useState } from "react";
import { GUILD_SETTINGS_CALLS } from "@shared/contract/guild-settings.ts";
import { zoneOffsetMs } from "@shared/format/zoned-time.ts";
import type { GuildSettings, TimeZoneSource } from "@shared/schemas/guild-settings.ts";
import { Button } from "@web/components/button.tsx";
import { SearchInput } from "@web/components/search-input.tsx";
import { SettingsSection, useSettingSave } from "@web/components/settings-section.tsx";
import { api } from "@web/lib/api-client.ts";

/** The most zones listed at once: a search narrows the rest (each row works out its offset from UTC). */
export const MAX_LISTED_ZONES = 60;
export const timeZoneSaved = (zone: string) => `The guild's time zone is now ${zone}.`;

const SOURCE_TEXT: Record<TimeZoneSource, string> = {
  "guild-settings": "chosen here",
  GUILD_TIMEZONE: "from the server's GUILD_TIMEZONE setting, until you choose one here",
  server: "the server's own zone, until you choose one here",
};

let zoneList: string[] | undefined;
/** Every IANA zone the browser knows, UTC among them, by name. */
function allZones(): string[] {
  zoneList ??= [...new Set([...Intl.supportedValuesOf("timeZone"), "UTC"])].sort();
  return zoneList;
}

/** 'UTC+08:00', 'UTC−03:30' (a true minus), 'UTC' for no offset. */
export function offsetText(zone: string, at: number): string {
  const minutes = Math.round(zoneOffsetMs(at, zone) / 60_000);
  if (minutes === 0) return "UTC";
  const abs = Math.abs(minutes);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `UTC${minutes < 0 ? "−" : "+"}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** 'new york' finds America/New_York, 'manila' Asia/Manila. */
function matches(zone: string, query: string): boolean {
  const words = query
    .trim()
    .toLowerCase()
    .replaceAll("_", " ")
    .split(/[\s/]+/)
    .filter(Boolean);
  const name = zone.toLowerCase().replaceAll("_", " ");
  return words.every((word) => name.includes(word));
}

export function TimeZoneSection({ settings, online }: { settings: GuildSettings; online: boolean }) {
  const searchId = useId();
  const errorId = useId();
  const [query, setQuery] = useState("");
  const [selected, setSelected] = useState(settings.timeZone);
  const { saving, error, saveSetting } = useSettingSave();
  // Typing stays quick: the list follows a moment later.
  const deferredQuery = useDeferredValue(query);
  const now = useMemo(() => Date.now(), []);
  const inUse = settings.timeZone;
  // Before a search, the zone in use heads the list, where the admin sees it chosen.
  const found = useMemo(() => {
    const zones = allZones().filter((zone) => matches(zone, deferredQuery));
    return deferredQuery.trim() === "" ? [inUse, ...zones.filter((zone) => zone !== inUse)] : zones;
  }, [deferredQuery, inUse]);
  const listed = found.slice(0, MAX_LISTED_ZONES);
  const deviceZone = useMemo(() => new Intl.DateTimeFormat().resolvedOptions().timeZone, []);
  const chosen = settings.timeZoneSource === "guild-settings";
  // Before anyone chose, saving the zone in use makes it the guild's choice.
  const canSave = online && !saving && (!chosen || selected !== settings.timeZone);

  const save = (event: FormEvent) =>
    saveSetting(
      event,
      () => api.call(GUILD_SETTINGS_CALLS.save, { body: { timeZone: selected } }),
      (saved) => timeZoneSaved(saved.timeZone),
    );

  return (
    <SettingsSection
      icon={Globe}
      title="Time zone"
      description="Boss schedules, the spawn times on every screen, phone and Discord alerts, and the guild's days (payouts, the fund ledger) use this zone, for every raider wherever they are. Someone in another zone sees the guild's time and their own."
    >
      <p className="text-sm text-ink" data-testid="time-zone-in-use">
        In use: <strong className="font-semibold">{settings.timeZone}</strong> (
        {offsetText(settings.timeZone, now)}), {SOURCE_TEXT[settings.timeZoneSource]}.
      </p>
      <form noValidate onSubmit={save} className="flex flex-col gap-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={searchId} className="text-sm font-medium text-ink">
            Search time zones
          </label>
          <SearchInput
            id={searchId}
            placeholder="A city or region, e.g. Manila"
            spellCheck={false}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        {deviceZone && deviceZone !== selected ? (
          <Button variant="ghost" className="self-start text-left" onClick={() => setSelected(deviceZone)}>
            Use this device's zone ({deviceZone})
          </Button>
        ) : null}
        <fieldset className="min-w-0" aria-describedby={error ? errorId : undefined}>
          <legend className="sr-only">Time zone</legend>
          <ul className="max-h-80 overflow-y-auto rounded-lg border border-line" data-testid="time-zone-list">
            {listed.map((zone) => (
              <li key={zone} className="border-b border-line last:border-b-0">
                <label className="flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2 has-[:checked]:bg-gold/10">
                  <input
                    type="radio"
                    name="guild-time-zone"
                    className="size-4 shrink-0 accent-gold"
                    value={zone}
                    checked={selected === zone}
                    onChange={() => setSelected(zone)}
                  />
                  <span className="min-w-0 flex-1 break-words text-sm text-ink">{zone}</span>
                  <span className="shrink-0 text-xs tabular-nums text-ink-muted">
                    {offsetText(zone, now)}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <p className="text-xs text-ink-muted" aria-live="polite">
          {found.length === 0
            ? "No time zone matches. Try a city or region, such as Berlin or Asia."
            : found.length > listed.length
              ? `Showing ${listed.length} of ${found.length} zones: type to narrow the list.`
              : `${found.length} ${found.length === 1 ? "zone" : "zones"}.`}
        </p>
        {error ? (
          <p id={errorId} role="alert" className="text-sm text-red-200">
            {error}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={!canSave}>
            {saving ? "Saving…" : "Save time zone"}
          </Button>
          <span className="text-sm text-ink-muted" data-testid="time-zone-selected">
            Selected: {selected}
          </span>
        </div>
        {!online ? (
          <p className="text-sm text-ink-muted">You are offline: saving needs a connection.</p>
        ) : null}
      </form>
    </SettingsSection>
  );
}
