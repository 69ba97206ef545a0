/**
 * Add and edit attendance records: boss (add only; the server does not let a record change boss), date and
 * participants through the participant picker. The write goes through the outbox; the raid counts move at
 * once on this device.
 */
import { AlertCircle } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "../../components/button.tsx";
import { FormDialog, fieldClass, labelClass } from "../../components/form-dialog.tsx";
import { ParticipantPicker } from "../../components/participant-picker.tsx";
import { commands } from "../../data/app.ts";
import type { AttendanceRecord, BossNameRow, GuildMember } from "../../data/portal-db.ts";
import { runWrite } from "../../lib/run-write.ts";
import { toast } from "../../lib/toast.tsx";
import { checkAttendanceForm, DATE_MIN, dateFieldProblem, localDay } from "./attendance-form.ts";
import { recordDay, recordNames } from "./attendance-view.ts";

export type AttendanceDialogTarget = { mode: "add" } | { mode: "edit"; record: AttendanceRecord };

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
  const ids = { boss: useId(), date: useId(), picker: useId(), dateError: useId() };
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
            () =>
              commands.updateAttendance({
                id: target.record.id,
                dateAttended: result.dateAttended,
                participatedMembers: result.participatedMembers,
              }),
            "Attendance record updated.",
            "Failed to update record.",
          );
    setSaving(false);
    if (done && announceRaids && target.mode === "add") {
      toast.success(`Raids participated updated for ${result.participatedMembers.length} member(s).`);
    }
    if (done) onDone();
  };

  return (
    <form id="attendance-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
      {message ? (
        <p role="alert" className="flex items-start gap-2 rounded-lg bg-danger/10 p-3 text-sm text-red-200">
          <AlertCircle className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden="true" />
          {message}
        </p>
      ) : null}
      <div>
        <label htmlFor={ids.boss} className={labelClass}>
          Boss
        </label>
        {target.mode === "add" ? (
          <select
            id={ids.boss}
            className={fieldClass}
            value={bossName}
            onChange={(e) => setBossName(e.target.value)}
          >
            <option value="">Select a boss</option>
            {bossChoices.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        ) : (
          <input id={ids.boss} className={fieldClass} value={bossName} readOnly disabled />
        )}
      </div>
      <div>
        <label htmlFor={ids.date} className={labelClass}>
          Date Attended
        </label>
        <input
          id={ids.date}
          type="date"
          className={`${fieldClass} [color-scheme:dark]`}
          min={DATE_MIN}
          max={localDay(new Date())}
          value={date}
          aria-invalid={dateError ? true : undefined}
          aria-describedby={dateError ? ids.dateError : undefined}
          onChange={(e) => setDate(e.target.value)}
          onBlur={() => setDateError(dateFieldProblem(date, new Date()))}
        />
        {dateError ? (
          <p id={ids.dateError} className="mt-1 text-sm text-danger">
            {dateError}
          </p>
        ) : null}
      </div>
      <div>
        <p id={ids.picker} className={labelClass}>
          Participants
        </p>
        <ParticipantPicker
          describedBy={ids.picker}
          members={choices}
          value={participants}
          onChange={setParticipants}
        />
      </div>
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
  /** The members page also says how many raid counts moved (SPEC section 8). */
  announceRaids?: boolean;
}) {
  const title = target?.mode === "edit" ? "Edit Attendance Record" : "Add Attendance Record";
  return (
    <FormDialog
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
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="attendance-form">
            {target?.mode === "edit" ? "Save Changes" : "Add Record"}
          </Button>
        </>
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
    </FormDialog>
  );
}
