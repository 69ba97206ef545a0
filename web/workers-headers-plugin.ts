/**
 * Build step for Workers: writes dist/web/_headers, the file in which Cloudflare's static assets take their
 * response headers (decision 027). The Content-Security-Policy names the inline scripts of the finished
 * index.html (the prerender's loader, decision 015) by their hashes, so the file is written from the built
 * page, after every other step has changed it. `npm start` computes the same headers from the same page.
 */
import type { Plugin } from "vite";
import { headersFile, inlineScriptHashes } from "../shared/security-headers/security-headers.ts";

export function workersHeadersFile(): Plugin {
  return {
    name: "guild-workers-headers",
    apply: "build",
    generateBundle: {
      order: "post",
      async handler(_options, bundle) {
        const page = bundle["index.html"];
        if (page?.type !== "asset") throw new Error("workers headers: the build has no index.html");
        const html = typeof page.source === "string" ? page.source : new TextDecoder().decode(page.source);
        this.emitFile({
          type: "asset",
          fileName: "_headers",
          source: headersFile(await inlineScriptHashes(html)),
        });
      },
    },
  };
}
