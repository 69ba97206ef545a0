/**
 * Where a request came from, as each runtime can know it. createApp takes one of these (AppDeps.clientAddress);
 * login throttling keys on its answer, so it must be an address the client cannot choose.
 */
import type { Context } from "hono";
import { canonicalIpAddress } from "./ip-address.ts";

/** The client's address in canonical form (ip-address.ts), or undefined when the runtime cannot tell. */
export type ClientAddress = (c: Context) => string | undefined;

interface NodeSocketBindings {
  incoming?: { socket?: { remoteAddress?: string } };
}

/**
 * The last X-Forwarded-For entry: the address the nearest proxy saw. Entries to its left were sent by the client
 * and prove nothing. Only the tail of the header is looked at, however long the header is.
 */
export function lastForwardedFor(header: string | undefined): string | undefined {
  const last = lastEntry(header);
  return last === undefined ? undefined : canonicalIpAddress(last);
}

/**
 * The last entry of a comma-separated proxy header (X-Forwarded-For, X-Forwarded-Proto): the one the nearest
 * proxy added, untrimmed. Only the tail is looked at, however long the header is.
 */
export function lastEntry(header: string | undefined): string | undefined {
  return header === undefined ? undefined : header.slice(header.lastIndexOf(",") + 1);
}

/**
 * Node (`npm start`, @hono/node-server): the connection's address. With `trustProxy` (TRUST_PROXY), the last
 * X-Forwarded-For entry instead, for a portal reachable only through one reverse proxy that sets it; when that
 * entry is not an address, the connection's (the proxy's) address.
 */
export function nodeClientAddress(options: { trustProxy: boolean }): ClientAddress {
  return (c) => {
    const socket = (c.env as NodeSocketBindings | undefined)?.incoming?.socket?.remoteAddress;
    const forwarded = options.trustProxy ? lastForwardedFor(c.req.header("x-forwarded-for")) : undefined;
    return forwarded ?? canonicalIpAddress(socket);
  };
}

/** Cloudflare Workers: the platform sets CF-Connecting-IP on every request; a client cannot. */
export const cloudflareClientAddress: ClientAddress = (c) =>
  canonicalIpAddress(c.req.header("cf-connecting-ip"));
