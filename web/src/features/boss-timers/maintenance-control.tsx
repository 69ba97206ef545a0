/**
 * "Server maintenance" on the admin boss timers page (decision 076): asks the time the servers came back and resets
 * every interval boss from then, as the guild chose in Admin › Guild Settings. It changes every boss for everyone at
 * once, so it needs a connection and says so.
 */
import { ServerCog } from "lucide-react";
import { type FormEvent, useState } from "react";
import { BOSS_TIMER_CALLS } from "@shared/contract/bosses.ts";
import {
  AFTER_MAINTENANCE_DEFAULT,
  AFTER_MAINTENANCE_TEXT,
  type AfterMaintenance,
  BACK_AT_REQUIRED,
} from "@shared/schemas/timer-tools.ts";
import { Button } from "@web/components/button.tsx";
import { Dialog, Field, FormError } from "@web/components/dialog.tsx";
import { inputClass } from "@web/components/filter-select.tsx";
import { dataLayerActions } from "@web/data/lazy-data-layer.ts";
import { api } from "@web/lib/api-client.ts";
import { localInputValue } from "@web/lib/local-input-value.ts";
import { toast } from "@web/lib/toast.tsx";
import { useOnlineSave } from "@web/lib/use-online-save.ts";

export const MAINTENANCE_LABEL = "Server maintenance";
export const MAINTENANCE_CONFIRM = "Reset timers from then";
export const MAINTENANCE_NEEDS_CONNECTION =
  "Server maintenance needs a connection: it resets every boss for everyone at once.";
export const maintenanceDone = (changed: number) =>
  `Server maintenance recorded: ${changed} boss ${changed === 1 ? "timer" : "timers"} reset.`;

/** The button and its dialog. `afterMaintenance`: the guild's choice as stored on this device. */
export function MaintenanceControl({
  afterMaintenance,
  online,
}: {
  afterMaintenance: AfterMaintenance | undefined;
  online: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [backAt, setBackAt] = useState("");
  const { saving, error, setError, save } = useOnlineSave();
  const mode = afterMaintenance ?? AFTER_MAINTENANCE_DEFAULT;

  const openWithNow = (next: boolean) => {
    if (next) {
      setBackAt(localInputValue(new Date()));
      setError(null);
    }
    setOpen(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (backAt === "") {
      setError(BACK_AT_REQUIRED);
      return;
    }
    // A datetime-local value without an offset is read on this device's clock.
    const at = new Date(backAt);
    await save(
      () =>
        api.call(BOSS_TIMER_CALLS.maintenance, {
          body: { backAt: Number.isNaN(at.getTime()) ? backAt : at },
        }),
      (res) => {
        setOpen(false);
        toast.success(maintenanceDone(res.changed));
        // The live feed tells every other open app; this one pulls at once.
        void dataLayerActions.syncNow();
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={openWithNow}
      trigger={
        <Button variant="secondary">
          <ServerCog className="size-4" aria-hidden="true" />
          {MAINTENANCE_LABEL}
        </Button>
      }
      size="sm"
      title={MAINTENANCE_LABEL}
      description="When did the servers come back? Fixed-schedule bosses keep their schedule."
      footer={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" form="maintenance-form" disabled={!online || saving}>
            {saving ? "Saving…" : MAINTENANCE_CONFIRM}
          </Button>
        </>
      }
    >
      <form id="maintenance-form" noValidate onSubmit={submit} className="flex flex-col gap-3">
        <FormError message={error ?? undefined} />
        <Field label="Servers came back at (your time)">
          {(control) => (
            <input
              {...control}
              type="datetime-local"
              className={inputClass}
              value={backAt}
              onChange={(e) => setBackAt(e.target.value)}
              required
            />
          )}
        </Field>
        <p className="text-sm text-ink" data-testid="after-maintenance">
          {AFTER_MAINTENANCE_TEXT[mode].effect} A timer started after that time stands.
        </p>
        <p className="text-xs text-ink-muted">The guild chose this in Admin › Guild Settings.</p>
        {!online ? (
          <p role="status" className="text-sm text-gold">
            {MAINTENANCE_NEEDS_CONNECTION}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
