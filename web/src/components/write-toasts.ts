/**
 * Toasts for writes that go through the outbox. A command resolves once the change is stored on this device,
 * so success is told at once (offline: that it will sync later); a refusal by the server arrives later, as a
 * failed outbox row, and is told then.
 */
import { useEffect, useRef } from "react";
import { useOutbox } from "../data/hooks.ts";
import { toast } from "../lib/toast.tsx";

export const SAVED_ON_DEVICE = "Saved on this device; it will sync when you are back online.";

export function toastSaved(message: string): void {
  toast.success(message, navigator.onLine ? undefined : { description: SAVED_ON_DEVICE });
}

export interface Refusal {
  title: string;
  description?: string;
}

/** Returns `watch(id, describe)`: when the server refuses row `id`, `describe(message)` is toasted. */
export function useRefusalToasts(): (id: string, describe: (message: string) => Refusal) => void {
  const watched = useRef(new Map<string, (message: string) => Refusal>());
  const { failed } = useOutbox();
  useEffect(() => {
    for (const row of failed) {
      const describe = watched.current.get(row.id);
      if (!describe) continue;
      watched.current.delete(row.id);
      const { title, description } = describe(row.lastError ?? "Unknown error");
      toast.error(title, description ? { description } : undefined);
    }
  }, [failed]);
  return (id, describe) => {
    watched.current.set(id, describe);
  };
}
