import { X } from "lucide-react";
import type { ButtonHTMLAttributes } from "react";
import { Button } from "./button.tsx";

/**
 * The X that closes a dialog, a menu sheet or a popover. Wrap it in the primitive's own Close with `asChild`,
 * which hands it the click and the ref.
 */
export function CloseButton({
  label = "Close",
  iconSize = "size-5",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  /** Its accessible name. */
  label?: string;
  /** The menus' larger icon, or the dialogs' and panels'. */
  iconSize?: "size-5" | "size-6";
}) {
  return (
    <Button variant="ghost" size="icon" aria-label={label} {...props}>
      <X className={iconSize} aria-hidden="true" />
    </Button>
  );
}
