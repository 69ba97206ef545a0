/**
 * `npm run dev:ws-proxy -- [postgres host:port] [--port=N]`: the WebSocket-to-TCP proxy through which the Neon
 * driver in `npm run dev:worker` reaches a local Postgres (Neon's own endpoint speaks WebSocket; a local server
 * does not). Put the printed NEON_WS_PROXY line in .dev.vars. Not needed with a Hyperdrive binding, which
 * `wrangler dev` connects straight to the database (decision 025).
 */
import { parseArgs } from "node:util";
import { startWsTcpProxy } from "../worker/test/ws-tcp-proxy.ts";

const { values, positionals } = parseArgs({
  options: { port: { type: "string", default: "8788" } },
  allowPositionals: true,
});
const target = positionals[0] ?? "127.0.0.1:5432";
const proxy = await startWsTcpProxy([target], Number(values.port));
console.log(`Proxying WebSocket connections to Postgres at ${target}. In .dev.vars:`);
console.log(`NEON_WS_PROXY=${proxy.address}`);
console.log(`DATABASE_URL=postgres://USER:PASSWORD@${target}/DATABASE`);
const stop = () => void proxy.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
