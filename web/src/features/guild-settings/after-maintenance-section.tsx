/**
 * Admin › Guild Settings, what a server maintenance does to interval bosses (decision 076): chosen once, saved with
 * PUT /_api/admin/guild-settings/after-maintenance, and read by the officers' "Server maintenance" on the boss page.
 */
import { ServerCog } from "lucide-react";
import { type FormEvent, useState } from "react";
import { GUILD_SETTINGS_CALLS } from "@shared/contract/guild-settings.ts";
import type { GuildSettings } from "@shared/schemas/guild-settings.ts";
import {
  AFTER_MAINTENANCE,
  AFTER_MAINTENANCE_DEFAULT,
  AFTER_MAINTENANCE_TEXT,
  type AfterMaintenance,
} from "@shared/schemas/timer-tools.ts";
import { Button } from "@web/components/button.tsx";
import { SettingsSection, useSettingSave } from "@web/components/settings-section.tsx";
import { api } from "@web/lib/api-client.ts";

export const afterMaintenanceSaved = (mode: AfterMaintenance) =>
  `After a server maintenance: ${AFTER_MAINTENANCE_TEXT[mode].label.toLowerCase()}.`;

export function AfterMaintenanceSection({ settings, online }: { settings: GuildSettings; online: boolean }) {
  // A copy stored before sql/020 has no choice in it: the default is in force.
  const inUse = settings.afterMaintenance ?? AFTER_MAINTENANCE_DEFAULT;
  const [selected, setSelected] = useState<AfterMaintenance>(inUse);
  const { saving, error, saveSetting } = useSettingSave();

  const save = (event: FormEvent) =>
    saveSetting(
      event,
      () => api.call(GUILD_SETTINGS_CALLS.saveAfterMaintenance, { body: { afterMaintenance: selected } }),
      (saved) => afterMaintenanceSaved(saved.afterMaintenance),
    );

  return (
    <SettingsSection
      icon={ServerCog}
      title="After a server maintenance"
      description="What an officer's 'Server maintenance' on the boss page does to every boss with a respawn interval. Fixed-schedule bosses always keep their schedule."
    >
      <form noValidate onSubmit={save} className="flex flex-col gap-3">
        <fieldset className="flex min-w-0 flex-col gap-2">
          <legend className="sr-only">After a server maintenance</legend>
          {AFTER_MAINTENANCE.map((mode) => (
            <label
              key={mode}
              className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-line px-3 py-2 has-[:checked]:border-gold/60 has-[:checked]:bg-gold/10"
            >
              <input
                type="radio"
                name="after-maintenance"
                className="mt-1 size-4 shrink-0 accent-gold"
                value={mode}
                checked={selected === mode}
                onChange={() => setSelected(mode)}
              />
              <span className="flex min-w-0 flex-col">
                <span className="text-sm font-semibold text-ink">{AFTER_MAINTENANCE_TEXT[mode].label}</span>
                <span className="text-sm text-ink-muted">{AFTER_MAINTENANCE_TEXT[mode].effect}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {error ? (
          <p role="alert" className="text-sm text-red-200">
            {error}
          </p>
        ) : null}
        <div>
          <Button type="submit" disabled={!online || saving || selected === inUse}>
            {saving ? "Saving…" : "Save"}
          </Button>
        </div>
        {!online ? (
          <p className="text-sm text-ink-muted">You are offline: saving needs a connection.</p>
        ) : null}
      </form>
    </SettingsSection>
  );
}
