/**
 * The Discord settings form (decision 043): the webhook, the lead time of spawn alerts, which messages go out; save,
 * send a test message, and the last delivery error. Online only: the settings are read and written on the server.
 */
import { AlertTriangle, CheckCircle2, Send } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { ALERT_LEAD_MINUTES, type AlertLeadMinutes } from "@shared/bosses/alert-lead-minutes.ts";
import { DISCORD_CALLS } from "@shared/contract/spawn-alerts.ts";
import { formatDateTime } from "@shared/format/format-date.ts";
import {
  type DiscordSettings,
  type DiscordSettingsInput,
  discordSettingsSchema,
} from "@shared/schemas/spawn-alerts.ts";
import { Button } from "@web/components/button.tsx";
import { Card, CardTitle } from "@web/components/card.tsx";
import { Field } from "@web/components/dialog.tsx";
import { inputClass } from "@web/components/filter-select.tsx";
import { api, errorMessage } from "@web/lib/api-client.ts";
import { toast } from "@web/lib/toast.tsx";

export const DISCORD_SAVED = "Discord settings saved.";

const MESSAGE_CHOICES = [
  { key: "spawnAlerts", label: "Spawn alerts", detail: '"Venatus spawns in 10 minutes"' },
  { key: "timerStarts", label: "Timer starts", detail: '"Timer started for Venatus by Aria"' },
  { key: "lootSales", label: "Loot sold", detail: "item, price and how it was split" },
] as const;

/** The portal's one date-and-time form (docs/glossary.md), not the browser's locale. */
const whenText = (at: Date) => formatDateTime(at);

const inputOf = (settings: DiscordSettings): DiscordSettingsInput => ({
  webhookUrl: settings.webhookUrl,
  leadMinutes: settings.leadMinutes,
  spawnAlerts: settings.spawnAlerts,
  timerStarts: settings.timerStarts,
  lootSales: settings.lootSales,
});

export function DiscordSettingsForm({
  settings,
  onSaved,
}: {
  settings: DiscordSettings;
  onSaved: (settings: DiscordSettings) => void;
}) {
  const formId = useId();
  const [values, setValues] = useState<DiscordSettingsInput>(() => inputOf(settings));
  const [urlError, setUrlError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);
  const saved = inputOf(settings);
  const changed = JSON.stringify(saved) !== JSON.stringify(values);
  useEffect(() => setValues(inputOf(settings)), [settings]);

  const checkUrl = (url: string) => {
    const result = discordSettingsSchema.shape.webhookUrl.safeParse(url);
    return result.success ? undefined : result.error.issues[0]?.message;
  };

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    // The server also takes a test run's own Discord, so only its answer is final; this catches typos early.
    const problem = values.webhookUrl.includes("/api/webhooks/") ? undefined : checkUrl(values.webhookUrl);
    setUrlError(problem);
    if (problem) return;
    setSaving(true);
    try {
      const { discord } = await api.call(DISCORD_CALLS.save, { body: values });
      toast.success(DISCORD_SAVED);
      onSaved(discord);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const sendTest = async () => {
    setTesting(true);
    try {
      const { message } = await api.call(DISCORD_CALLS.test);
      toast.success(message);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setTesting(false);
      // The answer may have recorded a delivery or an error.
      try {
        onSaved((await api.call(DISCORD_CALLS.settings)).discord);
      } catch {
        // The page keeps what it shows.
      }
    }
  };

  return (
    <div className="space-y-4">
      <DeliveryStatus settings={settings} />
      <Card>
        <form id={formId} noValidate onSubmit={save} className="flex flex-col gap-5">
          <Field
            label="Webhook URL"
            error={urlError}
            hint="In Discord: Server Settings › Integrations › Webhooks › New Webhook › Copy Webhook URL. Leave empty to turn Discord off."
          >
            {(control) => (
              <input
                {...control}
                className={`${inputClass} font-mono text-xs`}
                value={values.webhookUrl}
                autoComplete="off"
                spellCheck={false}
                placeholder="https://discord.com/api/webhooks/…"
                onChange={(e) => {
                  setValues((prev) => ({ ...prev, webhookUrl: e.target.value }));
                  if (urlError) setUrlError(undefined);
                }}
              />
            )}
          </Field>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium text-ink">Messages</legend>
            {MESSAGE_CHOICES.map((choice) => (
              <label
                key={choice.key}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-line px-3 py-2"
              >
                <input
                  type="checkbox"
                  className="size-5 shrink-0 accent-gold"
                  checked={values[choice.key]}
                  onChange={(e) => setValues((prev) => ({ ...prev, [choice.key]: e.target.checked }))}
                />
                <span className="text-sm text-ink">
                  {choice.label} <span className="text-ink-muted">{choice.detail}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <Field label="Spawn alerts come" hint="Before each spawn, for interval and scheduled bosses.">
            {(control) => (
              <select
                {...control}
                className={inputClass}
                value={values.leadMinutes}
                onChange={(e) =>
                  setValues((prev) => ({ ...prev, leadMinutes: Number(e.target.value) as AlertLeadMinutes }))
                }
              >
                {ALERT_LEAD_MINUTES.map((minutes) => (
                  <option key={minutes} value={minutes}>
                    {minutes} minutes before
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={saving || !changed}>
              {saving ? "Saving…" : "Save"}
            </Button>
            <Button
              type="button"
              variant="secondary"
              onClick={sendTest}
              disabled={testing || changed || settings.webhookUrl === ""}
              title={changed ? "Save first: the test goes to the saved webhook." : undefined}
            >
              <Send className="size-4" aria-hidden="true" />
              {testing ? "Sending…" : "Send test message"}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}

/** Whether messages are getting through: the last error until a later delivery succeeds. */
function DeliveryStatus({ settings }: { settings: DiscordSettings }) {
  if (settings.lastError) {
    return (
      <Card role="alert" className="flex items-start gap-3 border-danger/40" data-testid="discord-last-error">
        <AlertTriangle className="mt-0.5 size-5 shrink-0 text-danger" aria-hidden="true" />
        <div className="min-w-0">
          <p className="font-semibold text-ink">Last delivery failed {whenText(settings.lastError.at)}</p>
          <p className="mt-1 break-words text-sm text-red-200">{settings.lastError.message}</p>
          <p className="mt-1 text-sm text-ink-muted">
            Messages Discord could not take while it was down or busy are tried again every minute for up to
            an hour.
          </p>
        </div>
      </Card>
    );
  }
  return (
    <Card className="flex items-start gap-3" data-testid="discord-status">
      <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-gold" aria-hidden="true" />
      <div>
        <CardTitle>{settings.webhookUrl === "" ? "Discord is off" : "Discord is on"}</CardTitle>
        <p className="mt-1 text-sm text-ink-muted">
          {settings.webhookUrl === ""
            ? "Paste a webhook URL below to post alerts to a channel."
            : settings.lastDeliveredAt
              ? `Last message posted ${whenText(settings.lastDeliveredAt)}.`
              : "No message posted yet."}
        </p>
      </div>
    </Card>
  );
}
