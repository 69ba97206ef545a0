/**
 * Discord's HTTP interactions (decision 096): the one call Discord itself makes. It is public to the session
 * check because Discord has no portal session; the Ed25519 signature over the raw body and its timestamp are
 * checked before anything is read (worker/discord-interactions/interactions-routes.ts).
 */
import { type BodyLimit, call, jsonAnswer } from "./call.ts";

/** Discord's interactions are a few kB; anything much larger is not Discord. */
export const INTERACTION_BODY_LIMIT: BodyLimit = { maxBytes: 64 * 1024, message: "Request body too large" };

export const DISCORD_INTERACTION_CALLS = {
  interaction: call({
    method: "POST",
    path: "/discord/interactions",
    role: "public",
    summary:
      "Discord's slash commands and buttons, signed with the application's key: 401 when the signature or its timestamp (over 5 minutes old) is wrong, with nothing read; PING answered PONG; each interaction id acted on once as the caller's linked account, counted against the Discord user's rate limit, deferred and followed up when it takes longer than 2 s; 503 when the public key is not set.",
    bodyEncoding: "text",
    bodyLimit: INTERACTION_BODY_LIMIT,
    answer: jsonAnswer<unknown>(),
  }),
};
