/**
 * The admin timer page's controls: 'Reset Timer' on a card on cooldown, a 10-second test timer for a chosen
 * boss, and 'Reset All Timers' behind a confirmation. Every change goes through the outbox (applied here at
 * once, sent when online).
 */
import { FlaskConical, RotateCcw, TimerReset } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@web/components/button.tsx";
import { ConfirmDialog } from "@web/components/dialog.tsx";
import { inputClass } from "@web/components/filter-select.tsx";
import { toastSaved, useRefusalToasts } from "@web/components/write-toasts.ts";
import { commands } from "@web/data/lazy-data-layer.ts";
import { errorMessage } from "@web/lib/api-client.ts";
import { toast } from "@web/lib/toast.tsx";

/** The test timer runs 10 seconds (docs/product.md#admin-boss-timers). */
export const TEST_TIMER_SECONDS = 10;
export const resetDone = (bossName: string) => `${bossName} timer has been reset successfully`;
export const ALL_RESET = "All boss timers have been reset successfully";
export const TEST_TIMER_CREATED = "Test timer created (10 second duration)";
export const RESET_FAILED = "Failed to delete timer(s).";
export const RESET_UNEXPECTED = "An unexpected error occurred while deleting timer(s).";

export function useTimerAdmin() {
  const watch = useRefusalToasts();

  const reset = async (bossName?: string) => {
    try {
      const id = await commands.resetTimers(bossName);
      watch(id, (message) => ({ title: RESET_FAILED, description: message }));
      toastSaved(bossName === undefined ? ALL_RESET : resetDone(bossName));
    } catch (error) {
      toast.error(RESET_UNEXPECTED, { description: errorMessage(error) });
    }
  };

  const startTest = async (bossName: string) => {
    try {
      const id = await commands.startTimer(bossName, new Date(), { testDuration: TEST_TIMER_SECONDS });
      watch(id, (message) => ({ title: "Failed to start timer", description: message }));
      toastSaved(TEST_TIMER_CREATED);
    } catch (error) {
      toast.error("An unexpected error occurred", { description: errorMessage(error) });
    }
  };

  return { reset, startTest };
}

export function ResetTimerButton({ bossName, onReset }: { bossName: string; onReset: () => void }) {
  return (
    <Button
      variant="secondary"
      className="w-full"
      onClick={onReset}
      aria-label={`Reset Timer for ${bossName}`}
    >
      <TimerReset className="size-4" aria-hidden="true" />
      Reset Timer
    </Button>
  );
}

/** A boss select and 'Create Test Timer'; only bosses whose timer can be started are offered. */
export function TestTimerControl({
  bosses,
  onCreate,
}: {
  bosses: readonly string[];
  onCreate: (bossName: string) => void;
}) {
  const id = useId();
  const [chosen, setChosen] = useState("");
  const boss = bosses.includes(chosen) ? chosen : (bosses[0] ?? "");
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="flex min-w-48 flex-1 flex-col gap-1.5">
        <label htmlFor={id} className="text-xs font-semibold uppercase tracking-wide text-ink-muted">
          Test timer boss
        </label>
        <select id={id} className={inputClass} value={boss} onChange={(e) => setChosen(e.target.value)}>
          {bosses.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <Button variant="secondary" disabled={boss === ""} onClick={() => onCreate(boss)}>
        <FlaskConical className="size-4" aria-hidden="true" />
        Create Test Timer
      </Button>
    </div>
  );
}

export function ResetAllButton({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        <RotateCcw className="size-4" aria-hidden="true" />
        Reset All Timers
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Reset all boss timers?"
        description="Every running timer is cleared and every boss shows as Available. The change is visible to all users."
        confirmLabel="Reset All Timers"
        onConfirm={onConfirm}
      />
    </>
  );
}
