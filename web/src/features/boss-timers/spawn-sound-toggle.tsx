/** The boss page's switch for the spawn alert's beep (off by default, remembered on this device). */
import { Volume2, VolumeX } from "lucide-react";
import { useEffect } from "react";
import { Button } from "@web/components/button.tsx";
import { playSpawnBeep, unlockSpawnBeep } from "./spawn-beep.ts";
import { useSpawnSound } from "./spawn-sound-store.ts";

export const SPAWN_SOUND_LABEL = "Spawn sound";

export function SpawnSoundToggle() {
  const enabled = useSpawnSound((store) => store.enabled);
  const setEnabled = useSpawnSound((store) => store.setEnabled);

  // With the sound on from an earlier visit, the browser still needs a tap on this page before it plays audio.
  useEffect(() => {
    if (!enabled) return;
    window.addEventListener("pointerdown", unlockSpawnBeep, { once: true });
    return () => window.removeEventListener("pointerdown", unlockSpawnBeep);
  }, [enabled]);

  const toggle = () => {
    const next = !enabled;
    setEnabled(next);
    // The tap unlocks audio; a beep lets the raider hear what a spawn will sound like.
    if (next) {
      unlockSpawnBeep();
      playSpawnBeep();
    }
  };

  return (
    <Button
      variant="secondary"
      role="switch"
      aria-checked={enabled}
      onClick={toggle}
      title="Beep when a boss spawns while this page is open"
      className={enabled ? "border-gold/70 text-gold" : undefined}
    >
      {enabled ? (
        <Volume2 className="size-4" aria-hidden="true" />
      ) : (
        <VolumeX className="size-4 text-ink-muted" aria-hidden="true" />
      )}
      {SPAWN_SOUND_LABEL}
    </Button>
  );
}
