/** Create and edit an account: admins create raiders and admins, reset passwords, disable (docs/product.md#accounts). */
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { ACCOUNT_CALLS } from "@shared/contract/accounts.ts";
import { ROLE_LABELS } from "@shared/contract/roles.ts";
import {
  ACCOUNT_ROLES,
  type Account,
  type AccountRole,
  PASSWORD_MIN_LENGTH,
} from "@shared/schemas/accounts.ts";
import { Dialog, Field, type FieldControl, FormActions, FormError } from "@web/components/dialog.tsx";
import { inputClass } from "@web/components/filter-select.tsx";
import { api, errorMessage } from "@web/lib/api-client.ts";
import { toast } from "@web/lib/toast.tsx";
import {
  type CreateAccountValues,
  type EditAccountValues,
  editValuesOf,
  type FieldErrors,
  validateCreateAccount,
  validateEditAccount,
} from "./account-form.ts";

function RoleSelect({
  value,
  onChange,
  ...control
}: FieldControl & {
  value: AccountRole;
  onChange: (role: AccountRole) => void;
}) {
  return (
    <select
      {...control}
      className={inputClass}
      value={value}
      onChange={(event) => onChange(event.target.value as AccountRole)}
    >
      {ACCOUNT_ROLES.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </select>
  );
}

type ProfileValues = Pick<CreateAccountValues, "displayName" | "role" | "password">;

/** Display name, role and password: the fields both account dialogs have. */
function ProfileFields({
  values,
  errors,
  set,
  passwordLabel,
  passwordHint,
}: {
  values: ProfileValues;
  errors: FieldErrors<keyof ProfileValues>;
  set: {
    (key: "displayName" | "password", value: string): void;
    (key: "role", value: AccountRole): void;
  };
  passwordLabel: string;
  passwordHint: string;
}) {
  return (
    <>
      <Field label="Display name" error={errors.displayName}>
        {(control) => (
          <input
            {...control}
            className={inputClass}
            value={values.displayName}
            onChange={(e) => set("displayName", e.target.value)}
          />
        )}
      </Field>
      <Field label="Role" error={errors.role}>
        {(control) => <RoleSelect {...control} value={values.role} onChange={(role) => set("role", role)} />}
      </Field>
      <Field label={passwordLabel} error={errors.password} hint={passwordHint}>
        {(control) => (
          <input
            {...control}
            type="password"
            autoComplete="new-password"
            className={inputClass}
            value={values.password}
            onChange={(e) => set("password", e.target.value)}
          />
        )}
      </Field>
    </>
  );
}

type Checked<V, B> = { ok: true; body: B } | { ok: false; errors: FieldErrors<keyof V & string> };

/**
 * The state both account dialogs share: the values, one message per field (and the server's), and a submit
 * that validates, posts, toasts and then calls `onDone`.
 */
function useAccountForm<V extends object, B>({
  initial,
  validate,
  send,
  success,
  failure,
  onDone,
}: {
  initial: V | (() => V);
  validate: (values: V) => Checked<V, B>;
  /** The call the checked body goes to. */
  send: (body: B) => Promise<unknown>;
  success: string;
  failure: string;
  onDone: () => void;
}) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<keyof V & string>>({});
  const [submitting, setSubmitting] = useState(false);
  const set = <K extends keyof V & string>(key: K, value: V[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    // An edited field's message (and the server's) no longer applies.
    setErrors(({ [key]: _field, form: _form, ...rest }) => rest as FieldErrors<keyof V & string>);
  };
  const reset = (to: V) => {
    setValues(to);
    setErrors({});
  };
  const submit = async () => {
    const checked = validate(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setSubmitting(true);
    try {
      await send(checked.body);
      toast.success(success);
      onDone();
    } catch (error) {
      setErrors({ form: errorMessage(error) } as FieldErrors<keyof V & string>);
      toast.error(failure, { description: errorMessage(error) });
    } finally {
      setSubmitting(false);
    }
  };
  return { values, errors, submitting, set, reset, submit };
}

/** The frame both account dialogs share: the form, the server's message above its fields, Cancel and submit. */
function AccountFormDialog({
  open,
  onOpenChange,
  title,
  description,
  onSubmit,
  submitLabel,
  submitting,
  formError,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  onSubmit: () => void;
  submitLabel: string;
  submitting: boolean;
  formError: string | undefined;
  children: ReactNode;
}) {
  const formId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      footer={<FormActions form={formId} submitLabel={submitLabel} pending={submitting} />}
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <FormError message={formError} />
        {children}
      </form>
    </Dialog>
  );
}

const EMPTY: CreateAccountValues = { email: "", displayName: "", role: "user", password: "" };

export function CreateAccountDialog({
  open,
  onOpenChange,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}) {
  const close = (next: boolean) => {
    if (!next) form.reset(EMPTY);
    onOpenChange(next);
  };
  const form = useAccountForm({
    initial: EMPTY,
    validate: validateCreateAccount,
    send: (body) => api.call(ACCOUNT_CALLS.create, { body }),
    success: "Account created successfully.",
    failure: "Failed to create account.",
    onDone: () => {
      onSaved();
      close(false);
    },
  });
  const { values, errors, submitting, set, submit } = form;

  return (
    <AccountFormDialog
      open={open}
      onOpenChange={close}
      title="New Account"
      description="A login for a raider (starts boss timers), an officer (records raids and loot) or an admin (manages the guild)."
      onSubmit={() => void submit()}
      submitLabel="Create Account"
      submitting={submitting}
      formError={errors.form}
    >
      <Field label="Email" error={errors.email}>
        {(control) => (
          <input
            {...control}
            type="email"
            autoComplete="off"
            className={inputClass}
            value={values.email}
            onChange={(e) => set("email", e.target.value)}
          />
        )}
      </Field>
      <ProfileFields
        values={values}
        errors={errors}
        set={set}
        passwordLabel="Password"
        passwordHint={`At least ${PASSWORD_MIN_LENGTH} characters. Share it with the account's owner.`}
      />
    </AccountFormDialog>
  );
}

/** Keyed by the account's id by the caller, so each opening starts from that account's values. */
export function EditAccountDialog({
  account,
  onOpenChange,
  onSaved,
}: {
  account: Account;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}) {
  const disabledId = useId();
  const { values, errors, submitting, set, submit } = useAccountForm({
    initial: () => editValuesOf(account),
    validate: (edited: EditAccountValues) => validateEditAccount(account, edited),
    send: (body) => api.call(ACCOUNT_CALLS.update, { body }),
    success: "Account updated successfully.",
    failure: "Failed to update account.",
    onDone: () => {
      onSaved();
      onOpenChange(false);
    },
  });

  return (
    <AccountFormDialog
      open
      onOpenChange={onOpenChange}
      title="Edit Account"
      description={account.email}
      onSubmit={() => void submit()}
      submitLabel="Save Changes"
      submitting={submitting}
      formError={errors.form}
    >
      <ProfileFields
        values={values}
        errors={errors}
        set={set}
        passwordLabel="New password"
        passwordHint="Leave empty to keep the current password. A reset signs the account out everywhere."
      />
      <label
        htmlFor={disabledId}
        className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-line px-3"
      >
        <input
          id={disabledId}
          type="checkbox"
          className="size-5 accent-gold"
          checked={values.disabled}
          onChange={(e) => set("disabled", e.target.checked)}
        />
        <span className="text-sm text-ink">
          Disabled <span className="text-ink-muted">(cannot log in; signed out now)</span>
        </span>
      </label>
    </AccountFormDialog>
  );
}
