/**
 * The add and edit boss name dialog. Checked on submit and on blur with the shared schema's messages
 * (SPEC section 5); a name another boss already has, in any letter case, is refused before it is queued.
 */
import { useId, useState } from "react";
import {
  bossNameField,
  RESPAWN_HOURS_DEFAULT,
  respawnHoursField,
} from "../../../../shared/schemas/boss-names.ts";
import { Button } from "../../components/button.tsx";
import { Field, inputClass, ModalDialog } from "../../components/modal-dialog.tsx";
import type { BossNameRow } from "../../data/portal-db.ts";

export interface BossNameValues {
  name: string;
  respawnTimeHours: number;
}

export const duplicateBossName = (name: string) => `A boss named "${name}" already exists.`;

interface Errors {
  name?: string | undefined;
  hours?: string | undefined;
}

function checkName(text: string): string | undefined {
  const result = bossNameField.safeParse(text);
  return result.success ? undefined : result.error.issues[0]?.message;
}

function checkHours(text: string): string | undefined {
  const result = respawnHoursField.safeParse(text.trim() === "" ? Number.NaN : Number(text));
  return result.success ? undefined : result.error.issues[0]?.message;
}

export function BossNameFormDialog({
  open,
  onOpenChange,
  editing,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The boss being edited; null to add one. */
  editing: BossNameRow | null;
  onSubmit: (values: BossNameValues) => void;
}) {
  const nameId = useId();
  const hoursId = useId();
  const [name, setName] = useState(editing?.name ?? "");
  const fixedSchedule = editing !== null && editing.respawnTimeHours < 0;
  // A fixed-schedule boss has no hours to show: its field starts empty, and left empty it keeps the
  // schedule; hours typed into it replace the schedule with that interval.
  const initialHours = fixedSchedule
    ? ""
    : String(editing ? editing.respawnTimeHours : RESPAWN_HOURS_DEFAULT);
  const [hours, setHours] = useState(initialHours);
  const keepsSchedule = fixedSchedule && hours.trim() === "";
  const hoursError = (text: string) => (fixedSchedule && text.trim() === "" ? undefined : checkHours(text));
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const next = { name: checkName(name), hours: hoursError(hours) };
    setErrors(next);
    if (next.name || next.hours) return;
    onSubmit({
      name: name.trim(),
      respawnTimeHours: keepsSchedule ? editing.respawnTimeHours : Number(hours),
    });
  };

  const formId = `${nameId}-form`;
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? "Edit Boss Name" : "Add Boss Name"}
      description={
        editing
          ? fixedSchedule
            ? `Change the name of ${editing.name}. It spawns on a fixed weekly schedule; hours entered below replace that schedule with an interval.`
            : `Change the name or respawn time of ${editing.name}.`
          : "A boss and its respawn time in hours."
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId}>
            {editing ? "Save Changes" : "Add Boss"}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field label="Boss Name" htmlFor={nameId} error={errors.name}>
          <input
            id={nameId}
            className={inputClass}
            value={name}
            autoComplete="off"
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? `${nameId}-error` : undefined}
            onChange={(e) => {
              setName(e.target.value);
              if (errors.name) setErrors((prev) => ({ ...prev, name: checkName(e.target.value) }));
            }}
            onBlur={() => setErrors((prev) => ({ ...prev, name: checkName(name) }))}
          />
        </Field>
        <Field label="Respawn Time (hours)" htmlFor={hoursId} error={errors.hours}>
          <input
            id={hoursId}
            className={inputClass}
            type="number"
            inputMode="decimal"
            step="any"
            value={hours}
            aria-invalid={errors.hours ? true : undefined}
            aria-describedby={errors.hours ? `${hoursId}-error` : undefined}
            onChange={(e) => {
              setHours(e.target.value);
              if (errors.hours) setErrors((prev) => ({ ...prev, hours: hoursError(e.target.value) }));
            }}
            placeholder={fixedSchedule ? "Fixed weekly schedule" : undefined}
            onBlur={() => setErrors((prev) => ({ ...prev, hours: hoursError(hours) }))}
          />
        </Field>
      </form>
    </ModalDialog>
  );
}
