/**
 * The yardstick of `npm run bench:api`: bare Hono routes on @hono/node-server that answer the very bodies
 * the portal sent, with nothing in front of them. Started by bench-api.ts as
 * `tsx scripts/bench-api-bare-server.ts <answers.json> <port>`.
 */
import { readFileSync } from "node:fs";
import { serve } from "@hono/node-server";
import { Hono } from "hono";

export interface BareAnswer {
  path: string;
  body: string;
  contentType: string;
}

const [file, port] = process.argv.slice(2);
if (!file || !port) throw new Error("usage: bench-api-bare-server.ts <answers.json> <port>");
const answers = JSON.parse(readFileSync(file, "utf8")) as BareAnswer[];

const app = new Hono();
for (const answer of answers) {
  app.get(answer.path, (c) => c.body(answer.body, 200, { "Content-Type": answer.contentType }));
}
serve({ fetch: app.fetch, port: Number(port), hostname: "127.0.0.1" }, () =>
  console.log("bare routes listening"),
);
