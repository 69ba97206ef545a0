/** The frame of the account dialogs: a Radix dialog with a title, a description, the form and its actions. */
import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import type { FormEvent, ReactNode } from "react";
import { Button } from "../../components/button.tsx";

export const fieldClass =
  "block min-h-11 w-full rounded-lg border border-line bg-canvas px-3 py-2 text-base text-ink " +
  "placeholder:text-ink-muted/70 focus:outline-none focus-visible:border-gold focus-visible:ring-2 " +
  "focus-visible:ring-gold/40 aria-invalid:border-danger";

export function AccountDialogFrame({
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
  formError?: string;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60 backdrop-blur-sm" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[90dvh] w-[calc(100vw-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl border border-line bg-surface shadow-2xl">
          <form onSubmit={submit} noValidate className="flex min-h-0 flex-col">
            <div className="flex items-start justify-between gap-3 border-b border-line p-4 sm:p-5">
              <div className="min-w-0">
                <Dialog.Title className="text-lg font-semibold text-ink">{title}</Dialog.Title>
                <Dialog.Description className="mt-0.5 text-sm text-ink-muted">
                  {description}
                </Dialog.Description>
              </div>
              <Dialog.Close asChild>
                <Button variant="ghost" size="icon" aria-label="Close">
                  <X className="size-5" aria-hidden="true" />
                </Button>
              </Dialog.Close>
            </div>
            <div className="min-h-0 space-y-4 overflow-y-auto p-4 sm:p-5">
              {formError ? (
                <p
                  role="alert"
                  className="rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm text-red-200"
                >
                  {formError}
                </p>
              ) : null}
              {children}
            </div>
            <div className="flex flex-col-reverse gap-2 border-t border-line p-4 sm:flex-row sm:justify-end sm:p-5">
              <Dialog.Close asChild>
                <Button variant="ghost">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" disabled={submitting}>
                {submitting ? "Saving..." : submitLabel}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      {children}
      {hint && !error ? <p className="text-xs text-ink-muted">{hint}</p> : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
