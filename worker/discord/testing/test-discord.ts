/**
 * The fake Discord of a test file (fake-discord.ts): the one the workerd project's global setup started (workerd
 * cannot listen), or one started here on Node. Read and steered over HTTP, so it works from either runtime.
 */
import { inject } from "vitest";
import type { ReceivedPost } from "./fake-discord.ts";

export interface TestDiscord {
  url: string;
  /** A webhook URL of a new id whose token scripts the answers (fake-discord.ts). */
  webhook(token?: string): string;
  received(webhookUrl: string): Promise<ReceivedPost[]>;
  /** The follow-ups the server posted for an interaction's token (decision 096). */
  followUps(token: string): Promise<Record<string, unknown>[]>;
  /** A "down" webhook answers 200 from now on. */
  bringUp(webhookUrl: string): Promise<void>;
  close(): Promise<void>;
}

let nextId = Math.floor(Math.random() * 1_000_000) * 1_000;
const idOf = (webhookUrl: string) => /\/api\/webhooks\/(\d+)\//.exec(webhookUrl)?.[1] ?? "";

export async function useFakeDiscord(): Promise<TestDiscord> {
  const provided = inject("fakeDiscord");
  let url: string;
  let close = async () => {};
  if (provided) {
    url = provided;
  } else {
    const { startFakeDiscord } = await import("./fake-discord.ts");
    const started = await startFakeDiscord();
    url = started.url;
    close = started.close;
  }
  return {
    url,
    webhook: (token = "ok") => `${url}/api/webhooks/${++nextId}/${token}`,
    received: async (webhookUrl) =>
      (await (await fetch(`${url}/__received/${idOf(webhookUrl)}`)).json()) as ReceivedPost[],
    followUps: async (token) =>
      (await (await fetch(`${url}/__followups/${token}`)).json()) as Record<string, unknown>[],
    bringUp: async (webhookUrl) => {
      await (await fetch(`${url}/__up/${idOf(webhookUrl)}`, { method: "POST" })).body?.cancel();
    },
    close,
  };
}
