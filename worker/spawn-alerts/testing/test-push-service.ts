/**
 * The fake push service of a test file: the one the workerd project's global setup started (workerd cannot
 * listen), or one started here on Node, closed by close().
 */
import { inject } from "vitest";

export async function useFakePushService(): Promise<{ url: string; close(): Promise<void> }> {
  const provided = inject("fakePushService");
  if (provided) return { url: provided, close: async () => {} };
  const { startFakePushService } = await import("./fake-push-service.ts");
  return startFakePushService();
}
