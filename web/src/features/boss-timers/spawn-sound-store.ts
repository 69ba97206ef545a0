/**
 * Whether the in-app spawn alert also beeps: off by default, remembered on this device (localStorage), since
 * a sound is a choice of the place the phone or PC is in, not of the account.
 */
import { create } from "zustand";

const STORAGE_KEY = "guild-portal:spawn-sound";

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

function readStored(): boolean {
  try {
    return storage()?.getItem(STORAGE_KEY) === "on";
  } catch {
    return false;
  }
}

interface SpawnSoundStore {
  enabled: boolean;
  setEnabled(enabled: boolean): void;
}

export const useSpawnSound = create<SpawnSoundStore>((set) => ({
  enabled: readStored(),
  setEnabled(enabled) {
    set({ enabled });
    try {
      storage()?.setItem(STORAGE_KEY, enabled ? "on" : "off");
    } catch {
      // private mode or full storage: the choice lasts until the page closes
    }
  },
}));
