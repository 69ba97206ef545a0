import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MyCheckInCharacter } from "@shared/schemas/check-ins.ts";
import { rememberCharacter, rememberedCharacter } from "./remembered-character.ts";

const MAIN: MyCheckInCharacter = { memberId: 7, name: "Wrenhollow", isMain: true };
const ALT: MyCheckInCharacter = { memberId: 9, name: "Wrenlet", isMain: false };

/** A browser's localStorage, enough for the module (the unit project runs in Node). */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe("the character a raider checks in as", () => {
  beforeEach(() => {
    Object.defineProperty(globalThis, "localStorage", { value: memoryStorage(), configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, "localStorage");
  });

  it("is the only one without asking; with alts, none until chosen, then the one chosen, per account", () => {
    expect(rememberedCharacter(1, [MAIN])).toEqual(MAIN);
    expect(rememberedCharacter(1, [MAIN, ALT])).toBeNull();
    rememberCharacter(1, ALT.memberId);
    expect(rememberedCharacter(1, [MAIN, ALT])).toEqual(ALT);
    // Another account on the same phone chooses its own.
    expect(rememberedCharacter(2, [MAIN, ALT])).toBeNull();
  });

  it("forgets a choice that is no longer one of the account's characters", () => {
    rememberCharacter(1, 42);
    expect(rememberedCharacter(1, [MAIN, ALT])).toBeNull();
  });

  it("works without storage (private mode): asks each time", () => {
    Object.defineProperty(globalThis, "localStorage", {
      configurable: true,
      get() {
        throw new Error("SecurityError");
      },
    });
    rememberCharacter(1, ALT.memberId);
    expect(rememberedCharacter(1, [MAIN, ALT])).toBeNull();
  });
});
