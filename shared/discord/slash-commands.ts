/**
 * The portal's slash commands in Discord (decision 096): their definitions as Discord's API takes them
 * (`npm run discord:register` sends these), the words the server answers with, and what the interactions carry.
 * The README's commands table is compared with these definitions by a test.
 */

/** Discord's option types used here (application command option types). */
export const OPTION_TYPE = { string: 3, integer: 4, number: 10 } as const;

export interface SlashOption {
  type: (typeof OPTION_TYPE)[keyof typeof OPTION_TYPE];
  name: string;
  description: string;
  required?: boolean;
  autocomplete?: boolean;
  min_value?: number;
  max_value?: number;
  max_length?: number;
}

export interface SlashCommand {
  name: string;
  description: string;
  options?: SlashOption[];
  /** Who may act with it, under the app's own rules: the README's table says it. */
  who: "any account" | "officer";
}

/** The longest "ago" a /killed may say: the server accepts a start up to 24 h in the past. */
export const KILLED_AGO_MAX_MINUTES = 24 * 60;

export const SLASH_COMMANDS = [
  {
    name: "timers",
    description: "The next boss spawns, in the order of the portal's boss page.",
    options: [
      {
        type: OPTION_TYPE.string,
        name: "show",
        description: "Post for the channel (public) or only for you (default).",
        max_length: 10,
      },
    ],
    who: "any account",
  },
  {
    name: "killed",
    description: "Start a boss's timer: it was killed now, or some minutes ago.",
    options: [
      {
        type: OPTION_TYPE.string,
        name: "boss",
        description: "The boss that was killed.",
        required: true,
        autocomplete: true,
        max_length: 100,
      },
      {
        type: OPTION_TYPE.integer,
        name: "ago",
        description: "Minutes since the kill (0 or nothing: now).",
        min_value: 0,
        max_value: KILLED_AGO_MAX_MINUTES,
      },
    ],
    who: "any account",
  },
  {
    name: "nospawn",
    description: "The boss did not spawn: move its timer on by one interval.",
    options: [
      {
        type: OPTION_TYPE.string,
        name: "boss",
        description: "The boss that did not spawn.",
        required: true,
        autocomplete: true,
        max_length: 100,
      },
    ],
    who: "officer",
  },
  {
    name: "maintenance",
    description: "The servers came back from maintenance at this time: reset every interval boss.",
    options: [
      {
        type: OPTION_TYPE.string,
        name: "at",
        description: "When the servers came back, in the guild's time zone (HH:MM, 24-hour).",
        required: true,
        max_length: 5,
      },
    ],
    who: "officer",
  },
  {
    name: "checkin",
    description: "Check in for a kill: with its code, or the open check-in of the last kill.",
    options: [
      {
        type: OPTION_TYPE.string,
        name: "code",
        description: "The check-in code your officer gave (leave it out for the last kill's).",
        max_length: 10,
      },
    ],
    who: "any account",
  },
  {
    name: "auction",
    description: "The open auctions: item, price, leader, least next bid, time left (only you see it).",
    who: "any account",
  },
  {
    name: "bid",
    description: "Bid on the open auction as your main character (or the character you bid as there).",
    options: [
      {
        type: OPTION_TYPE.number,
        name: "amount",
        description: "Your bid in USDT.",
        required: true,
        min_value: 0,
      },
      {
        type: OPTION_TYPE.string,
        name: "auction",
        description: "The item on auction, when more than one is open.",
        autocomplete: true,
        max_length: 200,
      },
    ],
    who: "any account",
  },
  {
    name: "earnings",
    description: "Your earned, paid and balance, and your last five items (only you see it).",
    who: "any account",
  },
] as const satisfies readonly SlashCommand[];

export type SlashCommandName = (typeof SLASH_COMMANDS)[number]["name"];

/** Interaction types Discord sends, and the answer types the server uses. */
export const INTERACTION = { ping: 1, command: 2, component: 3, autocomplete: 4 } as const;
export const ANSWER = {
  pong: 1,
  message: 4,
  deferredMessage: 5,
  updateMessage: 7,
  autocomplete: 8,
} as const;
/** A message only its reader sees. */
export const EPHEMERAL = 64;

/** The custom id of the undo button under a /killed answer: the boss and the start it takes back. */
export const UNDO_BUTTON_PREFIX = "undo-kill:";
/** The custom id of the "Killed" button under a spawn alert (decision 100): the boss whose timer it starts. */
export const KILLED_BUTTON_PREFIX = "killed:";
/** The custom id of a "Bid +step" button: the auction and the exact amount in cents it bids (decision 099). */
export const BID_BUTTON_PREFIX = "bid:";
export const bidButtonId = (auctionId: number, cents: number) => `${BID_BUTTON_PREFIX}${auctionId}:${cents}`;
/** The commands whose answers only the caller sees (a deferred one is deferred only-you too). */
export const ONLY_YOU_COMMANDS: ReadonlySet<string> = new Set(["earnings", "auction", "bid"]);

export const DISCORD_COMMAND_TEXTS = {
  notConfigured: "Discord commands are not set up on this portal (DISCORD_PUBLIC_KEY).",
  badSignature: "Invalid request signature",
  stale: "Invalid request signature",
  unlinked: (portal: string) =>
    `Your Discord account is not linked to an account on ${portal}. Sign in once on the portal with "Continue with Discord", then try again.`,
  disabled: "Your portal account is disabled. Ask an admin of the guild.",
  rateLimited: (seconds: number) => `Slow down: too many commands. Try again in ${seconds} s.`,
  repeated: "This command was already received and is being handled.",
  unknownCommand: "This command is not one the portal knows. Ask an admin to run npm run discord:register.",
  slow: "The portal took too long to answer. Check the boss page before trying again.",
  started: (boss: string, spawnAt: number) =>
    `⏱️ Timer started for **${boss}**: next spawn <t:${Math.floor(spawnAt / 1000)}:t> (<t:${Math.floor(spawnAt / 1000)}:R>).`,
  undoLabel: "Undo (10 s)",
  killedLabel: "Killed",
  /** The settings' status when Discord refused the button (decision 100): the alerts go on, without it. */
  killedButtonRefused: (why: string) =>
    `Spawn alerts are posted without the Killed button. ${why} Buttons need a webhook the Discord application created (OAuth2 webhook.incoming); a channel's own webhook cannot carry them.`,
  undone: (boss: string) => `↩️ The timer start for **${boss}** was undone.`,
  movedOn: (boss: string, spawnAt: number) =>
    `⏭️ **${boss}** did not spawn: next spawn <t:${Math.floor(spawnAt / 1000)}:t> (<t:${Math.floor(spawnAt / 1000)}:R>).`,
  maintenance: (changed: number, at: number) =>
    `🛠️ Servers back at <t:${Math.floor(at / 1000)}:t>: ${changed} interval ${changed === 1 ? "boss" : "bosses"} reset.`,
  maintenanceTime: "Give the time as HH:MM (24-hour), e.g. 14:30.",
  agoInvalid: `Minutes ago must be a whole number from 0 to ${KILLED_AGO_MAX_MINUTES}.`,
  noTimers: "No boss is in the grid yet.",
  checkedIn: (boss: string, name: string) => `✅ Checked in for **${boss}** as ${name}.`,
  noOpenCheckIn: "No check-in is open now. Ask your officer for the code.",
  timersTitle: "**Next spawns**",
  noAuction: "No auction is open.",
  auctionsTitle: "**Open auctions**",
  nameTheAuction: (items: readonly string[]) =>
    `${items.length} auctions are open: say which with the auction option (${items.join(", ")}).`,
  unknownAuction: (typed: string) => `No open auction is for "${typed}". Type /auction to see them.`,
  /** Amounts as formatMoney writes them: the step without the currency, the next price with it. */
  bidLabel: (step: string, next: string) => `Bid +${step} (${next})`,
  priceNow: (price: string | null, leader: string | null, minimum: string) =>
    price === null
      ? `No bid yet: the least bid is ${minimum}.`
      : `Price now: ${price}${leader === null ? "" : `, ${leader} leads`}; the least next bid is ${minimum}.`,
} as const;
