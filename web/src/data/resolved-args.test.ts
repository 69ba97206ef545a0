import { describe, expect, it } from "vitest";
import type { WriteConflict } from "@shared/merge/write-conflict.ts";
import { resolvedArgs } from "./write-conflicts.ts";

const conflict: WriteConflict = {
  entity: "guild_member",
  id: 7,
  subject: "Brina",
  current: {},
  fields: [
    {
      field: "category",
      base: "Core",
      yours: "Guild Master",
      theirs: "Members",
      changedBy: "A",
      changedAt: null,
    },
  ],
};

describe("resolvedArgs", () => {
  const args = {
    id: 7,
    category: "Guild Master",
    playerName: "Brinna",
    base: { category: "Core", playerName: "Brina" },
  };

  it("keeping theirs drops the conflicting fields and keeps the others with their base", () => {
    expect(resolvedArgs(args, conflict, "theirs")).toEqual({
      id: 7,
      playerName: "Brinna",
      base: { playerName: "Brina" },
    });
  });

  it("keeping theirs leaves nothing to send when the conflict was the whole edit", () => {
    expect(
      resolvedArgs(
        { id: 7, category: "Guild Master", salary: "1.00", base: { category: "Core" } },
        conflict,
        "theirs",
      ),
    ).toBeNull();
  });

  it("using yours re-bases the conflicting fields on the values the row holds now", () => {
    expect(resolvedArgs(args, conflict, "yours")).toEqual({
      ...args,
      base: { category: "Members", playerName: "Brina" },
    });
    expect(args.base.category).toBe("Core");
  });
});
