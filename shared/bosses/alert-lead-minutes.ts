/**
 * How long before a spawn an alert may come (decision 042): the phone alerts' and Discord's choices. No zod here:
 * the boss page's spawn alerts dialog reads it, and the schemas are not in that page's chunks.
 */
export const ALERT_LEAD_MINUTES = [5, 10, 15] as const;
export type AlertLeadMinutes = (typeof ALERT_LEAD_MINUTES)[number];
