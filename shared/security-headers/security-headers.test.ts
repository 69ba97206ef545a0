import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CACHE_IMMUTABLE,
  CACHE_REVALIDATE,
  contentSecurityPolicy,
  headersFile,
  inlineScriptHashes,
  inlineScripts,
  STRICT_TRANSPORT_SECURITY,
  securityHeaders,
} from "./security-headers.ts";

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("inlineScripts", () => {
  it("takes the text of inline scripts and leaves scripts with a src alone", () => {
    const html = [
      '<script type="module" crossorigin src="/assets/index.js"></script>',
      "<div><script>(function(){ window.a = 1 })()</script></div>",
      '<SCRIPT type="text/javascript">\nvar b = "<p>";\n</SCRIPT >',
      "<script src=/x.js defer></script>",
    ].join("\n");
    expect(inlineScripts(html)).toEqual(["(function(){ window.a = 1 })()", '\nvar b = "<p>";\n']);
  });

  it("gives back every inline script a page was made of", () => {
    const body = fc.string({ unit: "binary" }).filter((text) => !/<\/script/i.test(text));
    fc.assert(
      fc.property(fc.array(body, { maxLength: 4 }), fc.string(), (scripts, filler) => {
        const clean = filler.replace(/</g, "");
        const html = scripts.map((script) => `<p>${clean}</p><script>${script}</script>`).join("");
        expect(inlineScripts(html)).toEqual(scripts);
      }),
    );
  });
});

describe("inlineScriptHashes", () => {
  it("names each inline script by the SHA-256 of its UTF-8 text, once", async () => {
    const loader = '(function () { var é = "ü"; })();';
    const html = `<script>${loader}</script><script src="/a.js"></script><script>${loader}</script><script></script>`;
    expect(await inlineScriptHashes(html)).toEqual([sha256(loader), sha256("")]);
  });
});

describe("the policy", () => {
  it("allows the build's files and the hashed inline scripts, never inline or eval'd script", () => {
    const csp = contentSecurityPolicy(["'sha256-abc='", "'sha256-def='"]);
    const directives = new Map(
      csp.split("; ").map((directive) => {
        const [name = "", ...sources] = directive.split(" ");
        return [name, sources] as const;
      }),
    );
    expect(directives.get("script-src")).toEqual([
      "'self'",
      "'wasm-unsafe-eval'",
      "'sha256-abc='",
      "'sha256-def='",
    ]);
    expect(directives.get("default-src")).toEqual(["'self'"]);
    expect(directives.get("frame-ancestors")).toEqual(["'none'"]);
    expect(directives.get("object-src")).toEqual(["'none'"]);
    for (const name of ["connect-src", "worker-src", "manifest-src"]) {
      expect(directives.get(name)).toEqual(["'self'"]);
    }
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(csp).not.toContain("'unsafe-eval'");
  });

  it("sends HSTS over https only, and the rest always", () => {
    const plain = securityHeaders([], { https: false });
    const tls = securityHeaders([], { https: true });
    expect(plain["Strict-Transport-Security"]).toBeUndefined();
    expect(tls["Strict-Transport-Security"]).toBe(STRICT_TRANSPORT_SECURITY);
    for (const headers of [plain, tls]) {
      expect(headers).toMatchObject({
        "X-Frame-Options": "DENY",
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "strict-origin-when-cross-origin",
      });
      expect(headers["Permissions-Policy"]).toMatch(/camera=\(\)/);
    }
  });
});

/** The rules of a `_headers` file: each path with the headers it sets and the ones it detaches (`! Name`). */
function parseHeadersFile(text: string): Map<string, { set: Map<string, string>; detach: string[] }> {
  const rules = new Map<string, { set: Map<string, string>; detach: string[] }>();
  let current: { set: Map<string, string>; detach: string[] } | undefined;
  for (const line of text.split("\n")) {
    if (line.trim() === "" || line.startsWith("#")) continue;
    if (!line.startsWith(" ")) {
      current = { set: new Map(), detach: [] };
      rules.set(line, current);
    } else if (line.trim().startsWith("!")) {
      current?.detach.push(line.trim().slice(1).trim());
    } else {
      const [name = "", ...value] = line.trim().split(":");
      current?.set.set(name, value.join(":").trim());
    }
  }
  return rules;
}

describe("headersFile", () => {
  const hashes = ["'sha256-abc='"];
  const rules = parseHeadersFile(headersFile(hashes));

  it("puts the security headers, with HSTS, and revalidation on every path", () => {
    const all = rules.get("/*");
    expect(all).toBeDefined();
    expect(Object.fromEntries(all?.set ?? [])).toEqual({
      ...securityHeaders(hashes, { https: true }),
      "Cache-Control": CACHE_REVALIDATE,
    });
  });

  it("caches hashed assets for a year, replacing the revalidation rather than adding to it", () => {
    const assets = rules.get("/assets/*");
    expect(assets?.detach).toEqual(["Cache-Control"]);
    expect(Object.fromEntries(assets?.set ?? [])).toEqual({ "Cache-Control": CACHE_IMMUTABLE });
    expect([...rules.keys()]).toEqual(["/*", "/assets/*"]);
  });

  it("stays within Cloudflare's 2,000 characters a line", () => {
    const many = Array.from({ length: 8 }, (_, i) => sha256(String(i)));
    for (const line of headersFile(many).split("\n")) expect(line.length).toBeLessThan(2000);
  });
});
