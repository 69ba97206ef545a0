/**
 * The portal's words (docs/glossary.md): one name for each thing, the same on every page. Screens, exports and
 * messages take their labels from here rather than writing their own.
 */
import { formatMoney } from "../money/money.ts";

/** The currency every amount is shown in (the game's market trades in USDT, not US dollars). */
export const CURRENCY = "USDT";

export const GLOSSARY = {
  /** The 10% (plus any pool nobody could take) each Sold item leaves with the guild. */
  guildFund: "Guild Fund",
  /** The 5% admin fee of each Sold item. */
  adminFund: "Admin Fund",
  /** Guild Fund plus Admin Fund (the dashboard's card, docs/product.md#dashboard). */
  totalGuildFunds: "Total Guild Funds",
  /**
   * Loot items of any status whose participant list names the member (the roster column first called
   * 'Attendance', which counts items, not raids: docs/decisions/048).
   */
  lootItems: "Loot Items",
  /** Attendance records that name the member (raidsParticipated): the raids they attended. */
  raids: "Raids",
  /** Sold items whose participant list names the member: the items their salary comes from. */
  lootParticipation: "Loot Participation",
} as const;

const countFormat = new Intl.NumberFormat("en-US");

/** 1234 -> '1,234'. */
export function formatCount(count: number): string {
  return countFormat.format(count);
}

/** '1 item', '0 items', '1,234 items'; the plural is the singular plus 's' unless given. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}

/** An amount with its sign: '+320.00 USDT', '-12.50 USDT', '0.00 USDT'. Cents in, grouped. */
export function signedMoney(cents: number): string {
  const text = formatMoney(cents, "usdt");
  return cents > 0 ? `+${text}` : text;
}

/**
 * The roster's subtitle (docs/product.md#guild-roster: 'Meet the members of the {brand} guild.'), without
 * 'guild guild' when the brand already ends with the word ('Iron Vanguard Guild').
 */
export function rosterSubtitle(brand: string): string {
  const name = brand.trim();
  return /\bguild$/i.test(name)
    ? `Meet the members of the ${name}.`
    : `Meet the members of the ${name} guild.`;
}
