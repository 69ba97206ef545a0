/**
 * Global setup of the e2e project: build the web app once, before any test file starts. Otherwise the
 * first `npm start` of one file and the build check of another could both build into dist/web at once.
 */
import { ensureFreshWebBuild } from "../../../tests/e2e/browser.ts";

export default async function setup() {
  await ensureFreshWebBuild();
}
