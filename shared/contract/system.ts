/** The API's own calls: is it up, and the settings every screen reads before anything else. */
import { answer, call } from "./call.ts";

/** GUILD_BRAND and the guild's time zone, as the app shows them. */
export interface PublicConfig {
  brand: string;
  timeZone: string | null;
}

export const SYSTEM_CALLS = {
  health: call({
    method: "GET",
    path: "/health",
    role: "public",
    summary: "Whether the API and its database answer.",
    answer: answer<{ ok: true }>(),
  }),
  publicConfig: call({
    method: "GET",
    path: "/public/config",
    role: "public",
    summary: "The guild's brand and time zone (a cached read: ETag, revalidated before every use).",
    answer: answer<PublicConfig>(),
  }),
};
