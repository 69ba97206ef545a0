/**
 * The dialogs of /guild-members: add and edit a member (raids and salary shown read-only: the server derives
 * both), kick with an optional final salary, and the delete and mark-as-paid confirmations. Every write goes
 * through the outbox.
 */

import { type FormEvent, useState } from "react";
import { changedFields, MEMBER_FIELD_RULES } from "@shared/merge/field-merge.ts";
import { formatMoney, moneyText } from "@shared/money/money.ts";
import { checkForm, problemWith } from "@shared/schemas/form-errors.ts";
import {
  createMemberSchema,
  kickMemberSchema,
  MEMBER_CATEGORIES,
  markPaidSchema,
  updateMemberSchema,
} from "@shared/schemas/members.ts";
import { ConfirmDialog, Dialog, Field, FormActions } from "@web/components/dialog.tsx";
import { inputClass } from "@web/components/filter-select.tsx";
import { MoneyField, PaymentDetailFields } from "@web/components/text-field.tsx";
import { commands } from "@web/data/lazy-data-layer.ts";
import type { GuildMember } from "@web/data/portal-db.ts";
import { localDay } from "@web/lib/attendance-form.ts";
import { rememberedMethod, rememberMethod } from "@web/lib/remembered-method.ts";
import { revealProblem } from "@web/lib/reveal-problem.ts";
import { runWrite } from "@web/lib/run-write.ts";

export type MemberDialog =
  | { kind: "add" }
  | { kind: "edit"; member: GuildMember }
  | { kind: "kick"; member: GuildMember }
  | { kind: "delete"; member: GuildMember }
  | { kind: "paid"; member: GuildMember /** What Mark paid will pay (cents). */; balance: number };

function MemberForm({
  dialog,
  onDone,
}: {
  dialog: { kind: "add" } | { kind: "edit"; member: GuildMember };
  onDone: () => void;
}) {
  const member = dialog.kind === "edit" ? dialog.member : null;
  const [playerName, setPlayerName] = useState(member?.playerName ?? "");
  // Any text: the shared schema checks it on submit.
  const [category, setCategory] = useState<string>(member?.category ?? "Members");
  const [nameError, setNameError] = useState<string | undefined>();

  const checkName = (value: string) => problemWith(createMemberSchema.shape.playerName, value);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = checkName(playerName);
    setNameError(problem);
    if (problem) return;
    if (member) {
      const input = updateMemberSchema.parse({ id: member.id, playerName, category });
      // Only what changed from the member as the dialog opened, each with that value as its base, so the
      // server merges it with other devices' edits (decision 038).
      const { changes, base } = changedFields(MEMBER_FIELD_RULES, member, {
        playerName: input.playerName,
        category: input.category,
      });
      if (Object.keys(changes).length === 0) {
        onDone();
        return;
      }
      const done = await runWrite(
        () => commands.updateMember({ id: member.id, ...changes, base }),
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
      <Field label="Player Name" error={nameError}>
        {(control) => (
          <input
            {...control}
            className={inputClass}
            value={playerName}
            autoComplete="off"
            onChange={(e) => setPlayerName(e.target.value)}
            onBlur={() => setNameError(checkName(playerName))}
          />
        )}
      </Field>
      <Field label="Category">
        {(control) => (
          <select
            {...control}
            className={inputClass}
            value={category}
            onChange={(e) => setCategory(e.target.value)}
          >
            {MEMBER_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        )}
      </Field>
      {member ? (
        <div className="grid grid-cols-2 gap-3">
          <Field label="Raids Participated">
            {(control) => (
              <input {...control} className={inputClass} value={member.raidsParticipated} readOnly disabled />
            )}
          </Field>
          <Field label="Salary">
            {(control) => (
              <input
                {...control}
                className={inputClass}
                value={formatMoney(member.salary, "usdt")}
                readOnly
                disabled
              />
            )}
          </Field>
          <p className="col-span-2 text-xs text-ink-muted">
            Raids come from attendance records and salaries from sold loot; they cannot be edited here.
          </p>
        </div>
      ) : null}
    </form>
  );
}

function KickForm({ member, onDone }: { member: GuildMember; onDone: () => void }) {
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<string | undefined>();
  /** Empty: the current salary is paid out. Else the amount as the API takes it, or the field's message. */
  const check = (typed: string): { amount: string | undefined } | { problem: string } => {
    if (typed.trim() === "") return { amount: undefined };
    const result = checkForm(kickMemberSchema, { id: member.id, finalSalaryAmount: typed }, [
      "finalSalaryAmount",
    ]);
    if (!result.ok) return { problem: Object.values(result.errors).join(" ") };
    const cents = result.data.finalSalaryAmount;
    return { amount: cents === null || cents === undefined ? undefined : moneyText(cents) };
  };
  const problemOf = (typed: string) => {
    const checked = check(typed);
    return "problem" in checked ? checked.problem : undefined;
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = check(amount);
    if ("problem" in checked) {
      setError(checked.problem);
      revealProblem(event.currentTarget);
      return;
    }
    setError(undefined);
    const done = await runWrite(
      () => commands.kickMember(member.id, checked.amount),
      "Guild member kicked successfully.",
      "Failed to kick member.",
    );
    if (done) onDone();
  };
  return (
    <form id="kick-form" noValidate onSubmit={submit}>
      <MoneyField
        label="Final Salary (optional)"
        error={error}
        hint={`Leave empty to pay out the current salary of ${formatMoney(member.salary, "usdt")}.`}
        placeholder={formatMoney(member.salary, "plain")}
        value={amount}
        onChange={(value) => {
          setAmount(value);
          if (error) setError(problemOf(value));
        }}
        onBlur={() => setError(problemOf(amount))}
      />
    </form>
  );
}

/**
 * "Mark paid" on a kicked member (decision 049): it also records a payout of what is left to pay (the final
 * salary, or the salary, minus what was paid), so the history keeps what was paid, when and how.
 */
function MarkPaidForm({
  member,
  balance,
  onDone,
}: {
  member: GuildMember;
  balance: number;
  onDone: () => void;
}) {
  const [method, setMethod] = useState(rememberedMethod);
  const [reference, setReference] = useState("");
  const [errors, setErrors] = useState<{ method?: string; reference?: string }>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = {
      method: problemWith(markPaidSchema.shape.method, method),
      reference: problemWith(markPaidSchema.shape.reference, reference),
    };
    setErrors(problems);
    if (problems.method || problems.reference) return;
    const done = await runWrite(
      () =>
        commands.markMemberPaid(member.id, {
          paidOn: localDay(new Date()),
          method: method.trim(),
          reference: reference.trim(),
        }),
      "Member marked as paid successfully.",
      "Failed to mark member as paid.",
    );
    if (done) {
      rememberMethod(method);
      onDone();
    }
  };
  return (
    <form id="mark-paid-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
      <p className="text-sm text-ink" data-testid="final-payout">
        {balance > 0
          ? `A payout of ${formatMoney(balance, "usdt")} will be recorded in the payout history.`
          : "Nothing is left to pay, so no payout will be recorded."}
      </p>
      <PaymentDetailFields
        method={method}
        reference={reference}
        errors={errors}
        onMethod={setMethod}
        onReference={setReference}
      />
    </form>
  );
}

export function MemberDialogs({ dialog, onClose }: { dialog: MemberDialog | null; onClose: () => void }) {
  const open = dialog !== null;
  const onOpenChange = (next: boolean) => {
    if (!next) onClose();
  };
  if (dialog === null || dialog.kind === "add" || dialog.kind === "edit") {
    const editing = dialog?.kind === "edit";
    return (
      <Dialog
        open={open && (dialog?.kind === "add" || editing)}
        onOpenChange={onOpenChange}
        title={editing ? "Edit Guild Member" : "Add Guild Member"}
        description={
          editing ? "Change the member's name or category." : "Add a new member to the guild roster."
        }
        footer={<FormActions form="member-form" submitLabel={editing ? "Save Changes" : "Add Member"} />}
      >
        {dialog ? (
          <MemberForm
            key={dialog.kind === "edit" ? dialog.member.id : "add"}
            dialog={dialog}
            onDone={onClose}
          />
        ) : null}
      </Dialog>
    );
  }

  const { member } = dialog;
  if (dialog.kind === "kick") {
    return (
      <Dialog
        open
        onOpenChange={onOpenChange}
        title="Kick Guild Member"
        description={`Kick ${member.playerName} from the guild? They move to the Kicked Members list until they are paid.`}
        footer={<FormActions form="kick-form" submitLabel="Kick Member" tone="danger" />}
      >
        <KickForm key={member.id} member={member} onDone={onClose} />
      </Dialog>
    );
  }

  if (dialog.kind === "paid") {
    return (
      <Dialog
        open
        onOpenChange={onOpenChange}
        title="Mark Member as Paid"
        description={
          <>
            Confirm that <strong className="text-ink">{member.playerName}</strong> has been paid? They leave
            the Kicked Members list.
          </>
        }
        footer={<FormActions form="mark-paid-form" submitLabel="Mark as Paid" />}
      >
        <MarkPaidForm key={member.id} member={member} balance={dialog.balance} onDone={onClose} />
      </Dialog>
    );
  }

  const confirm = async () => {
    await runWrite(
      () => commands.deleteMember(member.id),
      "Guild member deleted successfully.",
      "Failed to delete member.",
    );
  };
  return (
    <ConfirmDialog
      dismissible
      open
      onOpenChange={onOpenChange}
      title="Delete Guild Member"
      description={
        <>
          Delete <strong className="text-ink">{member.playerName}</strong> from the roster? This cannot be
          undone.
        </>
      }
      confirmLabel="Delete Member"
      tone="danger"
      onConfirm={() => void confirm()}
    />
  );
}
