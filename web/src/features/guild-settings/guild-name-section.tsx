/**
 * Admin › Guild Settings, the guild's name (decision 078): the name in the header, the page titles and every
 * '{brand}' text, saved with PUT /_api/admin/guild-settings/name. Empty goes back to the server's GUILD_BRAND.
 * Every open app follows at once (the live feed announces the settings); the prerendered first page follows at the
 * next build.
 */
import { Type } from "lucide-react";
import { type FormEvent, useState } from "react";
import { GUILD_NAME_CALLS } from "@shared/contract/guild-name.ts";
import { GUILD_NAME_MAX_LENGTH, guildNameField } from "@shared/schemas/guild-name.ts";
import type { GuildSettings } from "@shared/schemas/guild-settings.ts";
import { Button } from "@web/components/button.tsx";
import { SettingsSection } from "@web/components/settings-section.tsx";
import { TextField } from "@web/components/text-field.tsx";
import { dataLayerActions } from "@web/data/lazy-data-layer.ts";
import { api, errorMessage } from "@web/lib/api-client.ts";
import { toast } from "@web/lib/toast.tsx";

export const guildNameSaved = (name: string) => `The guild is now called ${name}.`;
export const GUILD_NAME_RESET = "The guild's name is the server's again.";

export function GuildNameSection({ settings, online }: { settings: GuildSettings; online: boolean }) {
  const chosen = settings.guildNameSource === "guild-settings";
  const [typed, setTyped] = useState(chosen ? settings.guildName : "");
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const wanted = typed.trim();
  const changed = wanted !== (chosen ? settings.guildName : "");

  const send = async (guildName: string) => {
    const checked = guildNameField.safeParse(guildName);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    setSaving(true);
    setError(undefined);
    try {
      const saved = await api.call(GUILD_NAME_CALLS.saveName, { body: { guildName: checked.data } });
      setTyped(saved.guildNameSource === "guild-settings" ? saved.guildName : "");
      toast.success(
        saved.guildNameSource === "guild-settings" ? guildNameSaved(saved.guildName) : GUILD_NAME_RESET,
      );
      // The live feed tells every open app; this one pulls at once, and its header follows.
      void dataLayerActions.syncNow();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    void send(typed);
  };

  return (
    <SettingsSection
      icon={Type}
      title="Guild name"
      description="Shown in the header, the page titles and the portal's texts, on every open screen at once. The first page a visitor downloads carries the name it was built with until the next build."
    >
      <p className="text-sm text-ink" data-testid="guild-name-in-use">
        In use: <strong className="font-semibold break-words">{settings.guildName}</strong>,{" "}
        {chosen ? "chosen here" : "the server's GUILD_BRAND setting, until you choose one here"}.
      </p>
      <form noValidate onSubmit={save} className="flex flex-col gap-3">
        <TextField
          label="Guild name"
          value={typed}
          onChange={(value) => {
            setTyped(value);
            setError(undefined);
          }}
          placeholder={chosen ? "Empty: the server's name" : settings.guildName}
          autoComplete="off"
          className="sm:max-w-md"
          error={error}
          hint={`At most ${GUILD_NAME_MAX_LENGTH} characters, one line. Empty: the server's name.`}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={!online || saving || !changed}>
            {saving ? "Saving…" : "Save guild name"}
          </Button>
          {chosen ? (
            <Button variant="ghost" disabled={!online || saving} onClick={() => void send("")}>
              Use the server's name
            </Button>
          ) : null}
          {!online ? (
            <span className="text-sm text-ink-muted">You are offline: saving needs a connection.</span>
          ) : null}
        </div>
      </form>
    </SettingsSection>
  );
}
