import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { ALL_CALLS } from "./all-calls.ts";
import { renderApiDocs } from "./api-docs.ts";

const API_MD = join(import.meta.dirname, "..", "..", "docs", "api.md");

it("docs/api.md is what the declarations give (run `npm run docs:api` after changing a call)", () => {
  expect(readFileSync(API_MD, "utf8")).toBe(renderApiDocs());
});

it("docs/api.md names every declared call with who may make it", () => {
  const text = renderApiDocs();
  for (const call of ALL_CALLS) {
    const section = text.split(`### \`${call.method} /_api${call.path}\`\n`)[1]?.split("\n### ")[0];
    expect(section, `${call.method} ${call.path}`).toContain(call.summary);
    expect(section).toMatch(/- Who: (anyone|any signed-in account|officers and admins|admins)\./);
  }
});
