/**
 * Add and edit attendance records: boss (add only; the server does not let a record change boss), date and
 * participants through the participant picker. The write goes through the outbox; the raid counts move at
 * once on this device.
 */
import { useState } from "react";
import { countOf } from "@shared/glossary/glossary.ts";
import { sameValue } from "@shared/merge/field-merge.ts";
import { BossSelect } from "@web/components/boss-select.tsx";
import { Button } from "@web/components/button.tsx";
import { Dialog, Field, FormActions, FormError } from "@web/components/dialog.tsx";
import { inputClass } from "@web/components/filter-select.tsx";
import { FromScreenshots } from "@web/components/from-screenshots.tsx";
import { withParticipants } from "@web/components/from-screenshots-model.ts";
import { ParticipantPicker } from "@web/components/participant-picker.tsx";
import { RaidDayField } from "@web/components/text-field.tsx";
import { commands } from "@web/data/lazy-data-layer.ts";
import type { AttendanceRecord, BossNameRow, GuildMember } from "@web/data/portal-db.ts";
import { runWrite } from "@web/lib/run-write.ts";
import { toast } from "@web/lib/toast.tsx";
import { checkAttendanceForm, localDay } from "./attendance-form.ts";
import { recordDay, recordNames } from "./attendance-view.ts";

export type AttendanceDialogTarget = { mode: "add" } | { mode: "edit"; record: AttendanceRecord };

/**
 * An edit as the outbox sends it: the date only when the day changed, the list only when its names did, each
 * with its value when the form opened as the base, so the server merges it with other devices' edits
 * (decision 038). Null when nothing changed.
 */
type UpdateAttendanceArgs = Parameters<typeof commands.updateAttendance>[0];

function recordChanges(
  opened: AttendanceRecord,
  day: string,
  result: { dateAttended: Date; participatedMembers: string[] },
): UpdateAttendanceArgs | null {
  const args: UpdateAttendanceArgs = { id: opened.id, base: {} };
  if (day !== recordDay(opened)) {
    args.dateAttended = result.dateAttended;
    args.base = { ...args.base, dateAttended: opened.dateAttended };
  }
  if (!sameValue("names", result.participatedMembers, opened.participatedMembers)) {
    args.participatedMembers = result.participatedMembers;
    args.base = { ...args.base, participatedMembers: opened.participatedMembers };
  }
  return args.dateAttended === undefined && args.participatedMembers === undefined ? null : args;
}

function AttendanceForm({
  target,
  members,
  bossNames,
  onDone,
  announceRaids,
}: {
  target: AttendanceDialogTarget;
  announceRaids: boolean;
  members: readonly GuildMember[];
  bossNames: readonly BossNameRow[];
  onDone: () => void;
}) {
  // The record as the form opened: an edit sends only what changed from it (decision 038).
  const [opened] = useState(target.mode === "edit" ? target.record : null);
  const existing = target.mode === "edit" ? recordNames(target.record) : [];
  const [bossName, setBossName] = useState(target.mode === "edit" ? target.record.bossName : "");
  const [date, setDate] = useState(target.mode === "edit" ? recordDay(target.record) : localDay(new Date()));
  const [participants, setParticipants] = useState<string[]>(existing);
  const [dateError, setDateError] = useState<string | undefined>();
  const [message, setMessage] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const active = members.filter((m) => m.status === "active");
  // An edit may keep names already on the record (a member kicked after the raid).
  const keptNames = existing.filter(
    (name) => !active.some((m) => m.playerName.toLowerCase() === name.toLowerCase()),
  );
  const choices = [
    ...active.map((m) => ({ playerName: m.playerName, category: m.category })),
    ...keptNames.map((name) => ({
      playerName: name,
      category: members.find((m) => m.playerName.toLowerCase() === name.toLowerCase())?.category ?? "Members",
    })),
  ];
  const bossChoices = [...bossNames.map((b) => b.name)].sort((a, b) => a.localeCompare(b));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const result = checkAttendanceForm(
      target.mode,
      { bossName, date, participants },
      choices.map((c) => c.playerName),
      new Date(),
    );
    if (!result.ok) {
      setMessage(result.message);
      setDateError(result.dateError);
      return;
    }
    setMessage(undefined);
    const changes = target.mode === "edit" ? recordChanges(opened ?? target.record, date, result) : null;
    if (target.mode === "edit" && changes === null) {
      onDone();
      return;
    }
    setSaving(true);
    const done =
      target.mode === "add"
        ? await runWrite(
            () =>
              commands.createAttendance({
                bossName: result.bossName,
                dateAttended: result.dateAttended,
                participatedMembers: result.participatedMembers,
              }),
            "Attendance record added.",
            "Failed to add record.",
          )
        : await runWrite(
            () => commands.updateAttendance(changes as UpdateAttendanceArgs),
            "Attendance record updated.",
            "Failed to update record.",
          );
    setSaving(false);
    if (done && announceRaids && target.mode === "add") {
      // "N member(s)" with the count in agreement (docs/product.md#attendance, decision 048).
      toast.success(
        `Raids participated updated for ${countOf(result.participatedMembers.length, "member")}.`,
      );
    }
    if (done) onDone();
  };

  return (
    <form id="attendance-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
      <FormError message={message} />
      <Field label="Boss">
        {(control) =>
          target.mode === "add" ? (
            <BossSelect {...control} bosses={bossChoices} value={bossName} onChange={setBossName} />
          ) : (
            <input {...control} className={inputClass} value={bossName} readOnly disabled />
          )
        }
      </Field>
      <RaidDayField value={date} onChange={setDate} error={dateError} onProblem={setDateError} />
      <Field label="Participants" labelNamesControl={false}>
        {(control) => (
          <ParticipantPicker {...control} members={choices} value={participants} onChange={setParticipants} />
        )}
      </Field>
      <FromScreenshots
        members={choices.slice(0, active.length)}
        onAdd={(names) => setParticipants((current) => withParticipants(current, names))}
      />
      <Button type="submit" className="sr-only" tabIndex={-1} aria-hidden="true" disabled={saving}>
        Submit
      </Button>
    </form>
  );
}

export function AttendanceFormDialog({
  target,
  onClose,
  members,
  bossNames,
  announceRaids = false,
}: {
  target: AttendanceDialogTarget | null;
  onClose: () => void;
  members: readonly GuildMember[];
  bossNames: readonly BossNameRow[];
  /** The members page also says how many raid counts moved (docs/product.md#attendance). */
  announceRaids?: boolean;
}) {
  const title = target?.mode === "edit" ? "Edit Attendance Record" : "Add Attendance Record";
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      description={
        target?.mode === "edit"
          ? "Change the date or the participants. Raid counts follow the change."
          : "Record who took part in a boss raid. Each participant's raid count goes up by one."
      }
      footer={
        <FormActions
          form="attendance-form"
          submitLabel={target?.mode === "edit" ? "Save Changes" : "Add Record"}
        />
      }
    >
      {target ? (
        <AttendanceForm
          key={target.mode === "edit" ? target.record.id : "add"}
          target={target}
          members={members}
          bossNames={bossNames}
          onDone={onClose}
          announceRaids={announceRaids}
        />
      ) : null}
    </Dialog>
  );
}
