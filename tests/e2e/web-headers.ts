/**
 * What the e2e tests expect of the built app's answers (decision 027): its client routes, read from the
 * router so a new page is covered without editing a test, and the security headers for the build in
 * dist/web, computed by the policy module from the index.html that is served.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { inlineScriptHashes, securityHeaders } from "@shared/security-headers/security-headers.ts";
import { repoRoot } from "./portal-process.ts";

const webDir = join(repoRoot, "dist", "web");

/** Every path web/src/router.tsx declares, and a few any client route must also answer. */
export function clientRoutes(): string[] {
  const router = readFileSync(join(repoRoot, "web", "src", "router.tsx"), "utf8");
  const declared = [...router.matchAll(/\bpath:\s*"([^"]+)"/g)].map((match) => match[1] as string);
  if (declared.length < 10) throw new Error(`router.tsx declares only ${declared.length} paths`);
  // A trailing slash, and a page that does not exist (the app shows its own not-found page).
  return [...new Set([...declared, "/public/", "/no/such/page"])];
}

/** The build's hashed entry chunk, from dist/web/.vite/manifest.json. */
export function entryChunk(): string {
  const manifest = JSON.parse(readFileSync(join(webDir, ".vite", "manifest.json"), "utf8")) as Record<
    string,
    { file: string; isEntry?: boolean }
  >;
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error("dist/web/.vite/manifest.json has no entry");
  return `/${entry.file}`;
}

/**
 * The security headers an answer of the built app must carry, by name: the policy's value, or null for
 * one it must not carry (HSTS over plain http).
 */
export async function expectedSecurityHeaders(https: boolean): Promise<Record<string, string | null>> {
  const hashes = await inlineScriptHashes(readFileSync(join(webDir, "index.html"), "utf8"));
  const names = Object.keys(securityHeaders(hashes, { https: true }));
  return { ...Object.fromEntries(names.map((name) => [name, null])), ...securityHeaders(hashes, { https }) };
}

/** The answer's values of the headers `expected` names. */
export function headersLike(
  res: { headers: { get(name: string): string | null } },
  expected: Record<string, unknown>,
): Record<string, string | null> {
  return Object.fromEntries(Object.keys(expected).map((name) => [name, res.headers.get(name)]));
}
