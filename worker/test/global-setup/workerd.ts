/**
 * Global setup of the workerd project: the shared PostgreSQL server and template, and the
 * WebSocket-to-TCP proxy through which the Neon driver inside workerd reaches that server.
 */
import type { TestProject } from "vitest/node";
import { loadSampleData } from "@worker/node/load-sql.ts";
import { acquirePostgresTemplate } from "../postgres-template.ts";
import "../provided-context.ts";
import { startFakeDiscord } from "@worker/discord/testing/fake-discord.ts";
import { startFakePushService } from "@worker/spawn-alerts/testing/fake-push-service.ts";
import { startWsTcpProxy } from "../ws-tcp-proxy.ts";

export default async function setup({ provide }: TestProject) {
  const { template, release } = await acquirePostgresTemplate();
  const server = new URL(template.adminUrl);
  let proxy: Awaited<ReturnType<typeof startWsTcpProxy>>;
  try {
    proxy = await startWsTcpProxy([`${server.hostname}:${server.port || "5432"}`]);
  } catch (err) {
    await release();
    throw err;
  }
  provide("postgresTemplate", template);
  provide("neonWsProxy", proxy.address);
  provide("sampleDataSql", loadSampleData());
  // workerd cannot listen: the spawn alerts' tests push to this one, started here on Node.
  const pushService = await startFakePushService();
  provide("fakePushService", pushService.url);
  // And the Discord tests post to this one.
  const discord = await startFakeDiscord();
  provide("fakeDiscord", discord.url);
  return async () => {
    await pushService.close();
    await discord.close();
    await proxy.close();
    await release();
  };
}
