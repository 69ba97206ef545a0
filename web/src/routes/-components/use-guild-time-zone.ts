/**
 * The guild's time zone as the boss page, the home card and the admin screens need it (decision 059): the stored
 * copy of GET /_api/public/guild-settings, kept offline like the other public data.
 */
import type { GuildSettings } from "@shared/schemas/guild-settings.ts";
import { useGuildSettings, useSyncStatus } from "@web/data/hooks.ts";
import { collectionState } from "@web/features/sync-status/collection-state.ts";
import { useOnline } from "@web/features/sync-status/use-online.ts";

export type GuildZoneState =
  | { status: "loading" }
  /** `zone` null: never stored, and it cannot be pulled now (offline, or the server failed): the viewer's own. */
  | { status: "ready"; zone: string | null; settings: GuildSettings | null };

/**
 * Loading until the stored copy is read and, on a first visit, until it arrives: the times are not shown in the
 * viewer's zone first and moved a moment later.
 */
export function useGuildTimeZone(): GuildZoneState {
  const settings = useGuildSettings();
  const state = collectionState(settings, useSyncStatus("guildSettings"), useOnline(), (s) => s !== null);
  if (state.status === "loading") return state;
  const stored = state.status === "ready" ? state.data : null;
  return { status: "ready", zone: stored?.timeZone ?? null, settings: stored };
}
