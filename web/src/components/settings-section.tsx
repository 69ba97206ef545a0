/** One section of a settings page (Guild Settings, Discord): a card with its icon, heading and what it is for. */
import type { LucideIcon } from "lucide-react";
import { type FormEvent, type ReactNode, useId } from "react";
import { Card } from "@web/components/card.tsx";
import { dataLayerActions } from "@web/data/lazy-data-layer.ts";
import { toast } from "@web/lib/toast.tsx";
import { useOnlineSave } from "@web/lib/use-online-save.ts";

/**
 * A section's save: online only, the server's message in `error` when it refuses; when it succeeds, its toast, and
 * this app pulls the settings at once (the live feed tells every other open app).
 */
export function useSettingSave() {
  const { saving, error, save } = useOnlineSave();
  const saveSetting = async <T,>(event: FormEvent, call: () => Promise<T>, saved: (answer: T) => string) => {
    event.preventDefault();
    await save(call, (answer) => {
      toast.success(saved(answer));
      void dataLayerActions.syncNow();
    });
  };
  return { saving, error, saveSetting };
}

export function SettingsSection({
  icon: Icon,
  title,
  description,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card className="flex flex-col gap-4">
      <section aria-labelledby={headingId} className="flex flex-col gap-4">
        <div className="flex items-start gap-3">
          <Icon className="mt-0.5 size-5 shrink-0 text-gold" aria-hidden="true" />
          <div className="min-w-0">
            <h2 id={headingId} className="text-base font-semibold text-ink">
              {title}
            </h2>
            <p className="mt-1 text-sm text-ink-muted">{description}</p>
          </div>
        </div>
        {children}
      </section>
    </Card>
  );
}
