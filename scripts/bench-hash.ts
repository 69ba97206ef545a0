/**
 * `npm run bench:hash`: the CPU one login's password hash costs (PBKDF2-SHA256, worker/auth/password-hash.ts),
 * in Node (WebCrypto) and inside workerd (Miniflare, the runtime of Cloudflare Workers). workerd's clocks stand
 * still while code runs, so there it is measured from outside: sequential requests that hash once each, less
 * the same requests answering without hashing. `--runs=N` (default 40). A benchmark, not a test.
 */
import { Miniflare } from "miniflare";
import { hashPassword, PBKDF2_ITERATIONS } from "../worker/auth/password-hash.ts";

const runs = Number(process.argv.find((arg) => arg.startsWith("--runs="))?.slice(7) ?? 40);
const PEPPER = "bench-pepper-0123456789";

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function timeEach(times: number, fn: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await fn();
    out.push(performance.now() - start);
  }
  return out;
}

// The same derivation as password-hash.ts (HMAC with the pepper, then PBKDF2), inside a Worker.
const WORKER = `
export default {
  async fetch(request) {
    if (new URL(request.url).pathname !== "/hash") return new Response("ok");
    const enc = new TextEncoder();
    const hmacKey = await crypto.subtle.importKey("raw", enc.encode("${PEPPER}"), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    const keyed = await crypto.subtle.sign("HMAC", hmacKey, enc.encode("correct horse battery"));
    const base = await crypto.subtle.importKey("raw", keyed, "PBKDF2", false, ["deriveBits"]);
    const salt = crypto.getRandomValues(new Uint8Array(16));
    await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations: ${PBKDF2_ITERATIONS} }, base, 256);
    return new Response("hashed");
  },
};`;

await hashPassword("warm-up", PEPPER);
const node = median(await timeEach(runs, () => hashPassword("correct horse battery", PEPPER)));

const mf = new Miniflare({ modules: true, script: WORKER, compatibilityDate: "2025-09-01" });
try {
  const call = async (path: string) => (await mf.dispatchFetch(`http://localhost${path}`)).text();
  await call("/hash");
  await call("/");
  const hashing = median(await timeEach(runs, () => call("/hash")));
  const empty = median(await timeEach(runs, () => call("/")));
  console.log(`PBKDF2-SHA256, ${PBKDF2_ITERATIONS.toLocaleString("en-US")} iterations, median of ${runs}:`);
  console.log(`  Node ${process.version} (WebCrypto): ${node.toFixed(1)} ms`);
  console.log(
    `  workerd (Miniflare): ${(hashing - empty).toFixed(1)} ms (a hashing request ${hashing.toFixed(1)} ms, an empty one ${empty.toFixed(1)} ms)`,
  );
} finally {
  await mf.dispose();
}
