/** The icon buttons of a table row's Actions cell. */
import type { LucideIcon } from "lucide-react";
import { Button } from "./button.tsx";

export interface RowAction {
  icon: LucideIcon;
  /** The accessible name: the action and the row it acts on ("Edit Ashvale"). */
  label: string;
  onClick: () => void;
  /** A tooltip, where the icon alone may not say enough. */
  title?: string;
  /** Words shown beside the icon where the icon alone does not say enough ("Pay"); the label starts with them. */
  text?: string;
  /** Overrides the row's `disabled` for this one action. */
  disabled?: boolean;
  className?: string;
  iconClassName?: string;
}

/**
 * One ghost button per action, in order: an icon, and its `text` beside it where it has one; `disabled` greys
 * them all out (a row not yet synced).
 */
export function RowActions({
  actions,
  disabled = false,
}: {
  actions: readonly RowAction[];
  disabled?: boolean;
}) {
  return actions.map(
    ({ icon: Icon, label, onClick, title, text, className = "", iconClassName = "", disabled: own }) => (
      <Button
        key={label}
        variant="ghost"
        size={text ? "md" : "icon"}
        className={text ? `min-w-11 shrink-0 gap-1.5! px-2! ${className}` : className}
        aria-label={label}
        title={title}
        disabled={own ?? disabled}
        onClick={onClick}
      >
        <Icon className={`size-4 ${iconClassName}`.trim()} aria-hidden="true" />
        {text}
      </Button>
    ),
  );
}
