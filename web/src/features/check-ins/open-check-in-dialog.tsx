/**
 * Opening a check-in (decision 080): the boss, the kill time (now, or the timer's start on the boss page) and how
 * many minutes raiders have (20 unless changed). Online only: the server gives the code. The officer then lands on
 * the check-in's screen.
 */
import { useNavigate } from "@tanstack/react-router";
import { QrCode } from "lucide-react";
import { type FormEvent, type ReactNode, useState } from "react";
import { CHECK_IN_CALLS } from "@shared/contract/check-ins.ts";
import {
  CHECK_IN_MESSAGES,
  CHECK_IN_MINUTES_DEFAULT,
  CHECK_IN_MINUTES_MAX,
  CHECK_IN_MINUTES_MIN,
} from "@shared/schemas/check-ins.ts";
import { BossSelect } from "@web/components/boss-select.tsx";
import { Button } from "@web/components/button.tsx";
import { Dialog, Field, FormError } from "@web/components/dialog.tsx";
import { inputClass } from "@web/components/filter-select.tsx";
import { api } from "@web/lib/api-client.ts";
import { localInputValue } from "@web/lib/local-input-value.ts";
import { useOnlineSave } from "@web/lib/use-online-save.ts";
import { OPEN_CHECK_IN } from "./check-in-texts.ts";

export function OpenCheckInDialog({
  bosses,
  bossName = "",
  killedAt,
  online,
  trigger,
}: {
  /** The bosses to choose from; one boss when the dialog opens from its card. */
  bosses: readonly string[];
  bossName?: string;
  /** The kill time offered: the timer's start on the boss page; now elsewhere. */
  killedAt?: Date;
  online: boolean;
  /** The button that opens it. */
  trigger: ReactNode;
}) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [boss, setBoss] = useState(bossName);
  const [at, setAt] = useState("");
  const [minutes, setMinutes] = useState(String(CHECK_IN_MINUTES_DEFAULT));
  const { saving, error, setError, save } = useOnlineSave();

  const onOpenChange = (next: boolean) => {
    if (next) {
      setBoss(bossName);
      setAt(localInputValue(killedAt ?? new Date()));
      setMinutes(String(CHECK_IN_MINUTES_DEFAULT));
      setError(null);
    }
    setOpen(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // A datetime-local value has no offset: it is read on this device's clock. The server checks every field.
    const when = new Date(at);
    await save(
      () =>
        api.call(CHECK_IN_CALLS.open, {
          body: {
            bossName: boss,
            killedAt: Number.isNaN(when.getTime()) ? at : when,
            minutes: minutes.trim() === "" ? Number.NaN : Number(minutes),
          },
        }),
      (answer) => {
        setOpen(false);
        void navigate({ to: "/admin/check-ins/$id", params: { id: String(answer.checkIn.id) } });
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      title={OPEN_CHECK_IN}
      description="Raiders check in with its code or QR code while it is open."
      footer={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" form="open-check-in" disabled={saving || !online}>
            <QrCode className="size-4" aria-hidden="true" />
            {saving ? "Opening..." : OPEN_CHECK_IN}
          </Button>
        </>
      }
    >
      <form id="open-check-in" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormError message={online ? (error ?? undefined) : CHECK_IN_MESSAGES.offlineOfficer} />
        <Field label="Boss">
          {(control) => <BossSelect {...control} bosses={bosses} value={boss} onChange={setBoss} />}
        </Field>
        <Field label="Kill time">
          {(control) => (
            <input
              {...control}
              type="datetime-local"
              className={`${inputClass} [color-scheme:dark]`}
              value={at}
              onChange={(e) => setAt(e.target.value)}
            />
          )}
        </Field>
        <Field
          label="Open for (minutes)"
          hint={`${CHECK_IN_MINUTES_MIN} to ${CHECK_IN_MINUTES_MAX} minutes.`}
        >
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="numeric"
              min={CHECK_IN_MINUTES_MIN}
              max={CHECK_IN_MINUTES_MAX}
              className={inputClass}
              value={minutes}
              onChange={(e) => setMinutes(e.target.value)}
            />
          )}
        </Field>
      </form>
    </Dialog>
  );
}
