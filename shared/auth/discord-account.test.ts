import { describe, expect, it } from "vitest";
import { discordIdOfEmail, discordPlaceholderEmail } from "./discord-account.ts";

describe("a Discord account's email", () => {
  it("is a placeholder that never delivers, read back as the Discord id", () => {
    expect(discordPlaceholderEmail("123456789012345678")).toBe("123456789012345678@discord.invalid");
    expect(discordIdOfEmail("123456789012345678@discord.invalid")).toBe("123456789012345678");
    for (const email of [
      "gm@guild.test",
      "123@discord.invalid",
      "123456789012345678@discord.com",
      "x@discord.invalid",
    ])
      expect(discordIdOfEmail(email), email).toBeNull();
  });
});
