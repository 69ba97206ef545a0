import { AlertCircle, Loader2, LogIn } from "lucide-react";
import { Label } from "radix-ui";
import { type FormEvent, useRef, useState } from "react";
import { BrandMark } from "@web/components/brand-mark.tsx";
import { Button } from "@web/components/button.tsx";
import { api } from "@web/lib/api-client.ts";
import { type SessionUser, setSession } from "@web/lib/session-store.ts";
import {
  type LoginField,
  type LoginFormErrors,
  type LoginFormValues,
  loginFailureMessage,
  validateLoginField,
  validateLoginForm,
} from "./login-form.ts";

/** How long the success state shows before leaving the page (SPEC "/login": about 200 ms). */
const SUCCESS_DELAY_MS = 200;

const inputClass =
  "block min-h-11 w-full rounded-lg border bg-canvas px-3 py-2 text-base text-ink placeholder:text-ink-muted/70 " +
  "focus:outline-none focus-visible:border-gold focus-visible:ring-2 focus-visible:ring-gold/40";

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

export function LoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const [values, setValues] = useState<LoginFormValues>({ email: "", password: "" });
  const [errors, setErrors] = useState<LoginFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [state, setState] = useState<"idle" | "submitting" | "success">("idle");
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const update = (field: LoginField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Once a field shows an error, let it clear as soon as the input is valid.
    if (errors[field]) setErrors((current) => ({ ...current, [field]: validateLoginField(field, next) }));
  };
  const blur = (field: LoginField) =>
    setErrors((current) => ({ ...current, [field]: validateLoginField(field, values) }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state !== "idle") return;
    const found = validateLoginForm(values);
    setErrors(found);
    if (found.email || found.password) {
      (found.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setFailure(null);
    setState("submitting");
    try {
      const { user } = await api.request<{ user: SessionUser }>("/auth/login_with_password", {
        method: "POST",
        body: { email: values.email.trim(), password: values.password },
        plainJson: true,
      });
      setSession({ status: "authenticated", user, message: null });
      setState("success");
      setTimeout(onLoggedIn, SUCCESS_DELAY_MS);
    } catch (error) {
      setFailure(loginFailureMessage(error));
      setState("idle");
    }
  };

  return (
    <div className="rounded-2xl border border-line bg-surface p-6 shadow-xl shadow-black/30 sm:p-8">
      <div className="mb-6 flex flex-col items-center text-center">
        <BrandMark className="mb-3 size-12" />
        <h1 className="text-2xl font-bold text-ink">Admin Login</h1>
        <p className="mt-1 text-sm text-ink-muted">Sign in to manage the guild.</p>
      </div>
      {failure ? (
        <div
          role="alert"
          className="mb-4 flex items-start gap-2 rounded-lg border border-danger/50 bg-danger/10 p-3 text-sm text-red-200"
        >
          <AlertCircle className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden="true" />
          <p>{failure}</p>
        </div>
      ) : null}
      <form noValidate onSubmit={submit} className="space-y-4" aria-label="Admin login">
        <Field
          name="email"
          label="Username"
          type="email"
          autoComplete="username"
          value={values.email}
          error={errors.email}
          onChange={(value) => update("email", value)}
          onBlur={() => blur("email")}
          inputRef={emailRef}
        />
        <Field
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          error={errors.password}
          onChange={(value) => update("password", value)}
          onBlur={() => blur("password")}
          inputRef={passwordRef}
        />
        <Button type="submit" className="w-full" disabled={state !== "idle"}>
          {state === "idle" ? (
            <LogIn className="size-4" aria-hidden="true" />
          ) : (
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          )}
          {state === "success" ? "Signed in" : state === "submitting" ? "Signing in…" : "Sign In"}
        </Button>
      </form>
    </div>
  );
}
