import { describe, expect, it } from "vitest";
import { isApiPath, refusal, webFallback } from "./web-fallback.ts";

describe("webFallback", () => {
  it("gives client routes the app shell and refuses paths that name a file", () => {
    for (const path of ["/", "/public", "/public/", "/admin/accounts", "/.well-known", "/_headers"]) {
      expect(webFallback("GET", path), path).toBe("app-shell");
    }
    for (const path of ["/assets/index-0ld.js", "/favicon.ico", "/a/b.", "/robots.txt", "/x/..js"]) {
      expect(webFallback("GET", path), path).toBe("not-found");
    }
    expect(webFallback("HEAD", "/login")).toBe("app-shell");
    expect(webFallback("POST", "/login")).toBe("method-not-allowed");
    expect(webFallback("DELETE", "/assets/a.js")).toBe("method-not-allowed");
  });

  it("tells the API's paths from the web app's", () => {
    expect(isApiPath("/_api")).toBe(true);
    expect(isApiPath("/_api/public/config")).toBe(true);
    expect(isApiPath("/_apix")).toBe(false);
    expect(isApiPath("/public/_api")).toBe(false);
  });

  it("refuses in plain text with the security headers", async () => {
    const res = refusal("not-found", { https: true });
    expect(res.status).toBe(404);
    expect(await res.text()).toBe("Not Found");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Strict-Transport-Security")).toBeTruthy();
    expect(
      refusal("method-not-allowed", { https: false }).headers.get("Strict-Transport-Security"),
    ).toBeNull();
  });
});
