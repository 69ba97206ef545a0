import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// The Node the README names (issue 31 point 4, decision 066). `npm ci` warns that @block65/webcrypto-web-push asks
// for a newer Node than the portal's; the README says why that is safe and which test proves it. When the
// package's requirement or the portal's changes, this fails until the README is brought in step.
const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");
const engines = (path: string) =>
  (JSON.parse(read(path)) as { engines?: { node?: string } }).engines?.node ?? "";
const minimum = (range: string) => /^>=(\d+)(?:\.(\d+))?/.exec(range)?.slice(1).map(Number) ?? [];

describe("the Node version", () => {
  const readme = read("README.md");
  const portal = engines("package.json");
  const webPush = engines("node_modules/@block65/webcrypto-web-push/package.json");

  it("is the one the README names, and the tests run on it", () => {
    expect(portal).toBe(">=20.19");
    expect(readme).toContain("Node 20.19 or later is required; the tests run on Node 20");
    const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
    expect(major > 20 || (major === 20 && minor >= 19)).toBe(true);
  });

  it("the README says why the web-push package's newer requirement is safe, and which test proves it", () => {
    const [packageMajor = 0] = minimum(webPush);
    const [portalMajor = 0] = minimum(portal);
    expect(packageMajor).toBeGreaterThan(0);
    if (packageMajor <= portalMajor) return; // no warning left to explain
    expect(readme).toContain(
      `\`@block65/webcrypto-web-push\`, which encrypts and signs Web Push spawn alerts, asks for Node ${packageMajor}`,
    );
    expect(readme).toContain(
      "`tests/e2e/spawn-alerts.test.ts` has `npm start`'s scheduler send a real encrypted alert",
    );
    expect(read("tests/e2e/spawn-alerts.test.ts")).toContain("decryptPushMessage");
  });
});
