import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

/** `npm start` on a fresh clone builds the web app once; later starts reuse dist/web. */
export function ensureWebBuild(repoRoot: string, log: (line: string) => void = console.log): string {
  const outDir = join(repoRoot, "dist", "web");
  if (existsSync(join(outDir, "index.html"))) return outDir;
  log("Building the web app (first start only)...");
  const result = spawnSync(
    process.execPath,
    [
      join(repoRoot, "node_modules", "vite", "bin", "vite.js"),
      "build",
      "--config",
      "web/vite.config.ts",
      "--logLevel",
      "warn",
    ],
    {
      cwd: repoRoot,
      stdio: "inherit",
      // A test runner's NODE_ENV=test would otherwise give a development React build without a service worker.
      env: { ...process.env, NODE_ENV: "production" },
    },
  );
  if (result.status !== 0 || !existsSync(join(outDir, "index.html"))) {
    throw new Error("The web build failed; see the output above (or run `npm run build`).");
  }
  log("Web app built.");
  return outDir;
}
