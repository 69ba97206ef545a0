/**
 * What the raiders' screens' browser tests arrange through the admin's API: accounts, characters (a main and its alts)
 * and sold loot that names them (My earnings, My page, check-in).
 */
import type { Page } from "playwright-core";
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

/**
 * A raider: their character (and an alt of it when named) and an account of theirs linked to it, made by the admin.
 */
export async function addLinkedRaider(
  portal: BrowserPortal,
  raider: { email: string; password: string; name: string },
  altName?: string,
): Promise<void> {
  const member = await addMember(portal, raider.name, "Members");
  if (altName !== undefined) await addMember(portal, altName, "Members", member.id);
  const userId = await createAccount(
    portal,
    { email: raider.email, password: raider.password, displayName: raider.name },
    "user",
  );
  const linked = await (await portal.adminApi()).post("/admin/accounts/link-member", {
    userId,
    memberId: member.id,
  });
  expect(linked.status, JSON.stringify(linked.body)).toBe(200);
}

/** Signs the page's context in with an email and password (the session cookie only: navigate afterwards). */
export async function logInWithPassword(
  portal: BrowserPortal,
  page: Page,
  account: { email: string; password: string },
): Promise<void> {
  const res = await page.request.post(portal.url("/_api/auth/login_with_password"), {
    data: { email: account.email, password: account.password },
  });
  expect(res.status()).toBe(200);
}
