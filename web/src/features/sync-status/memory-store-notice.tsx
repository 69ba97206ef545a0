/**
 * A quiet line under the header when this browser lets the portal keep no data on the device (IndexedDB missing,
 * or refusing to open or to write: turned off, private modes, blocked site storage, a full device). The app then
 * runs from memory: it reads from the network and sends changes at once, but cannot work offline, and a reload
 * starts empty (decisions 037, 056).
 */
import { HardDrive } from "lucide-react";
import { useLocalStoreKind } from "@web/data/lazy-data-layer.ts";

export const OFFLINE_UNAVAILABLE = "Offline use is unavailable on this browser.";
export const OFFLINE_UNAVAILABLE_DETAIL =
  "The portal works while you are online, and keeps nothing on this device.";

export function MemoryStoreNotice({ className = "" }: { className?: string }) {
  if (useLocalStoreKind() !== "memory") return null;
  return (
    <div
      role="status"
      className="border-b border-line bg-surface-raised/60"
      data-testid="memory-store-notice"
    >
      <p className={`flex items-start gap-2 py-2 text-sm text-ink-muted ${className}`}>
        <HardDrive className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden="true" />
        <span>
          <span className="font-semibold text-ink">{OFFLINE_UNAVAILABLE}</span> {OFFLINE_UNAVAILABLE_DETAIL}
        </span>
      </p>
    </div>
  );
}
