/**
 * Claim your character (issue 25, point 2; decision 071), over HTTP on the real database of each driver: a raider
 * claims (an alt claims its main), cannot claim twice or a taken character, cancels; an officer approves (the
 * account then reads that character's earnings), rejects, approves every matching name at once (case and
 * diacritics folded); a raider cannot decide; two approvals of one character at once: one wins, the other 409.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminLinkedMessage,
  alreadyClaimingMessage,
  alreadyLinkedMessage,
  CLAIM_MESSAGES,
  characterTakenMessage,
  contestedMessage,
  type MyClaimState,
  notPendingMessage,
  type PendingClaim,
  wentToAnotherMessage,
} from "@shared/schemas/claims.ts";
import type { MyEarnings } from "@shared/schemas/my-earnings.ts";
import {
  addRosterMember,
  auditFor,
  type Portal,
  setUpPortal,
  signInAs,
  signInRaider,
  uniqueName,
} from "../salary/portal-test-setup.ts";
import type { TestClient } from "../test/api-client.ts";

const MY_CLAIM = "/_api/me/claim";
const CLAIMS = "/_api/claims";

let portal: Portal;
let officer: TestClient;

beforeAll(async () => {
  portal = await setUpPortal("claims");
  officer = await signInAs(portal, "claims", "officer");
});
afterAll(async () => {
  await portal?.close();
});

/** A new raider named `displayName` (as Discord sign-in names an account after its nickname), signed in. */
const raider = (displayName: string) => signInRaider(portal, "claims", { displayName });

const addMember = (playerName: string, mainMemberId?: number) =>
  addRosterMember(portal, playerName, { category: "Core", mainMemberId });

const stateOf = async (client: TestClient) => {
  const res = await client.get(MY_CLAIM);
  expect(res.status, res.text).toBe(200);
  return res.data as unknown as MyClaimState;
};

async function claim(client: TestClient, memberId: number) {
  return client.post(MY_CLAIM, { memberId });
}

async function pending(): Promise<PendingClaim[]> {
  const res = await officer.get(CLAIMS);
  expect(res.status, res.text).toBe(200);
  return res.data.claims as PendingClaim[];
}

async function claimIdOf(client: TestClient): Promise<number> {
  return (await stateOf(client)).claim?.id as number;
}

describe("a raider claims their character", () => {
  it("is suggested the main their name matches, case and diacritics folded, an alt's name too", async () => {
    const main = await addMember(uniqueName("Élanor"));
    await addMember(uniqueName("Other"));
    const asMain = await raider(`  ${main.playerName.toUpperCase().replace("É", "E")} `);
    const state = await stateOf(asMain.client);
    expect(state).toMatchObject({ character: null, claim: null, contested: false });
    expect(state.suggestions).toEqual([
      { memberId: main.id, name: main.playerName, matchedName: main.playerName },
    ]);

    const altMain = await addMember(uniqueName("Bramwell"));
    const alt = await addMember(uniqueName("Brämlet"), altMain.id);
    const asAlt = await raider(alt.playerName.replace("ä", "a"));
    expect((await stateOf(asAlt.client)).suggestions).toEqual([
      { memberId: altMain.id, name: altMain.playerName, matchedName: alt.playerName },
    ]);

    const nobody = await raider("Nobody At All");
    expect((await stateOf(nobody.client)).suggestions).toEqual([]);
  });

  it("claims: the claim waits, audited, and the officers see it with whether the name matches", async () => {
    const main = await addMember(uniqueName("Kestrel"));
    const { id, client } = await raider(main.playerName.toLowerCase());
    const res = await claim(client, main.id);
    expect(res.status, res.text).toBe(201);
    const state = res.data as unknown as MyClaimState;
    expect(state.claim).toMatchObject({
      memberId: main.id,
      characterName: main.playerName,
      status: "pending",
    });
    expect(state.character).toBeNull();
    const listed = (await pending()).find((row) => row.id === state.claim?.id);
    expect(listed).toMatchObject({ userId: id, memberId: main.id, nameMatches: true, otherClaims: 0 });
    const [entry] = await auditFor(portal.db, "character_claim", state.claim?.id as number);
    expect(entry).toMatchObject({ action: "create", after: { memberId: main.id, status: "pending" } });
  });

  it("claiming an alt claims its main", async () => {
    const main = await addMember(uniqueName("Corvus"));
    const alt = await addMember(uniqueName("Corvlet"), main.id);
    const { client } = await raider("Corvus player");
    const res = await claim(client, alt.id);
    expect(res.status, res.text).toBe(201);
    expect((res.data as unknown as MyClaimState).claim).toMatchObject({
      memberId: main.id,
      characterName: main.playerName,
    });
  });

  it("refuses a second claim while one waits, and an unknown character or a bad id", async () => {
    const first = await addMember(uniqueName("Firstling"));
    const second = await addMember(uniqueName("Secondling"));
    const { client } = await raider("Twice");
    expect((await claim(client, first.id)).status).toBe(201);
    const again = await claim(client, second.id);
    expect(again.status).toBe(409);
    expect(again.data).toEqual({ error: alreadyClaimingMessage(first.playerName) });
    const unknown = await claim(client, 2_000_000_000);
    expect(unknown.status).toBe(400);
    expect(unknown.data).toEqual({ error: CLAIM_MESSAGES.memberNotFound });
    for (const body of [
      { memberId: "1; DROP TABLE users" },
      { memberId: 3_000_000_000 },
      { memberId: 1, x: 1 },
    ]) {
      const bad = await client.post(MY_CLAIM, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    expect((await stateOf(client)).claim?.characterName).toBe(first.playerName);
  });

  it("refuses a character another account holds, without saying whose", async () => {
    const main = await addMember(uniqueName("Heldfast"));
    const holder = await raider("Holder");
    expect(
      (await portal.admin.post("/_api/admin/accounts/link-member", { userId: holder.id, memberId: main.id }))
        .status,
    ).toBe(200);
    const { client } = await raider("Latecomer");
    expect((await stateOf(client)).takenMemberIds).toContain(main.id);
    const res = await claim(client, main.id);
    expect(res.status).toBe(409);
    expect(res.data).toEqual({ error: characterTakenMessage(main.playerName) });
    expect(res.text).not.toContain("@");
    // The holder cannot claim another: an admin changes links.
    const other = await addMember(uniqueName("Elsewhere"));
    const refused = await claim(holder.client, other.id);
    expect(refused.status).toBe(409);
    expect(refused.data).toEqual({ error: alreadyLinkedMessage(main.playerName) });
  });

  it("cancels the claim waiting; then there is nothing to cancel, and another may be claimed", async () => {
    const main = await addMember(uniqueName("Fickle"));
    const { client } = await raider("Fickle one");
    expect((await claim(client, main.id)).status).toBe(201);
    const id = await claimIdOf(client);
    const res = await client.post(`${MY_CLAIM}/cancel`);
    expect(res.status, res.text).toBe(200);
    expect((res.data as unknown as MyClaimState).claim).toMatchObject({ id, status: "cancelled" });
    expect((await pending()).map((row) => row.id)).not.toContain(id);
    const again = await client.post(`${MY_CLAIM}/cancel`);
    expect(again.status).toBe(404);
    expect(again.data).toEqual({ error: CLAIM_MESSAGES.nothingToCancel });
    const approve = await officer.post(`${CLAIMS}/approve`, { id });
    expect(approve.status).toBe(409);
    expect(approve.data).toEqual({ error: notPendingMessage("cancelled", null) });
    expect((await claim(client, main.id)).status).toBe(201);
  });
});

describe("an officer decides", () => {
  it("approves: the account is linked and reads that character's earnings; other claims on it are rejected", async () => {
    const main = await addMember(uniqueName("Goldmane"));
    const alt = await addMember(uniqueName("Goldlet"), main.id);
    const sold = await portal.admin.post("/_api/market-exchange", {
      lootName: "Sunforged Helm",
      bossName: "Gravemaw",
      value: 100,
      status: "Sold",
      participatedMembers: [alt.playerName],
      dateAcquired: "2026-11-01",
    });
    expect(sold.status, sold.text).toBe(201);
    const owner = await raider("Goldmane's player");
    const rival = await raider("Impostor");
    expect((await claim(owner.client, main.id)).status).toBe(201);
    const contested = await claim(rival.client, main.id);
    expect(contested.status).toBe(201);
    expect((contested.data as unknown as MyClaimState).contested).toBe(true);
    expect(contestedMessage(main.playerName)).toContain("an officer will decide");
    const id = await claimIdOf(owner.client);
    const rivalId = await claimIdOf(rival.client);
    expect((await pending()).find((row) => row.id === id)?.otherClaims).toBe(1);

    const res = await officer.post(`${CLAIMS}/approve`, { id });
    expect(res.status, res.text).toBe(200);
    expect(res.data.decided).toEqual({
      id,
      status: "approved",
      accountName: "Goldmane's player",
      characterName: main.playerName,
    });
    expect((res.data.claims as PendingClaim[]).map((row) => row.id)).not.toContain(rivalId);

    const earnings = (await owner.client.get("/_api/me/earnings")).data as unknown as MyEarnings;
    expect(earnings.linked).toBe(true);
    if (!earnings.linked) return;
    expect(earnings.mainName).toBe(main.playerName);
    expect(earnings.items.map((item) => item.lootName)).toEqual(["Sunforged Helm"]);
    expect(await stateOf(owner.client)).toMatchObject({
      character: { memberId: main.id, name: main.playerName },
      claim: { id, status: "approved" },
      suggestions: [],
    });
    expect((await stateOf(rival.client)).claim).toMatchObject({
      id: rivalId,
      status: "rejected",
      reason: wentToAnotherMessage(main.playerName),
    });
    const entries = await auditFor(portal.db, "character_claim", id);
    expect(entries.map((entry) => entry.action)).toEqual(["create", "approve"]);
    const [link] = await auditFor(portal.db, "account", owner.id);
    expect(link).toMatchObject({ action: "link_character", after: { memberId: main.id } });
  });

  it("rejects: the raider sees it and may claim another character", async () => {
    const main = await addMember(uniqueName("Wrongpick"));
    const { client } = await raider("Picky");
    expect((await claim(client, main.id)).status).toBe(201);
    const id = await claimIdOf(client);
    const res = await officer.post(`${CLAIMS}/reject`, { id });
    expect(res.status, res.text).toBe(200);
    expect(res.data.decided).toMatchObject({ id, status: "rejected" });
    expect((await stateOf(client)).claim).toMatchObject({ id, status: "rejected", reason: null });
    const again = await officer.post(`${CLAIMS}/reject`, { id });
    expect(again.status).toBe(409);
    expect(again.data).toEqual({ error: notPendingMessage("rejected", null) });
    const right = await addMember(uniqueName("Rightpick"));
    expect((await claim(client, right.id)).status).toBe(201);
    const unknown = await officer.post(`${CLAIMS}/approve`, { id: 2_000_000_000 });
    expect(unknown.status).toBe(404);
    expect(unknown.data).toEqual({ error: CLAIM_MESSAGES.claimNotFound });
  });

  it("approves every matching name at once, folded, and leaves the others and a contested character", async () => {
    // Earlier tests' claims wait too: clear them so the count is this test's.
    for (const row of await pending())
      expect((await officer.post(`${CLAIMS}/reject`, { id: row.id })).status).toBe(200);
    const zoe = await addMember(uniqueName("Zoë"));
    const ash = await addMember(uniqueName("Ashcroft"));
    const ashAlt = await addMember(uniqueName("Åshling"), ash.id);
    const odd = await addMember(uniqueName("Oddity"));
    const twice = await addMember(uniqueName("Twinned"));
    const zoeRaider = await raider(zoe.playerName.toUpperCase().replace("Ë", "E"));
    const ashRaider = await raider(` ${ashAlt.playerName.replace("Å", "a")}`);
    const oddRaider = await raider("Not the same name");
    const twinA = await raider(twice.playerName);
    const twinB = await raider(twice.playerName.toLowerCase());
    for (const [who, member] of [
      [zoeRaider, zoe],
      [ashRaider, ash],
      [oddRaider, odd],
      [twinA, twice],
      [twinB, twice],
    ] as const)
      expect((await claim(who.client, member.id)).status).toBe(201);

    const res = await officer.post(`${CLAIMS}/approve-matching`);
    expect(res.status, res.text).toBe(200);
    expect(res.data.approved).toBe(2);
    const left = res.data.claims as PendingClaim[];
    expect(left.map((row) => row.characterName).sort()).toEqual(
      [odd.playerName, twice.playerName, twice.playerName].sort(),
    );
    expect((await stateOf(zoeRaider.client)).character?.name).toBe(zoe.playerName);
    expect((await stateOf(ashRaider.client)).character?.name).toBe(ash.playerName);
    expect((await stateOf(oddRaider.client)).claim?.status).toBe("pending");
  });

  it("refuses a raider's decisions (403) and lets an officer's through", async () => {
    const main = await addMember(uniqueName("Gatekeep"));
    const { client } = await raider("Gatekeep");
    expect((await claim(client, main.id)).status).toBe(201);
    const id = await claimIdOf(client);
    const refusal = { error: "Access denied. Your role (user) lacks required permissions." };
    for (const res of [
      await client.get(CLAIMS),
      await client.post(`${CLAIMS}/approve`, { id }),
      await client.post(`${CLAIMS}/reject`, { id }),
      await client.post(`${CLAIMS}/approve-matching`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.data).toEqual(refusal);
    }
    expect((await stateOf(client)).claim?.status).toBe("pending");
    expect((await officer.post(`${CLAIMS}/approve`, { id })).status).toBe(200);
  });

  it("two officers approving two claims on one character at once: one wins, the other answers 409", async () => {
    const main = await addMember(uniqueName("Contested"));
    const first = await raider("First claimant");
    const second = await raider("Second claimant");
    expect((await claim(first.client, main.id)).status).toBe(201);
    expect((await claim(second.client, main.id)).status).toBe(201);
    const ids = [await claimIdOf(first.client), await claimIdOf(second.client)];
    const otherOfficer = await signInAs(portal, "claims", "officer");
    const answers = await Promise.all([
      officer.post(`${CLAIMS}/approve`, { id: ids[0] }),
      otherOfficer.post(`${CLAIMS}/approve`, { id: ids[1] }),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    const lost = answers.find((res) => res.status === 409);
    expect(lost?.data).toEqual({
      error: notPendingMessage("rejected", wentToAnotherMessage(main.playerName)),
    });
    const holders = await portal.db.query<{ id: number }>("SELECT id FROM users WHERE member_id = $1", [
      main.id,
    ]);
    expect(holders).toHaveLength(1);
  });

  it("an admin's link on the Characters screen settles the claims waiting on the character", async () => {
    const main = await addMember(uniqueName("Adminlinked"));
    const claimant = await raider("Claimant");
    const linked = await raider("Linked by admin");
    expect((await claim(claimant.client, main.id)).status).toBe(201);
    const res = await portal.admin.post("/_api/admin/accounts/link-member", {
      userId: linked.id,
      memberId: main.id,
    });
    expect(res.status, res.text).toBe(200);
    expect((await stateOf(claimant.client)).claim).toMatchObject({
      status: "rejected",
      reason: wentToAnotherMessage(main.playerName),
    });
    // The linked account's own claim: approved when it named that character, cancelled otherwise.
    const same = await addMember(uniqueName("Sameclaim"));
    const sameRaider = await raider("Same claim");
    expect((await claim(sameRaider.client, same.id)).status).toBe(201);
    const elsewhere = await addMember(uniqueName("Elsewhereclaim"));
    const otherRaider = await raider("Other claim");
    expect((await claim(otherRaider.client, elsewhere.id)).status).toBe(201);
    const linkSame = { userId: sameRaider.id, memberId: same.id };
    expect((await portal.admin.post("/_api/admin/accounts/link-member", linkSame)).status).toBe(200);
    const linkOther = { userId: otherRaider.id, memberId: main.id };
    expect((await portal.admin.post("/_api/admin/accounts/link-member", linkOther)).status).toBe(409);
    const freeMain = await addMember(uniqueName("Freemain"));
    const linkFree = { userId: otherRaider.id, memberId: freeMain.id };
    expect((await portal.admin.post("/_api/admin/accounts/link-member", linkFree)).status).toBe(200);
    expect((await stateOf(sameRaider.client)).claim).toMatchObject({ status: "approved", reason: null });
    expect((await stateOf(otherRaider.client)).claim).toMatchObject({
      status: "cancelled",
      reason: adminLinkedMessage(freeMain.playerName),
    });
  });
});
