/**
 * The phone navigation sheet (a Radix dialog). Loaded on the first tap of the menu button, so the dialog
 * code stays out of every public page's first download.
 */
import { Link } from "@tanstack/react-router";
import { Dialog } from "radix-ui";
import { CloseButton } from "../components/close-button.tsx";
import { overlayClass } from "../components/overlay.ts";
import { PUBLIC_NAV_LINKS } from "./public-nav-links.ts";
import { AccountNav, navLinkClass } from "./public-nav-pieces.tsx";

export function PublicMenuSheet({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClass} />
        <Dialog.Content className="fixed inset-x-0 top-0 z-50 rounded-b-2xl border-b border-line bg-surface p-4 pb-6 shadow-2xl">
          <div className="mb-2 flex items-center justify-between">
            <Dialog.Title className="text-sm font-semibold uppercase tracking-wider text-ink-muted">
              Menu
            </Dialog.Title>
            <Dialog.Close asChild>
              <CloseButton label="Close menu" iconSize="size-6" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Pages of the public portal</Dialog.Description>
          <nav aria-label="Main" className="flex flex-col gap-1">
            {PUBLIC_NAV_LINKS.map((link) => (
              <Link key={link.to} to={link.to} onClick={close} className={`${navLinkClass} text-base`}>
                {link.label}
              </Link>
            ))}
          </nav>
          <div className="mt-4 flex flex-col gap-2">
            <AccountNav place="menu" onNavigate={close} className="w-full" />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
