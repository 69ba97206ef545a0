import { describe, expect, it } from "vitest";

describe("zod without eval (decisions 027 and 062)", () => {
  it("is set before zod loads, without importing zod, and zod takes it as its own setting", async () => {
    await import("./zod-without-eval.ts");
    const { config } = await import("zod");
    expect(config().jitless).toBe(true);
  });
});
