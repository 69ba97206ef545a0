/**
 * What each slash command and button does (decision 096): one portal call as the caller's linked account
 * (call-as.ts), and the words Discord shows. A refusal is the call's own message, shown only to the caller.
 */
import { inReadyFirstOrder } from "@shared/bosses/next-spawn.ts";
import {
  ANSWER,
  EPHEMERAL,
  KILLED_AGO_MAX_MINUTES,
  KILLED_BUTTON_PREFIX,
  DISCORD_COMMAND_TEXTS as TEXT,
  UNDO_BUTTON_PREFIX,
} from "@shared/discord/slash-commands.ts";
import {
  addCalendarDays,
  instantOfWallClock,
  resolveTimeZone,
  wallClockAt,
} from "@shared/format/zoned-time.ts";
import { formatMoney } from "@shared/money/money.ts";
import type { BossTimer } from "@shared/schemas/boss-timers.ts";
import { CHECK_IN_MESSAGES, type MyCheckInAnswer, type MyCheckIns } from "@shared/schemas/check-ins.ts";
import type { MyEarnings } from "@shared/schemas/my-earnings.ts";
import type { PortalCaller } from "./call-as.ts";

export interface InteractionAnswer {
  type: number;
  data?: {
    content?: string;
    flags?: number;
    components?: unknown[];
    choices?: { name: string; value: string }[];
    allowed_mentions?: { parse: never[] };
  };
}

export interface CommandContext {
  portal: PortalCaller;
  /** The interaction's id: the Idempotency-Key of the write it makes. */
  key: string;
  options: ReadonlyMap<string, string | number>;
  guildTimeZone: string | null;
  now: number;
}

export const NO_PINGS = { parse: [] as never[] };
const TIMERS_LISTED = 10;
const MINUTE_MS = 60_000;

/** A message in the channel (or only for the caller); mentions in names never ping anyone. */
export function message(content: string, options: { ephemeral?: boolean; components?: unknown[] } = {}) {
  return {
    type: ANSWER.message,
    data: {
      content,
      allowed_mentions: NO_PINGS,
      ...(options.ephemeral ? { flags: EPHEMERAL } : {}),
      ...(options.components ? { components: options.components } : {}),
    },
  } satisfies InteractionAnswer;
}

export const onlyYou = (content: string) => message(content, { ephemeral: true });
export const refusal = (answer: { status: number; data: { error?: string } }) =>
  onlyYou(answer.data.error ?? `The portal refused (HTTP ${answer.status}).`);

/** Names shown bold in Discord's markdown, with its special characters escaped. */
export const bold = (name: string) => `**${name.replace(/([\\*_~`|>])/g, "\\$1")}**`;
const when = (ms: number) => `<t:${Math.floor(ms / 1000)}:t> (<t:${Math.floor(ms / 1000)}:R>)`;

async function timers({ portal, options, guildTimeZone, now }: CommandContext): Promise<InteractionAnswer> {
  const answer = await portal.get<{ timers: BossTimer[] }>("/boss-timers");
  if (answer.status !== 200) return refusal(answer);
  const ordered = inReadyFirstOrder(answer.data.timers, now, guildTimeZone).slice(0, TIMERS_LISTED);
  if (ordered.length === 0) return onlyYou(TEXT.noTimers);
  const lines = ordered.map(({ row, spawn }) => {
    if (spawn.upSince !== null)
      return `${bold(row.bossName)}: up since <t:${Math.floor(spawn.upSince / 1000)}:R>`;
    if (spawn.spawnAt === null) return `${bold(row.bossName)}: ready`;
    return `${bold(row.bossName)}: ${when(spawn.spawnAt)}`;
  });
  const content = [TEXT.timersTitle, ...lines].join("\n");
  return message(content, { ephemeral: options.get("show") !== "public" });
}

function undoButton(boss: string, startTime: Date) {
  return [
    {
      type: 1,
      components: [
        {
          type: 2,
          style: 2,
          label: TEXT.undoLabel,
          custom_id: `${UNDO_BUTTON_PREFIX}${startTime.getTime()}:${boss}`.slice(0, 100),
        },
      ],
    },
  ];
}

async function killed({ portal, key, options, now }: CommandContext): Promise<InteractionAnswer> {
  const boss = String(options.get("boss") ?? "");
  const ago = options.get("ago") ?? 0;
  if (typeof ago !== "number" || !Number.isInteger(ago) || ago < 0 || ago > KILLED_AGO_MAX_MINUTES)
    return onlyYou(TEXT.agoInvalid);
  const body =
    ago === 0 ? { bossName: boss } : { bossName: boss, startTime: new Date(now - ago * MINUTE_MS) };
  return startTimer(portal, key, body, { ephemeral: false });
}

/** The boss page's start as the caller, answered with the 10 s undo button; a refusal only to the caller. */
async function startTimer(
  portal: PortalCaller,
  key: string,
  body: { bossName: string; startTime?: Date },
  { ephemeral }: { ephemeral: boolean },
): Promise<InteractionAnswer> {
  const answer = await portal.post<{ timer: BossTimer }>("/boss-timers", body, key);
  if (answer.status !== 200) return refusal(answer);
  const { timer } = answer.data;
  if (!timer.startTime || !timer.endTime) return refusal(answer);
  return message(TEXT.started(timer.bossName, new Date(timer.endTime).getTime()), {
    ephemeral,
    components: undoButton(timer.bossName, new Date(timer.startTime)),
  });
}

/**
 * The "Killed" button under a spawn alert (decision 100): /killed for that boss, now, by whoever pressed it. The
 * answer is only theirs (the alert stays as it is for everyone else), with the undo button.
 */
export async function killedPress(
  portal: PortalCaller,
  key: string,
  customId: string,
): Promise<InteractionAnswer | undefined> {
  if (!customId.startsWith(KILLED_BUTTON_PREFIX)) return undefined;
  const bossName = customId.slice(KILLED_BUTTON_PREFIX.length);
  return startTimer(portal, key, { bossName }, { ephemeral: true });
}

/** The undo button under a /killed answer: the same call as the boss page's undo, by whoever presses it. */
export async function undoKill(
  portal: PortalCaller,
  key: string,
  customId: string,
): Promise<InteractionAnswer | undefined> {
  const match = /^undo-kill:(\d{1,15}):(.+)$/s.exec(customId);
  if (!match) return undefined;
  const [, startMs = "0", boss = ""] = match;
  const answer = await portal.post<{ timer: BossTimer }>(
    "/boss-timers/undo",
    { bossName: boss, startTime: new Date(Number(startMs)) },
    key,
  );
  if (answer.status !== 200) return refusal(answer);
  return {
    type: ANSWER.updateMessage,
    data: { content: TEXT.undone(boss), components: [], allowed_mentions: NO_PINGS },
  };
}

async function noSpawn({ portal, key, options }: CommandContext): Promise<InteractionAnswer> {
  const answer = await portal.post<{ timer: BossTimer }>(
    "/boss-timers/no-spawn",
    { bossName: String(options.get("boss") ?? "") },
    key,
  );
  if (answer.status !== 200) return refusal(answer);
  const { timer } = answer.data;
  return message(TEXT.movedOn(timer.bossName, new Date(timer.endTime ?? 0).getTime()));
}

/** "14:30": the latest 14:30 in the guild's zone that is not ahead of now (today's, else yesterday's). */
export function backAtOf(text: string, now: number, guildTimeZone: string | null): Date | undefined {
  const match = /^([01]?\d|2[0-3])[:.h]([0-5]\d)$/.exec(text.trim());
  if (!match) return undefined;
  const zone = resolveTimeZone(guildTimeZone);
  const today = wallClockAt(now, zone);
  const at = (day: { year: number; month: number; day: number }) =>
    instantOfWallClock({ ...day, hour: Number(match[1]), minute: Number(match[2]) }, zone);
  const todays = at(today);
  return new Date(todays <= now ? todays : at(addCalendarDays(today, -1)));
}

async function maintenance({ portal, key, options, guildTimeZone, now }: CommandContext) {
  const backAt = backAtOf(String(options.get("at") ?? ""), now, guildTimeZone);
  if (!backAt) return onlyYou(TEXT.maintenanceTime);
  const answer = await portal.post<{ changed: number }>("/boss-timers/maintenance", { backAt }, key);
  if (answer.status !== 200) return refusal(answer);
  return message(TEXT.maintenance(answer.data.changed, backAt.getTime()));
}

/** As "I was there" on the check-in page: as the account's main character, by code or the newest open check-in. */
async function checkIn({ portal, key, options }: CommandContext): Promise<InteractionAnswer> {
  const mine = await portal.get<MyCheckIns>("/me/check-ins");
  if (mine.status !== 200) return refusal(mine);
  if (!mine.data.character) return onlyYou(CHECK_IN_MESSAGES.noCharacter);
  const code = options.get("code");
  const open = mine.data.checkIns.find((candidate) => candidate.acceptsCheckIns);
  if (code === undefined && !open) return onlyYou(TEXT.noOpenCheckIn);
  const which = code === undefined ? { id: open?.id } : { code: String(code) };
  const memberId = mine.data.character.memberId;
  const answer = await portal.post<MyCheckInAnswer>("/me/check-ins", { ...which, memberId }, key);
  if (answer.status !== 200) return refusal(answer);
  const { checkIn } = answer.data;
  return onlyYou(TEXT.checkedIn(checkIn.bossName, checkIn.checkedInAs?.name ?? mine.data.character.name));
}

const usdt = (text: string) => formatMoney(text, "usdt");

async function earnings({ portal }: CommandContext): Promise<InteractionAnswer> {
  const answer = await portal.get<MyEarnings>("/me/earnings");
  if (answer.status !== 200) return refusal(answer);
  const mine = answer.data;
  if (!mine.linked) return onlyYou(mine.message);
  const { earned, paid, balance } = mine.totals;
  const items = mine.items
    .slice(0, 5)
    .map(
      (item) =>
        `• ${item.date ?? "no date"}: ${bold(item.lootName)} from ${item.bossName}, ${usdt(item.share)}`,
    );
  const lines = [
    `${bold(mine.mainName)}: earned ${usdt(earned)}, paid ${usdt(paid)}, balance ${usdt(balance)}.`,
    ...(items.length > 0 ? ["Last items:", ...items] : []),
  ];
  return onlyYou(lines.join("\n"));
}

export const COMMAND_HANDLERS: Readonly<Record<string, (ctx: CommandContext) => Promise<InteractionAnswer>>> =
  {
    timers,
    killed,
    nospawn: noSpawn,
    maintenance,
    checkin: checkIn,
    earnings,
  };
