/**
 * The dialogs of /guild-members: add and edit a member (raids and salary shown read-only: the server derives
 * both), kick with an optional final salary, and the delete and mark-as-paid confirmations. Every write goes
 * through the outbox.
 */

import { type FormEvent, useId, useState } from "react";
import { formatMoney } from "../../../../shared/format/format-money.ts";
import {
  createMemberSchema,
  kickMemberSchema,
  MEMBER_CATEGORIES,
  updateMemberSchema,
} from "../../../../shared/schemas/members.ts";
import { Button } from "../../components/button.tsx";
import { FormDialog, fieldClass, labelClass } from "../../components/form-dialog.tsx";
import { commands } from "../../data/app.ts";
import type { GuildMember } from "../../data/portal-db.ts";
import { runWrite } from "../../lib/run-write.ts";

export type MemberDialog =
  | { kind: "add" }
  | { kind: "edit"; member: GuildMember }
  | { kind: "kick"; member: GuildMember }
  | { kind: "delete"; member: GuildMember }
  | { kind: "paid"; member: GuildMember };

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="mt-1 text-sm text-danger">
      {message}
    </p>
  ) : null;
}

function MemberForm({
  dialog,
  onDone,
}: {
  dialog: { kind: "add" } | { kind: "edit"; member: GuildMember };
  onDone: () => void;
}) {
  const ids = { name: useId(), nameError: useId(), category: useId(), raids: useId(), salary: useId() };
  const member = dialog.kind === "edit" ? dialog.member : null;
  const [playerName, setPlayerName] = useState(member?.playerName ?? "");
  const [category, setCategory] = useState(member?.category ?? "Members");
  const [nameError, setNameError] = useState<string | undefined>();

  const checkName = (value: string) => {
    const result = createMemberSchema.shape.playerName.safeParse(value);
    return result.success ? undefined : result.error.issues[0]?.message;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = checkName(playerName);
    setNameError(problem);
    if (problem) return;
    if (member) {
      const input = updateMemberSchema.parse({
        id: member.id,
        playerName,
        category,
        raidsParticipated: member.raidsParticipated,
        salary: Number(member.salary),
      });
      const done = await runWrite(
        () =>
          commands.updateMember({
            id: input.id,
            playerName: input.playerName,
            category: input.category,
            raidsParticipated: member.raidsParticipated,
            salary: member.salary,
          }),
        "Guild member updated successfully.",
        "Failed to update member.",
      );
      if (done) onDone();
    } else {
      const input = createMemberSchema.parse({ playerName, category });
      const done = await runWrite(
        () => commands.createMember({ playerName: input.playerName, category: input.category }),
        "Guild member created successfully.",
        "Failed to create member.",
      );
      if (done) onDone();
    }
  };

  return (
    <form id="member-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
      <div>
        <label htmlFor={ids.name} className={labelClass}>
          Player Name
        </label>
        <input
          id={ids.name}
          className={fieldClass}
          value={playerName}
          autoComplete="off"
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? ids.nameError : undefined}
          onChange={(e) => setPlayerName(e.target.value)}
          onBlur={() => setNameError(checkName(playerName))}
        />
        <FieldError id={ids.nameError} message={nameError} />
      </div>
      <div>
        <label htmlFor={ids.category} className={labelClass}>
          Category
        </label>
        <select
          id={ids.category}
          className={fieldClass}
          value={category}
          onChange={(e) => setCategory(e.target.value)}
        >
          {MEMBER_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      {member ? (
        <div className="grid grid-cols-2 gap-3">
          <div>
            <label htmlFor={ids.raids} className={labelClass}>
              Raids Participated
            </label>
            <input id={ids.raids} className={fieldClass} value={member.raidsParticipated} readOnly disabled />
          </div>
          <div>
            <label htmlFor={ids.salary} className={labelClass}>
              Salary
            </label>
            <input
              id={ids.salary}
              className={fieldClass}
              value={formatMoney(member.salary, "usdt")}
              readOnly
              disabled
            />
          </div>
          <p className="col-span-2 text-xs text-ink-muted">
            Raids come from attendance records and salaries from sold loot; they cannot be edited here.
          </p>
        </div>
      ) : null}
    </form>
  );
}

function KickForm({ member, onDone }: { member: GuildMember; onDone: () => void }) {
  const ids = { amount: useId(), error: useId() };
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<string | undefined>();
  const check = (value: string) => {
    if (value.trim() === "") return undefined;
    const result = kickMemberSchema.shape.finalSalaryAmount.safeParse(Number(value));
    return result.success ? undefined : result.error.issues[0]?.message;
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = check(amount);
    setError(problem);
    if (problem) return;
    const done = await runWrite(
      () => commands.kickMember(member.id, amount.trim() === "" ? undefined : Number(amount)),
      "Guild member kicked successfully.",
      "Failed to kick member.",
    );
    if (done) onDone();
  };
  return (
    <form id="kick-form" noValidate onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor={ids.amount} className={labelClass}>
        Final Salary (optional)
      </label>
      <input
        id={ids.amount}
        type="number"
        inputMode="decimal"
        step={0.01}
        min={0}
        placeholder={Number(member.salary).toFixed(2)}
        className={fieldClass}
        value={amount}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? ids.error : undefined}
        onChange={(e) => setAmount(e.target.value)}
        onBlur={() => setError(check(amount))}
      />
      <FieldError id={ids.error} message={error} />
      <p className="text-xs text-ink-muted">
        Leave empty to pay out the current salary of {formatMoney(member.salary, "usdt")}.
      </p>
    </form>
  );
}

export function MemberDialogs({ dialog, onClose }: { dialog: MemberDialog | null; onClose: () => void }) {
  const open = dialog !== null;
  const onOpenChange = (next: boolean) => {
    if (!next) onClose();
  };
  const cancel = (
    <Button variant="secondary" onClick={onClose}>
      Cancel
    </Button>
  );

  if (dialog === null || dialog.kind === "add" || dialog.kind === "edit") {
    const editing = dialog?.kind === "edit";
    return (
      <FormDialog
        open={open && (dialog?.kind === "add" || editing)}
        onOpenChange={onOpenChange}
        title={editing ? "Edit Guild Member" : "Add Guild Member"}
        description={
          editing ? "Change the member's name or category." : "Add a new member to the guild roster."
        }
        footer={
          <>
            {cancel}
            <Button type="submit" form="member-form">
              {editing ? "Save Changes" : "Add Member"}
            </Button>
          </>
        }
      >
        {dialog ? (
          <MemberForm
            key={dialog.kind === "edit" ? dialog.member.id : "add"}
            dialog={dialog}
            onDone={onClose}
          />
        ) : null}
      </FormDialog>
    );
  }

  const { member } = dialog;
  if (dialog.kind === "kick") {
    return (
      <FormDialog
        open
        onOpenChange={onOpenChange}
        title="Kick Guild Member"
        description={`Kick ${member.playerName} from the guild? They move to the Kicked Members list until they are paid.`}
        footer={
          <>
            {cancel}
            <Button variant="danger" type="submit" form="kick-form">
              Kick Member
            </Button>
          </>
        }
      >
        <KickForm key={member.id} member={member} onDone={onClose} />
      </FormDialog>
    );
  }

  const confirm = async () => {
    onClose();
    if (dialog.kind === "delete") {
      await runWrite(
        () => commands.deleteMember(member.id),
        "Guild member deleted successfully.",
        "Failed to delete member.",
      );
    } else {
      await runWrite(
        () => commands.markMemberPaid(member.id),
        "Member marked as paid successfully.",
        "Failed to mark member as paid.",
      );
    }
  };
  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title={dialog.kind === "delete" ? "Delete Guild Member" : "Mark Member as Paid"}
      description={
        dialog.kind === "delete" ? (
          <>
            Delete <strong className="text-ink">{member.playerName}</strong> from the roster? This cannot be
            undone.
          </>
        ) : (
          <>
            Confirm that <strong className="text-ink">{member.playerName}</strong> has been paid{" "}
            {formatMoney(member.finalSalaryAmount ?? member.salary, "usdt")}? They leave the Kicked Members
            list.
          </>
        )
      }
      footer={
        <>
          {cancel}
          <Button variant={dialog.kind === "delete" ? "danger" : "primary"} onClick={() => void confirm()}>
            {dialog.kind === "delete" ? "Delete Member" : "Mark as Paid"}
          </Button>
        </>
      }
    />
  );
}
