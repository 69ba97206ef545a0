/**
 * The outbound settings of a test file (decision 053): the runtime's own transport (Node's resolves names and
 * pins the checked addresses; workerd's is fetch, with no DNS), the loopback origins of the test's fake servers,
 * and on Node a lookup standing in for DNS when the test needs names to resolve somewhere.
 */
import { inject } from "vitest";
import { fetchTransport, type Outbound } from "../guarded-fetch.ts";
import type { HostLookup } from "../node-transport.ts";

export async function testOutbound(testOrigins: readonly string[], lookup?: HostLookup): Promise<Outbound> {
  if (inject("testDriver") === "workerd") return { testOrigins, transport: fetchTransport };
  const { nodeTransport } = await import("../node-transport.ts");
  return { testOrigins, transport: nodeTransport(lookup ? { lookup } : {}) };
}

/** Whether names are resolved (and their addresses checked) here: on Node, not in workerd. */
export const resolvesNames = () => inject("testDriver") !== "workerd";
