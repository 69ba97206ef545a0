/**
 * The add and edit boss name dialog. Checked on submit and on blur with the shared schema's messages
 * (docs/product.md#boss-names); a name another boss already has, in any letter case, is refused before it is queued.
 */
import { useId, useState } from "react";
import { bossNameField, RESPAWN_HOURS_DEFAULT, respawnHoursField } from "@shared/schemas/boss-names.ts";
import { problemWith } from "@shared/schemas/form-errors.ts";
import { Dialog, Field, FormActions } from "@web/components/dialog.tsx";
import { inputClass } from "@web/components/filter-select.tsx";
import type { BossNameRow } from "@web/data/portal-db.ts";

export interface BossNameValues {
  name: string;
  respawnTimeHours: number;
}

interface Errors {
  name?: string | undefined;
  hours?: string | undefined;
}

const checkName = (text: string) => problemWith(bossNameField, text);
const checkHours = (text: string) =>
  problemWith(respawnHoursField, text.trim() === "" ? Number.NaN : Number(text));

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
  const formId = useId();
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

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      title={editing ? "Edit Boss Name" : "Add Boss Name"}
      description={
        editing
          ? fixedSchedule
            ? `Change the name of ${editing.name}. It spawns on a fixed weekly schedule; hours entered below replace that schedule with an interval.`
            : `Change the name or respawn time of ${editing.name}.`
          : "A boss and its respawn time in hours."
      }
      footer={<FormActions form={formId} submitLabel={editing ? "Save Changes" : "Add Boss"} />}
    >
      <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field label="Boss Name" error={errors.name}>
          {(control) => (
            <input
              {...control}
              className={inputClass}
              value={name}
              autoComplete="off"
              onChange={(e) => {
                setName(e.target.value);
                if (errors.name) setErrors((prev) => ({ ...prev, name: checkName(e.target.value) }));
              }}
              onBlur={() => setErrors((prev) => ({ ...prev, name: checkName(name) }))}
            />
          )}
        </Field>
        <Field label="Respawn Time (hours)" error={errors.hours}>
          {(control) => (
            <input
              {...control}
              className={inputClass}
              type="number"
              inputMode="decimal"
              step="any"
              value={hours}
              onChange={(e) => {
                setHours(e.target.value);
                if (errors.hours) setErrors((prev) => ({ ...prev, hours: hoursError(e.target.value) }));
              }}
              placeholder={fixedSchedule ? "Fixed weekly schedule" : undefined}
              onBlur={() => setErrors((prev) => ({ ...prev, hours: hoursError(hours) }))}
            />
          )}
        </Field>
      </form>
    </Dialog>
  );
}
