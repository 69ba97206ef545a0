/**
 * Global setup of the e2e project: build the web app once, before any test file starts (otherwise the first
 * `npm start` of one file and the build check of another could both build into dist/web at once), make the
 * DATA_DIR that browser portals start from (browser.ts, PORTAL_TEMPLATE_ENV), and serve what the files share: a
 * portal and a Chromium per vitest worker, the Workers files' PostgreSQL and bundle (decision 063).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  ensureFreshWebBuild,
  PORTAL_TEMPLATE_ENV,
  preparePortalTemplate,
} from "../../../tests/e2e/browser.ts";
import { SHARED_SERVICES_ENV } from "../../../tests/e2e/shared-services.ts";
import { startSharedServices } from "../../../tests/e2e/shared-services-server.ts";

export default async function setup() {
  await ensureFreshWebBuild();
  const template = mkdtempSync(join(tmpdir(), "portal-template-"));
  await preparePortalTemplate(template);
  process.env[PORTAL_TEMPLATE_ENV] = template;
  const services = await startSharedServices();
  process.env[SHARED_SERVICES_ENV] = services.url;
  return async () => {
    await services.close();
    rmSync(template, { recursive: true, force: true });
  };
}
