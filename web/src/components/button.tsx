import { Slot } from "radix-ui";
import type { ButtonHTMLAttributes } from "react";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
export type ButtonSize = "md" | "icon";

const base =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg text-sm font-semibold transition-colors " +
  "disabled:pointer-events-none disabled:opacity-60 select-none";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-gold text-gold-ink hover:bg-gold-strong",
  secondary: "border border-line bg-surface-raised text-ink hover:border-gold/60 hover:bg-surface",
  ghost: "text-ink-muted hover:bg-surface-raised hover:text-ink",
  danger: "bg-danger text-canvas hover:bg-red-300",
};

const sizes: Record<ButtonSize, string> = {
  md: "px-4 py-2",
  icon: "size-11 shrink-0",
};

/** Class names for anything styled as a button (a Link, a menu item). Tap targets are at least 44 px. */
export function buttonClass(variant: ButtonVariant = "primary", size: ButtonSize = "md", extra = ""): string {
  return `${base} ${variants[variant]} ${sizes[size]} ${extra}`.trim();
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Render the child element (e.g. a router Link) with the button's look. */
  asChild?: boolean;
}

export function Button({ variant, size, asChild, className, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : "button";
  return (
    <Component
      type={asChild ? undefined : (type ?? "button")}
      className={buttonClass(variant, size, className)}
      {...props}
    />
  );
}
