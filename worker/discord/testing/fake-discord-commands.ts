/**
 * The fake Discord's side of slash commands (fake-discord.ts, decision 096): an interaction's follow-ups
 * (POST /api/v10/webhooks/<application>/<token>, read back with GET /__followups/<token>) and the commands
 * registered for a server (PUT /api/v10/applications/<application>/guilds/<server>/commands with
 * "Authorization: Bot <token>", read back with GET /__commands/<application>/<server>). Like Discord it holds the
 * application's Ed25519 key pair (made at start): GET /__interactions/public-key answers the public key the portal is
 * configured with (DISCORD_PUBLIC_KEY), and POST /__interactions/sign {timestamp, body, forge?} signs an interaction
 * as Discord does (over the timestamp and the raw body; `forge` signs with another key), so tests on Node, in workerd
 * or against `npm start` send what Discord would.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

type Json = (res: ServerResponse, status: number, body: unknown) => void;

const hex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");
const newKeyPair = async () =>
  (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;

export async function fakeDiscordCommands(json: Json, readBody: (req: IncomingMessage) => Promise<string>) {
  const own = await newKeyPair();
  const other = await newKeyPair();
  const publicKey = hex(await crypto.subtle.exportKey("raw", own.publicKey));
  const followUps = new Map<string, unknown[]>();
  const registered = new Map<string, { authorization: string; commands: unknown }>();
  const answer = (res: ServerResponse, status: number, body: unknown) => {
    json(res, status, body);
    return true;
  };
  /** Answers the request when it is one of these; false otherwise. */
  return async (req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> => {
    if (req.method === "GET" && path === "/__interactions/public-key") return answer(res, 200, { publicKey });
    if (req.method === "POST" && path === "/__interactions/sign") {
      const asked = JSON.parse(await readBody(req)) as { timestamp: string; body: string; forge?: boolean };
      const key = asked.forge ? other.privateKey : own.privateKey;
      const signed = new TextEncoder().encode(asked.timestamp + asked.body);
      return answer(res, 200, { signature: hex(await crypto.subtle.sign("Ed25519", key, signed)) });
    }
    const followUp = /^\/api\/v10\/webhooks\/(\d+)\/([\w-]+)$/.exec(path);
    if (req.method === "POST" && followUp) {
      const token = followUp[2] as string;
      followUps.set(token, [...(followUps.get(token) ?? []), JSON.parse((await readBody(req)) || "{}")]);
      return answer(res, 200, { id: String(Date.now()) });
    }
    const followUpsOf = /^\/__followups\/([\w-]+)$/.exec(path);
    if (req.method === "GET" && followUpsOf)
      return answer(res, 200, followUps.get(followUpsOf[1] as string) ?? []);
    const register = /^\/api\/v10\/applications\/(\d+)\/guilds\/(\d+)\/commands$/.exec(path);
    if (req.method === "PUT" && register) {
      const authorization = req.headers.authorization ?? "";
      if (!authorization.startsWith("Bot "))
        return answer(res, 401, { message: "401: Unauthorized", code: 0 });
      const list = JSON.parse((await readBody(req)) || "[]") as Record<string, unknown>[];
      registered.set(`${register[1]}/${register[2]}`, { authorization, commands: list });
      const stored = list.map((command, i) => ({
        id: String(1_000 + i),
        application_id: register[1],
        ...command,
      }));
      return answer(res, 200, stored);
    }
    const commandsOf = /^\/__commands\/(\d+)\/(\d+)$/.exec(path);
    if (req.method === "GET" && commandsOf)
      return answer(res, 200, registered.get(`${commandsOf[1]}/${commandsOf[2]}`) ?? null);
    return false;
  };
}
