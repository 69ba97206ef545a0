/**
 * "Pay" on a member (decision 049): amount (the whole balance by default), date (today), method (the last one
 * used on this device) and reference. An amount above the balance the device knows shows the server's own
 * over-balance message and turns the button into "Pay anyway", which sends the payout with
 * confirmOverBalance. The payout goes through the outbox, so it is recorded once, online or not.
 */
import { History } from "lucide-react";
import { type FormEvent, useState } from "react";
import { formatMoney, moneyInputCents, moneyText } from "@shared/money/money.ts";
import { FIRST_DAY, lastDay } from "@shared/schemas/day-range.ts";
import { checkForm } from "@shared/schemas/form-errors.ts";
import { createPayoutSchema, overBalanceMessage } from "@shared/schemas/payouts.ts";
import { Button } from "@web/components/button.tsx";
import { Dialog, FormActions, FormError } from "@web/components/dialog.tsx";
import { MoneyField, PaymentDetailFields, TextField } from "@web/components/text-field.tsx";
import { commands } from "@web/data/lazy-data-layer.ts";
import type { GuildMember } from "@web/data/portal-db.ts";
import { localDay } from "@web/lib/attendance-form.ts";
import { rememberedMethod, rememberMethod } from "@web/lib/remembered-method.ts";
import { revealProblem } from "@web/lib/reveal-problem.ts";
import { runWrite } from "@web/lib/run-write.ts";

export const balanceLine = (cents: number) => `Balance ${formatMoney(cents, "usdt")}`;
export const payLabel = (playerName: string) => `Pay ${playerName}`;

type PayField = "amount" | "paidOn" | "method" | "reference";

function PayForm({
  member,
  balance,
  onDone,
  onOverBalance,
}: {
  member: GuildMember;
  balance: number;
  onDone: () => void;
  onOverBalance: (over: boolean) => void;
}) {
  const [amount, setAmount] = useState(balance > 0 ? moneyText(balance) : "");
  const [paidOn, setPaidOn] = useState(() => localDay(new Date()));
  const [method, setMethod] = useState(rememberedMethod);
  const [reference, setReference] = useState("");
  const [errors, setErrors] = useState<Partial<Record<PayField | "form", string>>>({});
  // The amount the admin confirmed paying above the balance; another amount asks again.
  const [confirmed, setConfirmed] = useState<number | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = checkForm(createPayoutSchema, { memberId: member.id, amount, paidOn, method, reference }, [
      "amount",
    ]);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      revealProblem(event.currentTarget);
      return;
    }
    const cents = parsed.data.amount;
    if (cents > balance && confirmed !== cents) {
      setErrors({ form: overBalanceMessage(member.playerName, moneyText(cents), moneyText(balance)) });
      setConfirmed(cents);
      onOverBalance(true);
      revealProblem(event.currentTarget);
      return;
    }
    setErrors({});
    const done = await runWrite(
      () =>
        commands.createPayout({
          memberId: member.id,
          amount: moneyText(cents),
          paidOn: parsed.data.paidOn,
          method: parsed.data.method,
          reference: parsed.data.reference,
          ...(cents > balance ? { confirmOverBalance: true } : {}),
        }),
      `Payout of ${formatMoney(cents, "usdt")} to ${member.playerName} recorded.`,
      "Failed to record the payout.",
    );
    if (done) {
      rememberMethod(parsed.data.method);
      onDone();
    }
  };

  const changeAmount = (value: string) => {
    setAmount(value);
    if (confirmed !== null && moneyInputCents(value) !== confirmed) {
      setConfirmed(null);
      onOverBalance(false);
      setErrors((e) => ({ ...e, form: undefined }));
    }
  };

  return (
    <form id="pay-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
      <FormError message={errors.form} />
      <MoneyField
        label="Amount (USDT)"
        placeholder=""
        error={errors.amount}
        hint={balanceLine(balance)}
        value={amount}
        onChange={changeAmount}
      />
      <TextField
        label="Paid on"
        type="date"
        min={FIRST_DAY}
        max={lastDay()}
        error={errors.paidOn}
        value={paidOn}
        onChange={setPaidOn}
      />
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

/** The Pay dialog of `member`, whose balance on this device is `balance` cents. */
export function PayDialog({
  member,
  balance,
  onClose,
  onHistory,
}: {
  member: GuildMember | null;
  balance: number;
  onClose: () => void;
  onHistory: (member: GuildMember) => void;
}) {
  const [over, setOver] = useState(false);
  return (
    <Dialog
      open={member !== null}
      onOpenChange={(open) => {
        if (!open) {
          setOver(false);
          onClose();
        }
      }}
      title={member ? payLabel(member.playerName) : "Pay"}
      description={member ? `${balanceLine(balance)}. The payout is kept in the guild's history.` : ""}
      footer={
        member ? (
          <>
            <Button variant="ghost" onClick={() => onHistory(member)}>
              <History className="size-4" aria-hidden="true" />
              History
            </Button>
            <FormActions form="pay-form" submitLabel={over ? "Pay anyway" : "Pay"} />
          </>
        ) : null
      }
    >
      {member ? (
        <PayForm
          key={member.id}
          member={member}
          balance={balance}
          onDone={() => {
            setOver(false);
            onClose();
          }}
          onOverBalance={setOver}
        />
      ) : null}
    </Dialog>
  );
}
