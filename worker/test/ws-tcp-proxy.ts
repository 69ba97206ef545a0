/**
 * A WebSocket-to-TCP proxy on Node, for the Neon driver in workerd to reach a local PostgreSQL:
 * a WebSocket at /v2?address=host:port is piped, binary frame by frame, to a TCP socket to host:port.
 * Only the addresses given are allowed, so it cannot be used to reach anything else.
 */
import { connect } from "node:net";
import { WebSocketServer } from "ws";

export interface WsTcpProxy {
  /** host:port, the form neonConfig.wsProxy (and NEON_WS_PROXY) takes. */
  address: string;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1:`listenPort` (0: a free port). */
export async function startWsTcpProxy(allowed: readonly string[], listenPort = 0): Promise<WsTcpProxy> {
  const wss = new WebSocketServer({ host: "127.0.0.1", port: listenPort, path: "/v2" });
  await new Promise<void>((resolve, reject) => {
    wss.once("listening", resolve);
    wss.once("error", reject);
  });
  wss.on("connection", (ws, req) => {
    const target = new URL(req.url ?? "", "http://proxy").searchParams.get("address") ?? "";
    const colon = target.lastIndexOf(":");
    const port = Number(target.slice(colon + 1));
    if (!allowed.includes(target) || colon < 1 || !Number.isInteger(port)) {
      ws.close(1008, "address not allowed");
      return;
    }
    const socket = connect({ host: target.slice(0, colon), port, noDelay: true });
    // Writes before the socket connects are buffered by Node.
    ws.on("message", (data: Buffer | ArrayBuffer | Buffer[]) => {
      const chunk = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      socket.write(chunk);
    });
    socket.on("data", (chunk) => {
      if (ws.readyState === ws.OPEN) ws.send(chunk);
    });
    ws.on("close", () => socket.end());
    ws.on("error", () => socket.destroy());
    socket.on("close", () => ws.close());
    socket.on("error", () => ws.terminate());
  });
  const { port } = wss.address() as { port: number };
  return {
    address: `127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}
