/**
 * What the raiders' screens' browser tests arrange through the admin's API: accounts, characters (a main and its alts)
 * and sold loot that names them (My earnings, My page, check-in).
 */
import { expect } from "vitest";
import type { GuildMember } from "@shared/schemas/members.ts";
import type { BrowserPortal } from "./browser.ts";

export async function addMember(
  portal: BrowserPortal,
  playerName: string,
  category: string,
  mainMemberId?: number,
): Promise<GuildMember> {
  const res = await (await portal.adminApi()).post<{ guildMember: GuildMember }>("/guild-members", {
    playerName,
    category,
    mainMemberId,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.guildMember;
}

export async function addSoldItem(
  portal: BrowserPortal,
  item: { lootName: string; bossName?: string; participants: string[]; value: number; dateAcquired: string },
): Promise<void> {
  const res = await (await portal.adminApi()).post("/market-exchange", {
    lootName: item.lootName,
    bossName: item.bossName ?? "Gravemaw",
    value: item.value,
    status: "Sold",
    participatedMembers: item.participants,
    dateAcquired: item.dateAcquired,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

/** A new account with a password, made by the admin; its id. */
export async function createAccount(
  portal: BrowserPortal,
  account: { email: string; password: string; displayName: string },
  role: "user" | "officer",
): Promise<number> {
  const res = await (await portal.adminApi()).post<{ account: { id: number } }>("/admin/accounts", {
    ...account,
    role,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.account.id;
}
