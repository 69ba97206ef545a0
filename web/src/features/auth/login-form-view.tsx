import { Loader2, LogIn } from "lucide-react";
import { Label } from "radix-ui";
import { type FormEvent, type ReactNode, useRef, useState } from "react";
import type { SessionUser } from "@shared/schemas/login.ts";
import { BrandMark } from "@web/components/brand-mark.tsx";
import { Button } from "@web/components/button.tsx";
import { ErrorAlert } from "@web/components/error-alert.tsx";
import { setSession } from "@web/lib/session-store.ts";
import { LOGIN_FAILED_TRY_AGAIN, loginFailureMessage } from "./login-failure.ts";
import type { LoginField, LoginFormErrors, LoginFormValues } from "./login-form.ts";

type LoginRules = typeof import("./login-form.ts");
let rules: LoginRules | undefined;
let loadingRules: Promise<LoginRules> | undefined;

/**
 * The form's rules are the shared login schema, and with it zod (about 20 kB gzipped): fetched as the form is
 * first focused rather than with the page (decision 062). A failed fetch is tried again on the next use.
 */
function loadRules(): Promise<LoginRules> {
  loadingRules ??= import("./login-form.ts").then(
    (module) => {
      rules = module;
      return module;
    },
    (error: unknown) => {
      loadingRules = undefined;
      throw error;
    },
  );
  return loadingRules;
}

/** How long the success state shows before leaving the page (docs/product.md#login: about 200 ms). */
const SUCCESS_DELAY_MS = 200;

const inputClass =
  "block min-h-11 w-full rounded-lg border bg-canvas px-3 py-2 text-base text-ink placeholder:text-ink-muted/70 " +
  "focus:outline-none focus-visible:border-gold focus-visible:ring-2 focus-visible:ring-gold/40";

/** The form's inputs, in order. */
const FIELDS = [
  { name: "email", label: "Email", type: "email", autoComplete: "username" },
  { name: "password", label: "Password", type: "password", autoComplete: "current-password" },
] as const;

function Field({
  name,
  label,
  type,
  autoComplete,
  value,
  error,
  onChange,
  onBlur,
  inputRef,
}: {
  name: LoginField;
  label: string;
  type: string;
  autoComplete: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
  inputRef?: React.Ref<HTMLInputElement>;
}) {
  const errorId = `${name}-error`;
  return (
    <div className="space-y-1.5">
      <Label.Root htmlFor={name} className="block text-sm font-medium text-ink">
        {label}
      </Label.Root>
      <input
        ref={inputRef}
        id={name}
        name={name}
        type={type}
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`${inputClass} ${error ? "border-danger" : "border-line"}`}
      />
      {error ? (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** `lead`: what comes before the form in the card (a refusal to show, 'Continue with Discord'). */
export function LoginForm({
  onLoggedIn,
  lead,
}: {
  onLoggedIn: (user: SessionUser) => void;
  lead?: ReactNode;
}) {
  const [values, setValues] = useState<LoginFormValues>({ email: "", password: "" });
  const [errors, setErrors] = useState<LoginFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [state, setState] = useState<"idle" | "submitting" | "success">("idle");
  const refs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  const update = (field: LoginField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Once a field shows an error, let it clear as soon as the input is valid (the rules are there by then).
    if (errors[field] && rules) {
      const { validateLoginField } = rules;
      setErrors((current) => ({ ...current, [field]: validateLoginField(field, next) }));
    }
  };
  const blur = (field: LoginField) =>
    void loadRules().then(
      ({ validateLoginField }) =>
        setErrors((current) => ({ ...current, [field]: validateLoginField(field, values) })),
      () => undefined,
    );

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state !== "idle") return;
    // Busy while the rules may still be on their way, so a second press sends nothing twice.
    setState("submitting");
    let found: LoginFormErrors;
    try {
      found = (rules ?? (await loadRules())).validateLoginForm(values);
    } catch {
      // The rules' chunk did not arrive: there is no connection to log in over either.
      setFailure(LOGIN_FAILED_TRY_AGAIN);
      setState("idle");
      return;
    }
    setErrors(found);
    if (found.email || found.password) {
      setState("idle");
      refs[found.email ? "email" : "password"].current?.focus();
      return;
    }
    setFailure(null);
    try {
      const { user } = await (rules ?? (await loadRules())).logIn(values);
      setSession({ status: "authenticated", user, message: null });
      setState("success");
      setTimeout(() => onLoggedIn(user), SUCCESS_DELAY_MS);
    } catch (error) {
      setFailure(loginFailureMessage(error));
      setState("idle");
    }
  };

  return (
    <div className="rounded-2xl border border-line bg-surface p-6 shadow-xl shadow-black/30 sm:p-8">
      <div className="mb-4 flex flex-col items-center text-center">
        <BrandMark className="mb-3 size-12" />
        <h1 className="text-2xl font-bold text-ink">Log in</h1>
      </div>
      {lead}
      {/* Below 'Continue with Discord' when the guild offers it: the sentence is about the form (decision 070). */}
      <p className="mb-4 text-center text-sm text-ink-muted">
        With the email and password your guild gave you.
      </p>
      {failure ? <ErrorAlert size="compact" message={failure} /> : null}
      <form
        noValidate
        onSubmit={submit}
        onFocus={() => void loadRules().catch(() => undefined)}
        className="space-y-4"
        aria-label="Admin login"
      >
        {FIELDS.map((field) => (
          <Field
            key={field.name}
            {...field}
            value={values[field.name]}
            error={errors[field.name]}
            onChange={(value) => update(field.name, value)}
            onBlur={() => blur(field.name)}
            inputRef={refs[field.name]}
          />
        ))}
        <Button type="submit" className="w-full" disabled={state !== "idle"}>
          {state === "idle" ? (
            <LogIn className="size-4" aria-hidden="true" />
          ) : (
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          )}
          {state === "success" ? "Logged in" : state === "submitting" ? "Logging in…" : "Log in"}
        </Button>
      </form>
    </div>
  );
}
