/**
 * The live feed's stream as a test reads it (decision 033): GET /_api/live opened with a client's session, read
 * event by event with a time limit.
 */
import { expect } from "vitest";
import type { RequestTarget, TestClient } from "./api-client.ts";

/** An open stream, read event by event. */
export class FeedReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  private buffer = "";
  constructor(readonly response: Response) {
    if (!response.body) throw new Error("The live feed answered without a body");
    this.reader = response.body.getReader();
  }

  /** The next event's data (heartbeat comments skipped), or "end" when the stream ends first. */
  async next(timeoutMs = 5_000): Promise<unknown> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const boundary = this.buffer.indexOf("\n\n");
      if (boundary >= 0) {
        const block = this.buffer.slice(0, boundary);
        this.buffer = this.buffer.slice(boundary + 2);
        const data = block
          .split("\n")
          .filter((line) => line.startsWith("data:"))
          .map((line) => line.slice(5).trim());
        if (data.length > 0) return JSON.parse(data.join("\n"));
        continue;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error("No event from the live feed in time");
      let timer: ReturnType<typeof setTimeout> | undefined;
      const chunk = await Promise.race([
        this.reader.read(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error("No event from the live feed in time")), left);
        }),
      ]).finally(() => clearTimeout(timer));
      if (chunk.done) return "end";
      this.buffer += this.decoder.decode(chunk.value, { stream: true });
    }
  }

  close(): Promise<void> {
    return this.reader.cancel();
  }
}

/** Opens GET /_api/live on `app` with the client's session; 200 expected. */
export async function openFeed(client: TestClient, app: RequestTarget): Promise<FeedReader> {
  const headers: Record<string, string> = { accept: "text/event-stream" };
  if (client.cookie) headers.cookie = client.cookie;
  const response = await app.request("http://localhost/_api/live", { headers });
  expect(response.status).toBe(200);
  return new FeedReader(response);
}
