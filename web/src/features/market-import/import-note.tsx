/** The import's boxes beside the preview (flagged names, rows left out) and the choice a box may ask for. */
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

const TONES = {
  danger: { box: "border-danger/50 bg-danger/10", icon: "text-danger" },
  warn: { box: "border-gold/40 bg-gold/10", icon: "text-gold" },
} as const;

export function ImportNote({
  tone,
  icon: Icon,
  title,
  role = "note",
  testId,
  titleTestId,
  children,
}: {
  tone: keyof typeof TONES;
  icon: LucideIcon;
  title: ReactNode;
  role?: "note" | "alert";
  testId?: string;
  titleTestId?: string;
  children: ReactNode;
}) {
  return (
    <div
      role={role}
      className={`space-y-2 rounded-xl border p-3 text-sm ${TONES[tone].box}`}
      data-testid={testId}
    >
      <p className="flex gap-2 font-semibold text-ink" data-testid={titleTestId}>
        <Icon className={`mt-0.5 size-4 shrink-0 ${TONES[tone].icon}`} aria-hidden="true" />
        {title}
      </p>
      {children}
    </div>
  );
}

export function ImportCheckbox({
  checked,
  onChange,
  label,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 font-medium text-ink">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="size-4 accent-gold"
      />
      {label}
    </label>
  );
}
