/**
 * "Record spending" (decision 050): fund, amount, purpose and date. Spending more than the fund's balance on
 * this device shows the server's own over-fund message and turns the button into "Spend anyway", which sends
 * the spending with confirmOverBalance. It goes through the outbox, so it is recorded once, online or not.
 */
import { type FormEvent, useState } from "react";
import { GLOSSARY } from "@shared/glossary/glossary.ts";
import { formatMoney, moneyInputCents, moneyText } from "@shared/money/money.ts";
import { FIRST_DAY, lastDay } from "@shared/schemas/day-range.ts";
import { checkForm } from "@shared/schemas/form-errors.ts";
import { createSpendingSchema, type FundName, overFundMessage } from "@shared/schemas/fund-spending.ts";
import { Dialog, Field, FormActions, FormError } from "@web/components/dialog.tsx";
import { inputClass } from "@web/components/filter-select.tsx";
import { MoneyField, TextField } from "@web/components/text-field.tsx";
import { commands } from "@web/data/lazy-data-layer.ts";
import { localDay } from "@web/lib/attendance-form.ts";
import { revealProblem } from "@web/lib/reveal-problem.ts";
import { runWrite } from "@web/lib/run-write.ts";

export const FUND_NAMES: Readonly<Record<FundName, string>> = {
  guild: GLOSSARY.guildFund,
  admin: GLOSSARY.adminFund,
};

type SpendingField = "fund" | "amount" | "purpose" | "spentOn";

function SpendingForm({
  initialFund,
  balances,
  onDone,
  onOverBalance,
}: {
  initialFund: FundName;
  balances: Readonly<Record<FundName, number>>;
  onDone: () => void;
  onOverBalance: (over: boolean) => void;
}) {
  const [fund, setFund] = useState<FundName>(initialFund);
  const [amount, setAmount] = useState("");
  const [purpose, setPurpose] = useState("");
  const [spentOn, setSpentOn] = useState(() => localDay(new Date()));
  const [errors, setErrors] = useState<Partial<Record<SpendingField | "form", string>>>({});
  const [confirmed, setConfirmed] = useState<{ fund: FundName; cents: number } | null>(null);

  const reset = () => {
    if (confirmed === null) return;
    setConfirmed(null);
    onOverBalance(false);
    setErrors((e) => ({ ...e, form: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = checkForm(createSpendingSchema, { fund, amount, purpose, spentOn }, ["amount"]);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      revealProblem(event.currentTarget);
      return;
    }
    const cents = parsed.data.amount;
    const balance = balances[fund];
    const over = cents > balance;
    if (over && (confirmed?.fund !== fund || confirmed.cents !== cents)) {
      setErrors({ form: overFundMessage(fund, moneyText(cents), moneyText(balance)) });
      setConfirmed({ fund, cents });
      onOverBalance(true);
      revealProblem(event.currentTarget);
      return;
    }
    setErrors({});
    const done = await runWrite(
      () =>
        commands.createSpending({
          fund,
          amount: moneyText(cents),
          purpose: parsed.data.purpose,
          spentOn: parsed.data.spentOn,
          ...(over ? { confirmOverBalance: true } : {}),
        }),
      `Spending of ${formatMoney(cents, "usdt")} from the ${FUND_NAMES[fund]} recorded.`,
      "Failed to record the spending.",
    );
    if (done) onDone();
  };

  return (
    <form id="spending-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
      <FormError message={errors.form} />
      <Field label="Fund" error={errors.fund} hint={`Balance ${formatMoney(balances[fund], "usdt")}`}>
        {(control) => (
          <select
            {...control}
            className={inputClass}
            value={fund}
            onChange={(e) => {
              setFund(e.target.value as FundName);
              reset();
            }}
          >
            <option value="guild">{FUND_NAMES.guild}</option>
            <option value="admin">{FUND_NAMES.admin}</option>
          </select>
        )}
      </Field>
      <MoneyField
        label="Amount (USDT)"
        placeholder=""
        error={errors.amount}
        value={amount}
        onChange={(value) => {
          setAmount(value);
          if (confirmed && moneyInputCents(value) !== confirmed.cents) reset();
        }}
      />
      <TextField
        label="Purpose"
        autoComplete="off"
        error={errors.purpose}
        hint="What it was spent on, e.g. guild hall upkeep."
        value={purpose}
        onChange={setPurpose}
      />
      <TextField
        label="Spent on"
        type="date"
        min={FIRST_DAY}
        max={lastDay()}
        error={errors.spentOn}
        value={spentOn}
        onChange={setSpentOn}
      />
    </form>
  );
}

export function SpendingDialog({
  fund,
  balances,
  onClose,
}: {
  /** The fund to preselect; null: closed. */
  fund: FundName | null;
  balances: Readonly<Record<FundName, number>>;
  onClose: () => void;
}) {
  const [over, setOver] = useState(false);
  const close = () => {
    setOver(false);
    onClose();
  };
  return (
    <Dialog
      open={fund !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title="Record Spending"
      description="Money taken out of a fund. It shows in the fund's ledger and lowers its balance."
      footer={<FormActions form="spending-form" submitLabel={over ? "Spend anyway" : "Record Spending"} />}
    >
      {fund ? (
        <SpendingForm initialFund={fund} balances={balances} onDone={close} onOverBalance={setOver} />
      ) : null}
    </Dialog>
  );
}
