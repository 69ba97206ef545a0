/**
 * The boss page's "Spawn alerts" button and its dialog (issue 15, decision 044): anyone, signed in or not,
 * turns notifications on this device on for every boss or chosen ones, 5, 10 or 15 minutes before a spawn,
 * changes them, or turns them off. Online only: the server keeps the choices and sends the alerts.
 */
import { AlertTriangle, Bell, BellRing } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { Button } from "@web/components/button.tsx";
import { Dialog, FormError } from "@web/components/dialog.tsx";
import { LoadingRegion } from "@web/components/loading-region.tsx";
import { Skeleton } from "@web/components/skeleton.tsx";
import { useTimers } from "@web/data/hooks.ts";
import type { AlertsProblem } from "./spawn-alert-state.ts";
import {
  type AlertChoices,
  choicesChanged,
  chosenCount,
  describeAlerts,
  LEAD_OPTIONS,
  PROBLEM_MESSAGES,
  PROBLEM_TITLES,
  SPAWN_ALERTS_DESCRIPTION,
  SPAWN_ALERTS_TITLE,
  toggleBoss,
} from "./spawn-alert-state.ts";
import { type DialogState, useSpawnAlerts } from "./use-spawn-alerts.ts";

const FORM_ID = "spawn-alerts-form";
const optionClass =
  "flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-line bg-surface-raised px-3 text-sm text-ink has-[:checked]:border-gold/70 has-[:checked]:bg-gold/10";
const radioClass = "size-4 shrink-0 accent-[var(--color-gold)]";
const legendClass = "mb-2 text-sm font-medium text-ink";

function ProblemNotice({ problem }: { problem: AlertsProblem }) {
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-lg border border-gold/40 bg-gold/10 p-3"
      data-problem={problem}
    >
      <AlertTriangle className="mt-0.5 size-5 shrink-0 text-gold" aria-hidden="true" />
      <div>
        <p className="font-semibold text-ink">{PROBLEM_TITLES[problem]}</p>
        <p className="mt-1 text-sm text-ink-muted">{PROBLEM_MESSAGES[problem]}</p>
      </div>
    </div>
  );
}

function CurrentState({ state }: { state: DialogState }) {
  if (state.kind !== "ready") return null;
  const on = state.alerts !== null;
  const Icon = on ? BellRing : Bell;
  return (
    <p
      role="status"
      data-testid="spawn-alerts-state"
      data-on={on}
      className="flex items-start gap-2 text-sm text-ink"
    >
      <Icon className={`mt-0.5 size-4 shrink-0 ${on ? "text-gold" : "text-ink-muted"}`} aria-hidden="true" />
      {describeAlerts(state.alerts)}
    </p>
  );
}

function BossChoice({
  choices,
  bosses,
  onChange,
}: {
  choices: AlertChoices;
  bosses: readonly string[];
  onChange: (next: AlertChoices) => void;
}) {
  const chosen = new Set(choices.bosses);
  return (
    <fieldset>
      <legend className={legendClass}>Bosses</legend>
      <div className="grid grid-cols-2 gap-2">
        {(["all", "chosen"] as const).map((scope) => (
          <label key={scope} className={optionClass}>
            <input
              type="radio"
              name="scope"
              className={radioClass}
              checked={choices.scope === scope}
              onChange={() => onChange({ ...choices, scope })}
            />
            {scope === "all" ? "All bosses" : "Chosen bosses"}
          </label>
        ))}
      </div>
      {choices.scope === "chosen" ? (
        <p className="mt-3 text-xs text-ink-muted" aria-live="polite">
          {chosenCount(choices.bosses.length)}
        </p>
      ) : null}
      {choices.scope === "chosen" ? (
        <ul className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2" aria-label="Bosses to alert for">
          {bosses.map((name) => (
            <li key={name}>
              <label className={optionClass}>
                <input
                  type="checkbox"
                  className={radioClass}
                  checked={chosen.has(name)}
                  onChange={(event) => onChange(toggleBoss(choices, name, event.target.checked))}
                />
                <span className="min-w-0 truncate">{name}</span>
              </label>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}

function LeadChoice({
  choices,
  onChange,
}: {
  choices: AlertChoices;
  onChange: (next: AlertChoices) => void;
}) {
  return (
    <fieldset>
      <legend className={legendClass}>Alert me before the spawn</legend>
      <div className="grid grid-cols-3 gap-2">
        {LEAD_OPTIONS.map((lead) => (
          <label key={lead} className={`${optionClass} justify-center`}>
            <input
              type="radio"
              name="lead"
              className={radioClass}
              checked={choices.leadMinutes === lead}
              onChange={() => onChange({ ...choices, leadMinutes: lead })}
            />
            {lead} min
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function DialogBody({
  alerts,
  bosses,
}: {
  alerts: ReturnType<typeof useSpawnAlerts>;
  bosses: readonly string[];
}) {
  const { state, choices, setChoices, formError, turnOn } = alerts;
  if (state.kind === "loading")
    return (
      <LoadingRegion className="space-y-3">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-11 w-full" />
        <Skeleton className="h-11 w-full" />
      </LoadingRegion>
    );
  if (state.kind === "error") return <FormError message={state.message} />;
  if (state.kind === "problem") return <ProblemNotice problem={state.problem} />;
  return (
    <form
      id={FORM_ID}
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        void turnOn();
      }}
    >
      <CurrentState state={state} />
      <FormError message={formError} />
      <BossChoice choices={choices} bosses={bosses} onChange={setChoices} />
      <LeadChoice choices={choices} onChange={setChoices} />
    </form>
  );
}

function DialogFooter({ alerts, close }: { alerts: ReturnType<typeof useSpawnAlerts>; close: () => void }) {
  const { state, saved, choices, pending, turnOff } = alerts;
  if (state.kind !== "ready")
    return (
      <Button variant="secondary" onClick={close}>
        Close
      </Button>
    );
  return (
    <>
      {saved ? (
        <Button variant="secondary" onClick={() => void turnOff()} disabled={pending !== null}>
          {pending === "off" ? "Turning off..." : "Turn off alerts"}
        </Button>
      ) : (
        <Button variant="secondary" onClick={close}>
          Cancel
        </Button>
      )}
      <Button
        type="submit"
        form={FORM_ID}
        disabled={pending !== null || (saved !== null && !choicesChanged(choices, saved))}
      >
        {pending === "on" ? "Saving..." : saved ? "Save changes" : "Turn on alerts"}
      </Button>
    </>
  );
}

/**
 * The header button and the dialog it opens; `openAtOnce` when it replaces the plain button that was pressed
 * while this chunk was fetched (spawn-alerts-button.tsx).
 */
export function SpawnAlertsDialogButton({ openAtOnce = false }: { openAtOnce?: boolean }) {
  const [open, setOpen] = useState(openAtOnce);
  const timers = useTimers();
  const bosses = useMemo(
    () => [...new Set((timers ?? []).map((t) => t.bossName))].sort((a, b) => a.localeCompare(b)),
    [timers],
  );
  const close = useCallback(() => setOpen(false), []);
  const alerts = useSpawnAlerts(open, bosses, close);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="secondary">
          <BellRing className="size-4" aria-hidden="true" />
          {SPAWN_ALERTS_TITLE}
        </Button>
      }
      title={SPAWN_ALERTS_TITLE}
      description={SPAWN_ALERTS_DESCRIPTION}
      size="md"
      footer={<DialogFooter alerts={alerts} close={close} />}
    >
      <DialogBody alerts={alerts} bosses={bosses} />
    </Dialog>
  );
}
