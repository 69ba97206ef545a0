/**
 * The guild's brand ('{brand}' in texts) from /_api/public/config. The last known value is kept in localStorage so
 * a reload (or an offline start) shows the right name without a flash. (The guild's time zone is synced data:
 * public/guild-settings, decision 059.)
 */
import { useSyncExternalStore } from "react";
import { create } from "zustand";
import { SYSTEM_CALLS } from "@shared/contract/system.ts";
import { api } from "../lib/api-client.ts";

export const DEFAULT_BRAND = "Guild Portal";
/**
 * GUILD_BRAND as the app was built with it (web/vite.config.ts): the prerendered home page's brand, and the
 * brand shown until the server's config is known.
 */
const BUILD_BRAND: string = import.meta.env.VITE_GUILD_BRAND || DEFAULT_BRAND;
const STORAGE_KEY = "guild-portal:config";

export interface PublicConfig {
  brand: string;
}

function readStored(): PublicConfig {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (raw) {
      const parsed = JSON.parse(raw) as Partial<PublicConfig>;
      if (typeof parsed.brand === "string" && parsed.brand.trim() !== "") return { brand: parsed.brand };
    }
  } catch {
    // Storage may be unavailable (private mode) or hold junk; the default is fine.
  }
  return { brand: BUILD_BRAND };
}

export const useConfigStore = create<PublicConfig>(() => readStored());

/** Shows `brand` from now on, and keeps it for the next start. */
export function applyBrand(brand: string | undefined): void {
  const next: PublicConfig = { brand: brand?.trim() ? brand : DEFAULT_BRAND };
  if (useConfigStore.getState().brand !== next.brand) useConfigStore.setState(next);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage may be unavailable (private mode): the brand still shows until the page is left.
  }
}

export async function loadPublicConfig(): Promise<void> {
  try {
    applyBrand((await api.call(SYSTEM_CALLS.publicConfig)).brand);
  } catch {
    // Offline or server down: keep the stored or default brand.
  }
}

/**
 * The guild's name follows the synced guild settings (decision 078): an admin's rename reaches every open app
 * through the live feed's notice and the pull it starts. The first reading is the copy stored before this start,
 * no newer than the config just asked for, so only later ones are shown.
 */
export function guildNameFollower(): (name: string | undefined) => void {
  let first = true;
  return (name) => {
    if (!first && name) applyBrand(name);
    first = false;
  };
}

const storedBrand = () => useConfigStore.getState().brand;
const builtBrand = () => BUILD_BRAND;

/**
 * The brand to show. While React hydrates the prerendered home page it is the build's, the brand that page
 * carries, so the two agree whatever the server's brand (decision 032); right after, and in every render that
 * hydrates nothing, it is the store's: the server's, or the last one stored.
 */
export function useBrand(): string {
  return useSyncExternalStore(useConfigStore.subscribe, storedBrand, builtBrand);
}
