/**
 * Admin › Discord › Alerts per boss (decision 077): each boss's own lead time and the Discord role its spawn alert
 * mentions, as a table of the bosses (a card per boss on a phone). Empty fields: the settings' lead time and no
 * mention. One Save sends the bosses that changed. Online only, like the rest of the page.
 */
import { BellRing } from "lucide-react";
import { type FormEvent, useId, useMemo, useState } from "react";
import { scheduleLabel } from "@shared/bosses/boss-schedule.ts";
import { DISCORD_CALLS } from "@shared/contract/spawn-alerts.ts";
import {
  BOSS_ALERT_MESSAGES,
  type BossAlert,
  bossAlertLeadField,
  bossAlertRoleField,
} from "@shared/schemas/boss-alerts.ts";
import { Button } from "@web/components/button.tsx";
import { inputClass } from "@web/components/filter-select.tsx";
import { PageSkeleton } from "@web/components/page-skeleton.tsx";
import { SettingsSection } from "@web/components/settings-section.tsx";
import { api, errorMessage } from "@web/lib/api-client.ts";
import { toast } from "@web/lib/toast.tsx";
import { useServerRead } from "@web/lib/use-server-read.ts";

export const BOSS_ALERTS_SAVED = "Boss alerts saved.";

/** A boss's two fields as typed. */
interface Typed {
  lead: string;
  role: string;
}

const typedOf = (boss: BossAlert): Typed => ({
  lead: boss.leadMinutes === null ? "" : String(boss.leadMinutes),
  role: boss.roleId ?? "",
});

/** The row as the call takes it, or the field's message. */
function parseRow(boss: BossAlert, typed: Typed) {
  const leadText = typed.lead.trim();
  const lead = bossAlertLeadField.safeParse(leadText === "" ? null : Number(leadText));
  const role = bossAlertRoleField.safeParse(typed.role);
  return {
    leadError: lead.success ? undefined : BOSS_ALERT_MESSAGES.leadMinutes,
    roleError: role.success ? undefined : BOSS_ALERT_MESSAGES.roleId,
    value: lead.success && role.success ? { id: boss.id, leadMinutes: lead.data, roleId: role.data } : null,
  };
}

function BossAlertRow({
  boss,
  typed,
  defaultLead,
  showErrors,
  onChange,
}: {
  boss: BossAlert;
  typed: Typed;
  defaultLead: number;
  showErrors: boolean;
  onChange: (typed: Typed) => void;
}) {
  const id = useId();
  const { leadError, roleError } = parseRow(boss, typed);
  return (
    <li
      className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-x-3 gap-y-2 border-b border-line py-3 last:border-b-0 sm:grid-cols-[minmax(0,1fr)_9rem_13rem] sm:items-start"
      data-testid="boss-alert-row"
    >
      <div className="col-span-2 min-w-0 sm:col-span-1 sm:pt-2">
        <p className="truncate font-medium text-ink" id={`${id}-name`}>
          {boss.name}
        </p>
        <p className="text-xs text-ink-muted">{scheduleLabel(boss.respawnTimeHours)}</p>
      </div>
      <label className="flex min-w-0 flex-col gap-1 text-xs text-ink-muted sm:text-sm">
        <span className="sm:sr-only">Minutes before</span>
        <input
          className={`${inputClass} tabular-nums`}
          inputMode="numeric"
          aria-label={`Minutes before ${boss.name} spawns`}
          aria-invalid={showErrors && leadError ? true : undefined}
          placeholder={`${defaultLead} (default)`}
          value={typed.lead}
          onChange={(e) => onChange({ ...typed, lead: e.target.value })}
        />
        {showErrors && leadError ? <span className="text-red-200">{leadError}</span> : null}
      </label>
      <label className="flex min-w-0 flex-col gap-1 text-xs text-ink-muted sm:text-sm">
        <span className="sm:sr-only">Role to mention</span>
        <input
          className={`${inputClass} tabular-nums`}
          inputMode="numeric"
          autoComplete="off"
          aria-label={`Discord role ID to mention for ${boss.name}`}
          aria-invalid={showErrors && roleError ? true : undefined}
          placeholder="No mention"
          value={typed.role}
          onChange={(e) => onChange({ ...typed, role: e.target.value })}
        />
        {showErrors && roleError ? <span className="text-red-200">{roleError}</span> : null}
      </label>
    </li>
  );
}

function BossAlertsForm({
  bosses,
  defaultLead,
  onSaved,
}: {
  bosses: BossAlert[];
  defaultLead: number;
  onSaved: (bosses: BossAlert[]) => void;
}) {
  const [typed, setTyped] = useState<Record<number, Typed>>({});
  const [showErrors, setShowErrors] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const typedFor = (boss: BossAlert) => typed[boss.id] ?? typedOf(boss);
  const changed = useMemo(
    () =>
      bosses.filter((boss) => {
        const now = typed[boss.id];
        return now !== undefined && JSON.stringify(now) !== JSON.stringify(typedOf(boss));
      }),
    [bosses, typed],
  );

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const rows = changed.map((boss) => parseRow(boss, typedFor(boss)).value);
    if (rows.some((row) => row === null)) {
      setShowErrors(true);
      setError("Fix the marked fields first.");
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const saved = await api.call(DISCORD_CALLS.saveBossAlerts, {
        body: { bosses: rows.filter((row) => row !== null) },
      });
      setTyped({});
      setShowErrors(false);
      onSaved(saved.bosses);
      toast.success(BOSS_ALERTS_SAVED);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={save}
      className="flex flex-col gap-3"
      aria-describedby={error ? errorId : undefined}
    >
      <div
        className="hidden grid-cols-[minmax(0,1fr)_9rem_13rem] gap-x-3 border-b border-line pb-2 text-xs font-medium uppercase tracking-wide text-ink-muted sm:grid"
        aria-hidden="true"
      >
        <span>Boss</span>
        <span>Minutes before</span>
        <span>Role ID to mention</span>
      </div>
      {bosses.length === 0 ? (
        <p className="text-sm text-ink-muted">No bosses yet: add them on Boss Names.</p>
      ) : null}
      <ul data-testid="boss-alert-rows">
        {bosses.map((boss) => (
          <BossAlertRow
            key={boss.id}
            boss={boss}
            typed={typedFor(boss)}
            defaultLead={defaultLead}
            showErrors={showErrors}
            onChange={(next) => setTyped((prev) => ({ ...prev, [boss.id]: next }))}
          />
        ))}
      </ul>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-200">
          {error}
        </p>
      ) : null}
      {/* Once something changed, Save stays in reach while the list scrolls (a guild has dozens of bosses). */}
      <div
        className={`-mx-1 flex flex-wrap items-center gap-3 bg-surface px-1 py-2 ${changed.length > 0 ? "sticky bottom-0" : ""}`}
      >
        <Button type="submit" disabled={saving || changed.length === 0}>
          {saving ? "Saving…" : "Save boss alerts"}
        </Button>
        {changed.length > 0 ? (
          <span className="text-sm text-ink-muted">
            {changed.length} {changed.length === 1 ? "boss" : "bosses"} changed
          </span>
        ) : null}
      </div>
    </form>
  );
}

/** The section, below the Discord settings' form; `defaultLead` is their saved lead time. */
export function BossAlertsSection({ defaultLead }: { defaultLead: number }) {
  const read = useServerRead(["discord", "boss-alerts"], (signal) =>
    api.call(DISCORD_CALLS.bossAlerts, { signal }),
  );
  const bosses = read.data?.bosses ?? null;
  return (
    <SettingsSection
      icon={BellRing}
      title="Alerts per boss"
      description={`A boss's own lead time (1 to 60 minutes; empty: ${defaultLead} minutes, as above) and a Discord role its spawn alert mentions, such as @Raiders (Developer Mode on, then Server Settings › Roles › … › Copy Role ID). Only that role is pinged, never @everyone or @here.`}
    >
      {read.status === "error" && !bosses ? (
        <p role="alert" className="text-sm text-red-200">
          {read.error}
        </p>
      ) : !bosses ? (
        <PageSkeleton label="Loading the bosses' alerts" />
      ) : (
        <BossAlertsForm
          bosses={bosses}
          defaultLead={defaultLead}
          onSaved={(next) => read.replace({ bosses: next })}
        />
      )}
    </SettingsSection>
  );
}
