/**
 * POST /_api/discord/interactions (decision 096): Discord's HTTP interactions, no gateway. The signature and its
 * timestamp are checked over the raw body before anything is parsed; a PING is answered PONG; a command or button
 * is claimed by its id (acted on once), counted against its Discord user's rate limit, and run as the user's
 * linked portal account. An answer that is not ready within the deferral time is deferred and posted later as a
 * follow-up through the outbound guard, so Discord always hears back within its 3 s.
 */
import { type Context, Hono, type MiddlewareHandler } from "hono";
import * as z from "zod";
import { DISCORD_INTERACTION_CALLS } from "@shared/contract/discord-interactions.ts";
import {
  ANSWER,
  BID_BUTTON_PREFIX,
  EPHEMERAL,
  INTERACTION,
  ONLY_YOU_COMMANDS,
  DISCORD_COMMAND_TEXTS as TEXT,
  UNDO_BUTTON_PREFIX,
} from "@shared/discord/slash-commands.ts";
import { limitBody } from "../app/body-limit.ts";
import type { AppEnv } from "../app/context.ts";
import { sendError } from "../app/respond.ts";
import type { WriteTarget } from "../batch/batch-dispatch.ts";
import { runInBackground } from "../discord/background.ts";
import { discordOriginOf } from "../discord-sign-in/sign-in-settings.ts";
import { guardedFetch, outboundOf } from "../outbound/guarded-fetch.ts";
import { guildNameInForce } from "../settings/guild-name.ts";
import { zoneInForce } from "../settings/guild-time-zone.ts";
import { auctionChoices } from "./auction-choices.ts";
import { AUCTION_COMMAND_HANDLERS, bidButton } from "./auction-commands.ts";
import { bossChoices } from "./boss-choices.ts";
import { callerAs } from "./call-as.ts";
import { checkInteractionSignature } from "./interaction-signature.ts";
import { type Arrival, claimInteraction, storeAnswer, storedAnswer } from "./interactions-repo.ts";
import {
  COMMAND_HANDLERS,
  type InteractionAnswer,
  killedPress,
  message,
  undoKill,
} from "./slash-command-handlers.ts";

const DECLARED = DISCORD_INTERACTION_CALLS.interaction;
/** Interactions per Discord user per minute, autocomplete not counted. */
export const INTERACTIONS_PER_MINUTE = 20;
const RATE_WINDOW_MS = 60_000;
/** Discord waits 3 s for the first answer; past this the answer is deferred and sent as a follow-up. */
export const DEFER_AFTER_MS = 2_000;

const snowflake = z.string().regex(/^[1-9]\d{16,19}$/);
const discordUser = z.object({ id: snowflake });
const optionValue = z.union([z.string().max(200), z.number(), z.boolean()]);
const interactionSchema = z.object({
  id: snowflake,
  type: z.number().int(),
  application_id: snowflake.optional(),
  token: z.string().max(500).optional(),
  member: z.object({ user: discordUser }).optional(),
  user: discordUser.optional(),
  data: z
    .object({
      name: z.string().max(100).optional(),
      custom_id: z.string().max(100).optional(),
      options: z
        .array(z.object({ name: z.string().max(100), value: optionValue, focused: z.boolean().optional() }))
        .max(25)
        .optional(),
    })
    .optional(),
});
type Interaction = z.infer<typeof interactionSchema>;

const onlyYou = (content: string) => message(content, { ephemeral: true });

function optionsOf(interaction: Interaction): Map<string, string | number> {
  const options = new Map<string, string | number>();
  for (const option of interaction.data?.options ?? []) {
    if (typeof option.value !== "boolean") options.set(option.name, option.value);
  }
  return options;
}

/** Posts a deferred answer as the interaction's follow-up (through the outbound guard). */
async function followUp(
  c: Context<AppEnv>,
  interaction: Interaction,
  answer: InteractionAnswer,
): Promise<void> {
  if (!interaction.application_id || !interaction.token) return;
  const config = c.get("config");
  const url = `${discordOriginOf(config)}/api/v10/webhooks/${interaction.application_id}/${interaction.token}`;
  const response = await guardedFetch(
    url,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(answer.data ?? {}),
    },
    outboundOf(config),
  );
  await response.body?.cancel();
  if (response.status >= 300) throw new Error(`Discord refused the follow-up (HTTP ${response.status})`);
}

async function act(app: WriteTarget, c: Context<AppEnv>, interaction: Interaction, arrival: Arrival) {
  const db = c.get("db");
  const { account } = arrival;
  if (!account) return onlyYou(TEXT.unlinked(await guildNameInForce(db, c.get("config").brand)));
  if (account.disabled) return onlyYou(TEXT.disabled);
  const portal = callerAs(app, c, account);
  const key = `discord:${interaction.id}`;
  if (interaction.type === INTERACTION.component) {
    const customId = interaction.data?.custom_id ?? "";
    let answer: InteractionAnswer | undefined;
    if (customId.startsWith(UNDO_BUTTON_PREFIX)) answer = await undoKill(portal, key, customId);
    else if (customId.startsWith(BID_BUTTON_PREFIX)) answer = await bidButton(portal, key, customId);
    else answer = await killedPress(portal, key, customId);
    return answer ?? onlyYou(TEXT.unknownCommand);
  }
  const name = interaction.data?.name ?? "";
  const handler = COMMAND_HANDLERS[name] ?? AUCTION_COMMAND_HANDLERS[name];
  if (!handler) return onlyYou(TEXT.unknownCommand);
  return handler({
    portal,
    key,
    options: optionsOf(interaction),
    guildTimeZone: zoneInForce(arrival.chosenTimeZone, c.get("config").timeZone),
    now: c.get("clock")(),
  });
}

/** The command's answer, or a deferral when it takes longer than the deferral time (its follow-up comes later). */
async function answerInTime(
  c: Context<AppEnv>,
  interaction: Interaction,
  work: Promise<InteractionAnswer>,
): Promise<InteractionAnswer> {
  const deferAfter = c.get("config").discordCommands?.deferAfterMs ?? DEFER_AFTER_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), deferAfter);
  });
  // 0: every answer is deferred (a command on an embedded database can finish before a 0 ms timer fires).
  const first = deferAfter <= 0 ? "late" : await Promise.race([work, late]);
  clearTimeout(timer);
  if (first !== "late") return first;
  runInBackground(c, c.get("db"), "Discord follow-up", async () =>
    followUp(c, interaction, await work.catch(() => onlyYou(TEXT.slow))),
  );
  const ephemeral =
    interaction.type === INTERACTION.command && ONLY_YOU_COMMANDS.has(interaction.data?.name ?? "");
  return { type: ANSWER.deferredMessage, data: ephemeral ? { flags: EPHEMERAL } : {} };
}

export function discordInteractionRoutes(app: WriteTarget): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const configured: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!c.get("config").discordCommands?.publicKey) return sendError(c, 503, TEXT.notConfigured);
    await next();
  };
  // The body's size is checked as it streams in (a chunked body is refused once it passes the limit).
  routes.post(DECLARED.path, configured, limitBody(DECLARED.bodyLimit), async (c) => {
    const publicKey = c.get("config").discordCommands?.publicKey as string;
    const body = new Uint8Array(await c.req.arrayBuffer());
    const verdict = await checkInteractionSignature({
      publicKey,
      signature: c.req.header("x-signature-ed25519"),
      timestamp: c.req.header("x-signature-timestamp"),
      body,
      nowMs: c.get("clock")(),
    });
    if (verdict !== "ok") return sendError(c, 401, TEXT.badSignature);

    let parsed: Interaction;
    try {
      parsed = interactionSchema.parse(JSON.parse(new TextDecoder().decode(body)));
    } catch {
      return sendError(c, 400, "Not an interaction");
    }
    if (parsed.type === INTERACTION.ping) return c.json({ type: ANSWER.pong });
    const discordUserId = parsed.member?.user.id ?? parsed.user?.id;
    if (!discordUserId) return sendError(c, 400, "Not an interaction");
    const db = c.get("db");
    // Suggestions as a name is typed: boss names, or the open auctions' items for a linked account; nothing is
    // acted on, so neither claimed nor counted.
    if (parsed.type === INTERACTION.autocomplete) {
      const typed = String(parsed.data?.options?.find((option) => option.focused)?.value ?? "");
      const choices =
        parsed.data?.name === "bid"
          ? await auctionChoices(db, discordUserId, typed)
          : await bossChoices(db, typed);
      return c.json({ type: ANSWER.autocomplete, data: { choices } });
    }
    const kind = parsed.type === INTERACTION.component ? "button" : (parsed.data?.name ?? "unknown");
    const arrival = await claimInteraction(
      db,
      { id: parsed.id, discordUserId, kind: kind.slice(0, 100) },
      RATE_WINDOW_MS,
    );
    if (!arrival.claimed) return c.json((await storedAnswer(db, parsed.id)) ?? onlyYou(TEXT.repeated));
    const answer =
      arrival.earlier >= INTERACTIONS_PER_MINUTE
        ? onlyYou(TEXT.rateLimited(RATE_WINDOW_MS / 1000))
        : await answerInTime(c, parsed, act(app, c, parsed, arrival));
    await storeAnswer(db, parsed.id, answer);
    return c.json(answer);
  });
  return routes;
}
