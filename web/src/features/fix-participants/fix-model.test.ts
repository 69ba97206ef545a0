import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { corruptedSnippet, foundMessage } from "./fix-model.ts";

describe("corruptedSnippet", () => {
  it("keeps the first 100 characters and adds an ellipsis", () => {
    expect(corruptedSnippet('["Ashvale", "Lark')).toBe('["Ashvale", "Lark…');
    expect(corruptedSnippet("x".repeat(250))).toBe(`${"x".repeat(100)}…`);
  });

  it("never splits a character made of two code units", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme-composite", maxLength: 200 }), (text) => {
        const snippet = corruptedSnippet(text);
        expect(snippet.endsWith("…")).toBe(true);
        expect(text.startsWith(snippet.slice(0, -1))).toBe(true);
        expect(Array.from(snippet).length).toBeLessThanOrEqual(101);
      }),
    );
  });
});

describe("foundMessage", () => {
  it("agrees in number and groups thousands", () => {
    expect(foundMessage(1)).toBe("Found 1 item with corrupted participant data.");
    expect(foundMessage(3)).toBe("Found 3 items with corrupted participant data.");
    expect(foundMessage(1200)).toBe("Found 1,200 items with corrupted participant data.");
  });
});
