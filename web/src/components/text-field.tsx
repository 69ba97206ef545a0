/**
 * The forms' one-line inputs with their label and message: names, amounts and raid days. One place for how
 * each kind of field is typed on a phone (the decimal keypad for money, the date picker bounded to the raid
 * days the server accepts).
 */
import type { InputHTMLAttributes } from "react";
import { DATE_MIN, dateFieldProblem, localDay } from "@web/lib/attendance-form.ts";
import { Field } from "./dialog.tsx";
import { inputClass } from "./filter-select.tsx";

type InputProps = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  "inputMode" | "placeholder" | "autoComplete" | "type" | "min" | "max" | "disabled"
>;

export interface TextFieldProps extends InputProps {
  label: string;
  error?: string | undefined;
  /** Shown while there is no error. */
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  className?: string;
}

export function TextField({
  label,
  error,
  hint,
  value,
  onChange,
  onBlur,
  className,
  type,
  ...input
}: TextFieldProps) {
  return (
    <Field
      label={label}
      error={error}
      {...(hint === undefined ? {} : { hint })}
      {...(className === undefined ? {} : { className })}
    >
      {(control) => (
        <input
          {...control}
          {...input}
          type={type}
          className={
            type === "date"
              ? `${inputClass} [color-scheme:dark]`
              : input.inputMode === "decimal"
                ? `${inputClass} tabular-nums`
                : inputClass
          }
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
        />
      )}
    </Field>
  );
}

/** An amount in USDT as decimal text: the phone's decimal keypad, digits in columns. */
export function MoneyField(props: Omit<TextFieldProps, "inputMode" | "type">) {
  return <TextField inputMode="decimal" placeholder="0.00" autoComplete="off" {...props} />;
}

/**
 * The day of a raid: from 2000-01-01 to today in the device's zone, checked as it is left with the same rule
 * the attendance forms submit with.
 */
/** How and with what reference a payout was made: the Pay and Mark paid forms. */
export function PaymentDetailFields({
  method,
  reference,
  errors,
  onMethod,
  onReference,
}: {
  method: string;
  reference: string;
  errors: { method?: string | undefined; reference?: string | undefined };
  onMethod: (method: string) => void;
  onReference: (reference: string) => void;
}) {
  return (
    <>
      <TextField
        label="Method"
        autoComplete="off"
        error={errors.method}
        hint="How it was paid, e.g. USDT TRC20."
        value={method}
        onChange={onMethod}
      />
      <TextField
        label="Reference"
        autoComplete="off"
        error={errors.reference}
        hint="A transaction hash or note (optional)."
        value={reference}
        onChange={onReference}
      />
    </>
  );
}

export function RaidDayField({
  value,
  onChange,
  error,
  onProblem,
}: {
  value: string;
  onChange: (day: string) => void;
  error: string | undefined;
  /** The day's problem when the field is left, or undefined once it is right. */
  onProblem: (message: string | undefined) => void;
}) {
  return (
    <TextField
      label="Date Attended"
      type="date"
      min={DATE_MIN}
      max={localDay(new Date())}
      error={error}
      value={value}
      onChange={onChange}
      onBlur={() => onProblem(dateFieldProblem(value, new Date()))}
    />
  );
}
