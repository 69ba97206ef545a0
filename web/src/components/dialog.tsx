/**
 * The app's one dialog module, on Radix. `Dialog` frames every dialog: a centred panel on desktop, near full
 * width on a phone, its body scrolling inside when it is taller than the screen. `ConfirmDialog` asks before
 * an action. `Field` labels a form control and ties its hint and message to it; `FormError` is the message
 * about the whole form (the server's answer, a rule across fields).
 */
import { AlertCircle } from "lucide-react";
import { AlertDialog, Dialog as RadixDialog } from "radix-ui";
import { type ReactNode, useId } from "react";
import { Button } from "./button.tsx";
import { CloseButton } from "./close-button.tsx";
import { overlayClass } from "./overlay.ts";

const widths = {
  sm: "max-w-md",
  md: "max-w-lg",
  lg: "max-w-2xl",
  xl: "max-w-4xl",
} as const;
export type DialogSize = keyof typeof widths;

const panelClass = (size: DialogSize) =>
  `fixed top-1/2 left-1/2 z-50 flex max-h-[90dvh] w-[calc(100vw-1.5rem)] ${widths[size]} -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl border border-line bg-surface shadow-2xl`;
const headerClass = "flex items-start justify-between gap-3 p-4 sm:p-5";
const titleClass = "text-lg font-semibold text-ink";
const descriptionClass = "mt-0.5 break-words text-sm text-ink-muted";
const bodyClass = "min-h-0 flex-1 overflow-y-auto overscroll-contain border-t border-line p-4 sm:p-5";
// On a phone the actions share the row at full width, and wrap with the last one (the confirm) on top.
const footerClass =
  "flex flex-wrap-reverse gap-2 border-t border-line p-4 *:flex-auto sm:flex-wrap sm:justify-end sm:p-5 sm:*:flex-none";

/** Open state: controlled with `open` and `onOpenChange`, or left to Radix when a `trigger` opens it. */
interface OpenProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The button that opens it (focus returns there on close). */
  trigger?: ReactNode;
}

export function Dialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  size = "md",
  children,
  footer,
}: OpenProps & {
  title: string;
  description: ReactNode;
  size?: DialogSize;
  children?: ReactNode;
  /** The actions: right-aligned on desktop, full width on a phone. */
  footer?: ReactNode;
}) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={overlayClass} />
        <RadixDialog.Content className={panelClass(size)}>
          <div className={headerClass}>
            <div className="min-w-0">
              <RadixDialog.Title className={titleClass}>{title}</RadixDialog.Title>
              <RadixDialog.Description className={descriptionClass}>{description}</RadixDialog.Description>
            </div>
            <RadixDialog.Close asChild>
              <CloseButton />
            </RadixDialog.Close>
          </div>
          {children ? <div className={bodyClass}>{children}</div> : null}
          {footer ? <div className={footerClass}>{footer}</div> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

const cancelButton = <Button variant="secondary">Cancel</Button>;

/**
 * A dialog form's footer: Cancel, and the submit button of the form with id `form` (the form sits in the
 * body; the button reaches it through its `form` attribute). While `pending` the button waits.
 */
export function FormActions({
  form,
  submitLabel,
  tone = "primary",
  pending = false,
}: {
  form: string;
  submitLabel: string;
  tone?: "primary" | "danger";
  pending?: boolean;
}) {
  return (
    <>
      <RadixDialog.Close asChild>{cancelButton}</RadixDialog.Close>
      <Button type="submit" form={form} variant={tone} disabled={pending}>
        {pending ? "Saving..." : submitLabel}
      </Button>
    </>
  );
}

/**
 * A question before an action: the title, what will happen, Cancel and the confirm button. Confirming closes
 * it and then calls `onConfirm`.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  confirmLabel,
  onConfirm,
  tone = "danger",
  dismissible = false,
}: OpenProps & {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  /** `danger` for an action that destroys or resets something; `primary` for one that only records. */
  tone?: "danger" | "primary";
  /**
   * A plain dialog (role dialog, a close button, a click outside cancels) instead of an alert dialog that
   * must be answered with one of its two buttons. The roster's and attendance's confirmations are these.
   */
  dismissible?: boolean;
}) {
  const confirm = (
    <Button variant={tone} onClick={onConfirm}>
      {confirmLabel}
    </Button>
  );
  if (dismissible) {
    return (
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        trigger={trigger}
        size="sm"
        title={title}
        description={description}
        footer={
          <>
            <RadixDialog.Close asChild>{cancelButton}</RadixDialog.Close>
            <RadixDialog.Close asChild>{confirm}</RadixDialog.Close>
          </>
        }
      />
    );
  }
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger> : null}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClass} />
        <AlertDialog.Content className={panelClass("sm")}>
          <div className={headerClass}>
            <div className="min-w-0">
              <AlertDialog.Title className={titleClass}>{title}</AlertDialog.Title>
              <AlertDialog.Description className={descriptionClass}>{description}</AlertDialog.Description>
            </div>
          </div>
          <div className={footerClass}>
            <AlertDialog.Cancel asChild>{cancelButton}</AlertDialog.Cancel>
            <AlertDialog.Action asChild>{confirm}</AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** What `Field` hands its control: the id its label points at, and the ARIA state of its message. */
export interface FieldControl {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/**
 * A labelled form control with an optional hint and its validation message below. The control is rendered
 * by `children` with the props that wire the label, the hint and the message to it.
 */
export function Field({
  label,
  error,
  hint,
  labelNamesControl = true,
  className,
  children,
}: {
  label: string;
  error?: string | undefined;
  /** Shown while there is no error. */
  hint?: string;
  /**
   * False for a button whose own text is its name (the participant picker): the label then describes the
   * control instead of naming it.
   */
  labelNamesControl?: boolean;
  className?: string;
  children: (control: FieldControl) => ReactNode;
}) {
  const controlId = useId();
  const labelId = `${controlId}-label`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [
    labelNamesControl ? null : labelId,
    hint && !error ? hintId : null,
    error ? errorId : null,
  ].filter((part) => part !== null);
  const labelClass = "text-sm font-medium text-ink";
  return (
    <div className={`flex flex-col gap-1.5 ${className ?? ""}`}>
      {labelNamesControl ? (
        <label htmlFor={controlId} className={labelClass}>
          {label}
        </label>
      ) : (
        <p id={labelId} className={labelClass}>
          {label}
        </p>
      )}
      {children({
        id: controlId,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy.length > 0 ? describedBy.join(" ") : undefined,
      })}
      {hint && !error ? (
        <p id={hintId} className="text-xs text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" data-field-error="" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The message about the whole form, above its fields; nothing when there is none. */
export function FormError({ message }: { message?: string | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm text-red-200"
    >
      <AlertCircle className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden="true" />
      {message}
    </p>
  );
}
