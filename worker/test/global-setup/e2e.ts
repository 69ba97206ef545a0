/**
 * Global setup of the e2e project: build the web app once, before any test file starts (otherwise the first
 * `npm start` of one file and the build check of another could both build into dist/web at once), and make the
 * DATA_DIR that browser portals start from (browser.ts, PORTAL_TEMPLATE_ENV).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  ensureFreshWebBuild,
  PORTAL_TEMPLATE_ENV,
  preparePortalTemplate,
} from "../../../tests/e2e/browser.ts";

export default async function setup() {
  await ensureFreshWebBuild();
  const template = mkdtempSync(join(tmpdir(), "portal-template-"));
  await preparePortalTemplate(template);
  process.env[PORTAL_TEMPLATE_ENV] = template;
  return () => rmSync(template, { recursive: true, force: true });
}
