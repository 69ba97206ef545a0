/**
 * "All changes synced" (decision 085): a brief toast once the changes that waited on this device have all reached
 * the server, so the "Not synced" badges and the waiting count do not just vanish. A change waited when it was
 * queued offline or while the session was paused, or was still queued after WAITED_MS (a server that did not
 * answer). A write sent at once online says nothing more than its own toast; a queue that empties with a refused
 * change among it says nothing either: the refusal stays on screen.
 */
import { useEffect, useRef } from "react";
import { useOutbox } from "@web/data/hooks.ts";
import { ALL_CHANGES_SYNCED } from "@web/lib/sync-words.ts";
import { toast } from "@web/lib/toast.tsx";

const WAITED_MS = 3_000;

export function useAllSyncedNotice(): void {
  const { pendingCount, failed, paused } = useOutbox();
  const failedCount = failed.length;
  const waited = useRef(false);
  useEffect(() => {
    if (pendingCount === 0) {
      if (waited.current && failedCount === 0)
        toast.success(ALL_CHANGES_SYNCED, { id: "all-changes-synced" });
      waited.current = false;
      return;
    }
    if (paused || !navigator.onLine) {
      waited.current = true;
      return;
    }
    const timer = setTimeout(() => {
      waited.current = true;
    }, WAITED_MS);
    return () => clearTimeout(timer);
  }, [pendingCount, failedCount, paused]);
}
