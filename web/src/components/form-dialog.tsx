/** The frame of the member and attendance dialogs: a Radix dialog with a title, a body and a footer of actions. */
import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import type { ReactNode } from "react";
import { Button } from "./button.tsx";

export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  children?: ReactNode;
  footer: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60 backdrop-blur-sm" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[90dvh] w-[calc(100vw-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl border border-line bg-surface shadow-2xl">
          <div className="flex items-start justify-between gap-3 border-b border-line p-4 sm:p-5">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-semibold text-ink">{title}</Dialog.Title>
              <Dialog.Description className="mt-0.5 text-sm text-ink-muted">{description}</Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close">
                <X className="size-5" aria-hidden="true" />
              </Button>
            </Dialog.Close>
          </div>
          {children ? <div className="min-h-0 overflow-y-auto p-4 sm:p-5">{children}</div> : null}
          <div className="flex flex-col-reverse gap-2 border-t border-line p-4 sm:flex-row sm:justify-end sm:p-5">
            {footer}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export const fieldClass =
  "min-h-11 w-full rounded-lg border border-line bg-surface-raised px-3 text-sm text-ink placeholder:text-ink-muted focus:border-gold focus:outline-none aria-invalid:border-danger disabled:cursor-not-allowed disabled:opacity-60";
export const labelClass = "mb-1.5 block text-sm font-medium text-ink";
