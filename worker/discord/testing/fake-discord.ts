/**
 * For tests (Node only): Discord's webhook endpoint on 127.0.0.1 (decision 043). A webhook's token scripts how
 * it answers, one step per post, then 200 for good: POST /api/webhooks/<id>/<token>, token steps joined by "-":
 *   r429: 429 with {"retry_after": 0.3} in the body · h429: 429 with only a Retry-After: 1 header
 *   s500: 500 · s404: 404 {"message": "Unknown Webhook"} · down: 503 until POST /__up/<id>
 *   ok (or nothing left): 200 with the message, as Discord answers ?wait=true.
 * "app" among the steps makes the webhook one the application owns (decision 100): it takes interactive components
 * (buttons) with ?with_components=true; any other webhook answers them 400, as Discord does. Without
 * ?with_components=true the components are dropped, as Discord drops them.
 * Every post is recorded and read back over HTTP (GET /__received/<id>), so a test inside workerd or a browser
 * test driving `npm start` reads it as a Node test does. The same server plays Discord for sign-in
 * (fake-discord-oauth.ts: authorize, token, users/@me, the guild member), and slash commands (decision 096): it
 * receives an interaction's follow-ups (POST /api/v10/webhooks/<application>/<token>, read back with
 * GET /__followups/<token>) and the commands registered for a server (PUT
 * /api/v10/applications/<application>/guilds/<server>/commands with "Authorization: Bot <token>", read back with
 * GET /__commands/<application>/<server>).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { fakeDiscordCommands } from "./fake-discord-commands.ts";
import { fakeDiscordOAuth } from "./fake-discord-oauth.ts";

export interface ReceivedPost {
  webhookId: string;
  status: number;
  content: string;
  allowedMentions: unknown;
  /** The components the message kept (only with ?with_components=true). */
  components?: unknown[];
  at: number;
}

export interface FakeDiscord {
  /** http://127.0.0.1:<port> */
  url: string;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** Discord's answer to a button on a webhook the application does not own (decision 100). */
const COMPONENTS_REFUSED = {
  message: "Invalid Form Body",
  code: 50035,
  errors: {
    components: {
      _errors: [
        { code: "COMPONENT_INVALID", message: "Interactive components need an application-owned webhook" },
      ],
    },
  },
};
/** Buttons and menus (anything with a custom id), as opposed to link buttons and layout. */
const hasInteractive = (components: unknown[] | undefined) =>
  JSON.stringify(components ?? []).includes('"custom_id"');

export async function startFakeDiscord(): Promise<FakeDiscord> {
  const received: ReceivedPost[] = [];
  const steps = new Map<string, string[]>();
  const up = new Set<string>();
  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };
  const oauth = fakeDiscordOAuth(json, readBody);
  const commands = await fakeDiscordCommands(json, readBody);
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (await oauth(req, res, url)) return;
    const path = url.pathname;
    const receivedMatch = /^\/__received\/(\d+)$/.exec(path);
    if (req.method === "GET" && receivedMatch) {
      return json(
        res,
        200,
        received.filter((post) => post.webhookId === receivedMatch[1]),
      );
    }
    if (await commands(req, res, path)) return;
    const upMatch = /^\/__up\/(\d+)$/.exec(path);
    if (req.method === "POST" && upMatch) {
      up.add(upMatch[1] as string);
      return json(res, 200, { ok: true });
    }
    const hook = /^\/api\/webhooks\/(\d+)\/([\w-]+)$/.exec(path);
    if (req.method !== "POST" || !hook) return json(res, 404, { message: "404: Not Found", code: 0 });
    const [, id = "", token = ""] = hook;
    const body = JSON.parse((await readBody(req)) || "{}") as {
      content?: string;
      allowed_mentions?: unknown;
      components?: unknown[];
    };
    const owned = token.split("-").includes("app");
    if (!steps.has(id))
      steps.set(
        id,
        token.split("-").filter((step) => step !== "ok" && step !== "app"),
      );
    const components = url.searchParams.get("with_components") === "true" ? body.components : undefined;
    const plan = steps.get(id) as string[];
    const step =
      hasInteractive(components) && !owned
        ? "s400"
        : plan[0] === "down"
          ? up.has(id)
            ? plan.shift() && "ok"
            : "down"
          : (plan.shift() ?? "ok");
    const status =
      { r429: 429, h429: 429, s400: 400, s500: 500, s404: 404, down: 503, ok: 200 }[step as "ok"] ?? 200;
    received.push({
      webhookId: id,
      status,
      content: body.content ?? "",
      allowedMentions: body.allowed_mentions,
      ...(components ? { components } : {}),
      at: Date.now(),
    });
    if (step === "s400") return json(res, 400, COMPONENTS_REFUSED);
    if (step === "r429")
      return json(res, 429, { message: "You are being rate limited.", retry_after: 0.3, global: false });
    if (step === "h429") {
      res.writeHead(429, { "retry-after": "1" });
      return res.end();
    }
    if (step === "s500") return json(res, 500, { message: "Internal Server Error" });
    if (step === "s404") return json(res, 404, { message: "Unknown Webhook", code: 10015 });
    if (step === "down") return json(res, 503, { message: "Service Unavailable" });
    return json(res, 200, { id: String(received.length), content: body.content });
  };
  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
