/**
 * What the spawn alerts dialog shows and sends (decision 044), without the browser: the choices a raider makes,
 * the sentence that says what is on, and the messages for each reason alerts cannot be turned on here.
 */
import { ALERT_LEAD_MINUTES, type AlertLeadMinutes } from "@shared/bosses/alert-lead-minutes.ts";
import type { SpawnAlertSettings } from "@shared/schemas/spawn-alerts.ts";

export { SPAWN_ALERTS_TITLE } from "./spawn-alerts-title.ts";
export const SPAWN_ALERTS_DESCRIPTION =
  "Get a notification on this device a few minutes before a boss spawns, even when the app is closed.";

/** Why alerts cannot be turned on (or read) right now. */
export type AlertsProblem =
  | "unsupported"
  | "denied"
  | "dismissed"
  | "offline"
  | "server-off"
  | "not-ready"
  | "timeout"
  | "push-refused"
  | "push-failed";

/** How long turning alerts on (subscribing, then saving on the server) may take before it is stopped. */
export const TURN_ON_TIMEOUT_MS = 15_000;

export const PROBLEM_MESSAGES: Readonly<Record<AlertsProblem, string>> = {
  unsupported:
    "This browser can't receive alerts here. Install the app first: on iPhone or iPad, tap Share, then Add to Home Screen, and open the app from your Home Screen.",
  denied:
    "Notifications are blocked for this site. Allow them in your browser's site settings, then come back here.",
  dismissed: "Alerts need notifications. Tap Turn on alerts again and choose Allow.",
  offline: "You are offline. Spawn alerts are set on the server, so connect to the internet to change them.",
  "server-off": "Spawn alerts are turned off on this server. Ask an admin to set them up.",
  "not-ready": "The app is still getting ready on this device. Wait a moment, then try again.",
  // The browser's own words ("Registration failed - permission denied", "push service error") are never shown:
  // these say what happened and what the raider can do (decision 086).
  timeout: `Turning on alerts took longer than ${TURN_ON_TIMEOUT_MS / 1000} seconds, so it was stopped: the browser's push service or the portal did not answer. Check your connection, then try again.`,
  "push-refused":
    "This browser would not let the portal send alerts. Allow notifications for this site in the browser's site settings. A private or incognito window cannot receive alerts: open the portal in a normal window.",
  "push-failed":
    "The browser's push service could not be reached, so alerts were not turned on. Try again in a minute; if it keeps failing, try another browser.",
};

export const PROBLEM_TITLES: Readonly<Record<AlertsProblem, string>> = {
  unsupported: "Install the app to get alerts",
  denied: "Notifications are blocked",
  dismissed: "Notifications not allowed",
  offline: "You are offline",
  "server-off": "Alerts are off on this server",
  "not-ready": "Not ready yet",
  timeout: "Alerts did not turn on",
  "push-refused": "This browser refused alerts",
  "push-failed": "Push service unavailable",
};

export const CHOOSE_A_BOSS = "Choose at least one boss, or pick All bosses.";
export const ALERTS_ARE_OFF = "Alerts are off on this device.";
export const ALERTS_TURNED_ON = "Spawn alerts are on";
export const ALERTS_SAVED = "Spawn alerts saved";
export const ALERTS_TURNED_OFF = "Spawn alerts are off";

export const DEFAULT_LEAD_MINUTES: AlertLeadMinutes = 10;

/** The form's choices: every boss or a list, and how many minutes before a spawn. */
export interface AlertChoices {
  scope: "all" | "chosen";
  bosses: readonly string[];
  leadMinutes: AlertLeadMinutes;
}

export const LEAD_OPTIONS = ALERT_LEAD_MINUTES;

/** The form's starting choices: what the server keeps for this device, or all bosses 10 minutes before. */
export function choicesFrom(settings: SpawnAlertSettings | null): AlertChoices {
  if (!settings) return { scope: "all", bosses: [], leadMinutes: DEFAULT_LEAD_MINUTES };
  return settings.bosses === "all"
    ? { scope: "all", bosses: [], leadMinutes: settings.leadMinutes }
    : { scope: "chosen", bosses: [...settings.bosses], leadMinutes: settings.leadMinutes };
}

/** Under the boss list, since the ticked ones may be scrolled away. */
export const chosenCount = (count: number): string =>
  count === 0 ? "No boss chosen yet" : `${count} ${count === 1 ? "boss" : "bosses"} chosen`;

/** Ticks or unticks one boss. */
export function toggleBoss(choices: AlertChoices, bossName: string, on: boolean): AlertChoices {
  const without = choices.bosses.filter((name) => name !== bossName);
  return { ...choices, bosses: on ? [...without, bossName] : without };
}

/** The message that stops the form, or null when it can be sent. */
export function choicesError(choices: AlertChoices): string | null {
  return choices.scope === "chosen" && choices.bosses.length === 0 ? CHOOSE_A_BOSS : null;
}

/**
 * The bosses as the server takes them: "all", or the ticked names that are still bosses of the guild
 * (a boss renamed or removed since it was ticked is dropped), sorted.
 */
export function requestBosses(choices: AlertChoices, knownBosses: readonly string[]): "all" | string[] {
  if (choices.scope === "all") return "all";
  const known = new Set(knownBosses);
  const kept = choices.bosses.filter((name) => known.size === 0 || known.has(name));
  return [...new Set(kept)].sort((a, b) => a.localeCompare(b));
}

const minutes = (lead: number) => `${lead} minutes`;

function listBosses(bosses: readonly string[]): string {
  if (bosses.length <= 3) {
    return bosses.length === 1
      ? (bosses[0] as string)
      : `${bosses.slice(0, -1).join(", ")} and ${bosses.at(-1) as string}`;
  }
  return `${bosses.slice(0, 2).join(", ")} and ${bosses.length - 2} more bosses`;
}

/** One sentence saying what this device is alerted for. */
export function describeAlerts(settings: SpawnAlertSettings | null): string {
  if (!settings) return ALERTS_ARE_OFF;
  const which = settings.bosses === "all" ? "every boss" : listBosses(settings.bosses);
  return `Alerts are on for ${which}, ${minutes(settings.leadMinutes)} before each spawn.`;
}

/** Whether the choices differ from what the server keeps (Save is pointless otherwise). */
export function choicesChanged(choices: AlertChoices, settings: SpawnAlertSettings | null): boolean {
  if (!settings) return true;
  const saved = choicesFrom(settings);
  if (saved.scope !== choices.scope || saved.leadMinutes !== choices.leadMinutes) return true;
  if (choices.scope === "all") return false;
  const a = [...saved.bosses].sort();
  const b = [...new Set(choices.bosses)].sort();
  return a.length !== b.length || a.some((name, index) => name !== b[index]);
}

/** A VAPID public key (base64url, as GET /_api/spawn-alerts/public-key gives it) as the bytes subscribe takes. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replaceAll("-", "+").replaceAll("_", "/").replace(/=+$/, "");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Whether two keys hold the same bytes (a subscription made for another server key must be renewed). */
export function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, index) => byte === b[index]);
}
