import { describe, expect, it } from "vitest";
import type { Account } from "@shared/schemas/accounts.ts";
import type { GuildMember } from "@shared/schemas/members.ts";
import {
  accountCandidates,
  accountsByMember,
  altCandidates,
  altProblem,
  groupCharacters,
  matchesSearch,
  memberCandidates,
  visibleGroups,
} from "./characters-model.ts";

const member = (id: number, playerName: string, extra: Partial<GuildMember> = {}): GuildMember => ({
  id,
  playerName,
  category: "Members",
  raidsParticipated: 0,
  salary: "0.00",
  status: "active",
  kickedDate: null,
  finalSalaryAmount: null,
  mainMemberId: null,
  playerAlias: null,
  createdAt: new Date(0),
  updatedAt: new Date(0),
  ...extra,
});
const account = (id: number, displayName: string): Account => ({
  id,
  email: `${displayName.toLowerCase()}@guild.test`,
  displayName,
  role: "user",
  avatarUrl: null,
  disabled: false,
  createdAt: new Date(0),
});

const thorn = member(1, "Thorn");
const thornAlt = member(2, "thornalt", { mainMemberId: 1 });
const ash = member(3, "Ash");
const aliased = member(4, "Bram", { playerAlias: "BramPlayer" });
const orphanAlt = member(5, "Lost", { mainMemberId: 99 });
const members = [thorn, thornAlt, ash, aliased, orphanAlt];

describe("groupCharacters", () => {
  it("lists mains by name with their alts; an alt whose main is missing stands on its own", () => {
    expect(groupCharacters(members).map((g) => [g.main.playerName, g.alts.map((a) => a.playerName)])).toEqual(
      [
        ["Ash", []],
        ["Bram", []],
        ["Lost", []],
        ["Thorn", ["thornalt"]],
      ],
    );
  });
});

describe("alt rules (as the server enforces them)", () => {
  it("offers only members that are not the main, not already its alt, have no alts and no player alias", () => {
    expect(altCandidates(members, ash).map((m) => m.playerName)).toEqual(["Lost", "thornalt"]);
    expect(altProblem(members, ash, thorn)).toBe("Thorn has alts of its own; unlink them first.");
    expect(altProblem(members, ash, ash)).toBe("A member cannot be linked to itself.");
    expect(altProblem(members, thorn, thornAlt)).toBe("thornalt is already an alt of Thorn.");
    expect(altProblem(members, ash, aliased)).toContain('player alias "BramPlayer"');
  });

  it("gives an alt no alts of its own", () => {
    expect(altCandidates(members, thornAlt)).toEqual([]);
  });
});

describe("account links", () => {
  const accounts = [account(10, "Zed"), account(11, "anna"), account(12, "Mia")];
  const links = [{ userId: 10, memberId: 1, memberName: "Thorn" }];

  it("maps each linked main to its account", () => {
    expect(accountsByMember(accounts, links).get(1)?.displayName).toBe("Zed");
  });

  it("offers accounts without a character, and mains without an account (plus the account's own)", () => {
    expect(accountCandidates(accounts, links).map((a) => a.displayName)).toEqual(["anna", "Mia"]);
    expect(memberCandidates(members, links, 11).map((m) => m.playerName)).toEqual(["Ash", "Bram"]);
    expect(memberCandidates(members, links, 10).map((m) => m.playerName)).toEqual(["Ash", "Bram", "Thorn"]);
  });
});

describe("matchesSearch", () => {
  it("finds a group by its main's or an alt's name", () => {
    const [, , , thornGroup] = groupCharacters(members);
    expect(thornGroup && matchesSearch(thornGroup, "ALT")).toBe(true);
    expect(thornGroup && matchesSearch(thornGroup, "ash")).toBe(false);
    expect(thornGroup && matchesSearch(thornGroup, "  ")).toBe(true);
  });
});

describe("visibleGroups", () => {
  const groups = groupCharacters(members);
  const names = (list: ReturnType<typeof visibleGroups>) => list.map((g) => g.main.playerName);

  it("lists the players with alts or an account unless asked for all, and searches everyone", () => {
    const hasAccount = (id: number) => id === 3;
    expect(names(visibleGroups(groups, { search: "", showAll: false, hasAccount }))).toEqual([
      "Ash",
      "Thorn",
    ]);
    expect(names(visibleGroups(groups, { search: "", showAll: true, hasAccount }))).toHaveLength(4);
    expect(names(visibleGroups(groups, { search: "bra", showAll: false, hasAccount }))).toEqual(["Bram"]);
  });
});
