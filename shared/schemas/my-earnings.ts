/**
 * "My earnings" (docs/decisions/051): what GET /_api/me/earnings answers a signed-in account about its own
 * characters (its main character and that character's alts), and the messages the page shows. Money is exact
 * decimal text ('42.50'), dates are calendar days ('2026-11-25'): the answer is stored on the device as received
 * and shown offline, so it holds nothing a JSON round trip would change.
 */

export const MY_EARNINGS_MESSAGES = {
  /** The answer for an account that no character is linked to. */
  notLinked: "Ask an officer to link your account to your character.",
  /** Offline (or the server could not be reached) with nothing saved on this device for this account. */
  nothingSaved:
    "You are offline and this device has no saved copy of your earnings yet. Open this page once online.",
  loadFailed: "Your earnings could not be loaded.",
  noItems: "No sold items name your characters yet.",
  noPayouts: "Nothing has been paid to your characters yet.",
} as const;

/** "Saved Nov 25, 2026 at 4:36 AM": when the copy shown offline was received. */
export const savedCopyLabel = (when: string) => `Saved ${when}`;

/** One of the account's characters with its stored salary. */
export interface EarningsCharacter {
  memberId: number;
  playerName: string;
  /** The main character (the one the account is linked to, or the main of the character it is linked to). */
  isMain: boolean;
  status: "active" | "kicked" | "paid_out";
  /** The character's stored salary: the sum of its shares. */
  earned: string;
}

/** One character's share of one Sold item. */
export interface EarningsItem {
  itemId: number;
  /** The item's date acquired ('YYYY-MM-DD'), or null when it has none. */
  date: string | null;
  bossName: string;
  lootName: string;
  memberId: number;
  characterName: string;
  /** General share + elite share. */
  share: string;
}

/** A payout to one of the characters. */
export interface EarningsPayout {
  id: number;
  memberId: number | null;
  memberName: string;
  /** 'YYYY-MM-DD'. */
  paidOn: string;
  amount: string;
  method: string;
  reference: string;
}

/** How many of the characters' latest raids the answer lists (decision 072). */
export const RECENT_RAIDS_LIMIT = 5;

/** A raid (an attendance record) that names one of the account's characters (decision 072). */
export interface EarningsRaid {
  id: number;
  bossName: string;
  /** When it was attended, ISO 8601 in UTC ('2026-11-05T12:00:00Z'). */
  dateAttended: string;
  /** The account's characters it names. */
  characters: string[];
}

export interface EarningsTotals {
  /** The characters' stored salaries added up; equals the sum of the items' shares. */
  earned: string;
  /** The payouts added up. */
  paid: string;
  /** earned − paid; negative after an overpayment. */
  balance: string;
  itemCount: number;
}

export type MyEarnings =
  | { linked: false; message: string }
  | {
      linked: true;
      mainMemberId: number;
      mainName: string;
      characters: EarningsCharacter[];
      totals: EarningsTotals;
      /** Newest first (by date, then item). */
      payouts: EarningsPayout[];
      /** Newest first (by date, then item); items without a date last. */
      items: EarningsItem[];
      /**
       * The latest RECENT_RAIDS_LIMIT raids naming a character, newest first. Absent in copies saved on a device before
       * decision 072.
       */
      raids?: EarningsRaid[];
    };
