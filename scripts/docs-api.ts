/** `npm run docs:api`: writes docs/api.md from the call declarations in shared/contract (decision 061). */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderApiDocs } from "../shared/contract/api-docs.ts";

const target = join(import.meta.dirname, "..", "docs", "api.md");
writeFileSync(target, renderApiDocs());
console.log(`Wrote ${target}.`);
