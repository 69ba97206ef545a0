/**
 * "Didn't spawn" (decision 076): under an interval boss's card whose spawn time has passed, for officers and admins;
 * it moves the timer on by one interval. Queued like a start, so it works without signal.
 */
import { Ban } from "lucide-react";
import { Button } from "@web/components/button.tsx";
import { toastSaved, useRefusalToasts } from "@web/components/write-toasts.ts";
import { commands } from "@web/data/lazy-data-layer.ts";
import { errorMessage } from "@web/lib/api-client.ts";
import { toast } from "@web/lib/toast.tsx";

export const NO_SPAWN_LABEL = "Didn't spawn";
export const noSpawnDone = (bossName: string) => `${bossName} moved on to its next spawn`;
export const NO_SPAWN_FAILED = "Failed to move the timer on";

/** "Didn't spawn": through the outbox, with the refusal (if any) told when the server answers. */
export function useNoSpawn() {
  const watch = useRefusalToasts();
  return async (bossName: string, expectedSpawn: Date) => {
    try {
      const id = await commands.markNoSpawn(bossName, expectedSpawn);
      watch(id, (message) => ({ title: NO_SPAWN_FAILED, description: message }));
      toastSaved(noSpawnDone(bossName));
    } catch (error) {
      toast.error(NO_SPAWN_FAILED, { description: errorMessage(error) });
    }
  };
}

export function NoSpawnButton({ bossName, onNoSpawn }: { bossName: string; onNoSpawn: () => void }) {
  return (
    <Button
      variant="secondary"
      className="w-full"
      onClick={onNoSpawn}
      aria-label={`${NO_SPAWN_LABEL}: move ${bossName}'s timer on by one interval`}
    >
      <Ban className="size-4" aria-hidden="true" />
      {NO_SPAWN_LABEL}
    </Button>
  );
}
