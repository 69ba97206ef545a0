import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import type { SalaryReceipt } from "@shared/salary/calculate-salaries.ts";
import { ApiError, unexpectedAnswer } from "@web/lib/api-client.ts";
import { readSalaryReceipt } from "./queries.ts";
import {
  FULL_RECEIPT_PATH,
  fetchFullReceipt,
  fetchReceiptMemberItems,
  receiptMemberPath,
} from "./receipt-details.ts";
import { testApiServer } from "./testing/test-api-server.ts";
import { createTestLayer, layerOptions, type TestLayer } from "./testing/test-layer.ts";

// The synced receipt is the summary; a member's items and the whole receipt come from the real API on demand.

const server = testApiServer();
let t: TestLayer;

afterEach(async () => {
  await t.dispose();
});

async function sellItems(): Promise<void> {
  for (const [lootName, value, participatedMembers] of [
    ["Obsidian Greatblade", 1000, "Aldric, Brina, Corvin, Wanderer"],
    ["Frostbound Aegis", 250, "Brina, Corvin"],
  ] as const) {
    await server.asAnotherAdmin("/market-exchange", {
      lootName,
      bossName: "VENATUS",
      value,
      status: "Sold",
      participatedMembers,
    });
  }
}

const full = () => server.answer<SalaryReceipt>(FULL_RECEIPT_PATH);

describe("the stored salary receipt", () => {
  it("is the summary: every member's totals without items; the whole receipt is never pulled", async () => {
    t = await createTestLayer(server, { role: null });
    await sellItems();
    await t.layer.sync.pullAll();

    const stored = await readSalaryReceipt(t.db);
    const whole = await full();
    expect(stored?.calculationDetails.map((m) => [m.memberName, m.participatedItemsCount])).toEqual([
      ["Aldric", 1],
      ["Brina", 2],
      ["Corvin", 2],
      ["Wanderer", 1],
    ]);
    expect(stored?.calculationDetails.every((m) => m.participatedItems.length === 0)).toBe(true);
    expect(stored).toEqual({
      ...whole,
      calculationDetails: whole.calculationDetails.map((m) => ({ ...m, participatedItems: [] })),
    });
    expect(server.readsOf("/public/salary-calculation/summary")).toBe(1);
    expect(server.readsOf(FULL_RECEIPT_PATH)).toBe(0);
  });
});

describe("a member's items", () => {
  it("are the member's items on the whole receipt, asked for by name in any case", async () => {
    t = await createTestLayer(server, { role: null });
    await sellItems();
    const { api } = layerOptions(server);
    const brina = (await full()).calculationDetails.find((m) => m.memberName === "Brina");

    const items = await fetchReceiptMemberItems(api, "brina");
    expect(items).toEqual(brina?.participatedItems);
    expect(items.map((item) => item.lootName)).toEqual(["Obsidian Greatblade", "Frostbound Aegis"]);
    // Someone not on the roster has a share too; the name goes into the query escaped.
    expect(await fetchReceiptMemberItems(api, "Wanderer")).toHaveLength(1);
    expect(server.readsOf(receiptMemberPath("brina"))).toBe(1);
    expect(receiptMemberPath("Ash & Co")).toBe("/public/salary-calculation/member?name=Ash%20%26%20Co");
  });

  it("fail with the server's message, a network error or an unexpected answer", async () => {
    t = await createTestLayer(server, { role: null });
    await sellItems();
    const { api } = layerOptions(server);

    const missing = fetchReceiptMemberItems(api, "Nobody");
    await expect(missing).rejects.toBeInstanceOf(ApiError);
    await expect(missing).rejects.toMatchObject({ status: 404, message: 'No salary found for "Nobody".' });

    server.faults.failReads(receiptMemberPath("Aldric"), { kind: "drop" });
    await expect(fetchReceiptMemberItems(api, "Aldric")).rejects.toMatchObject({ status: 0 });

    server.faults.failReads(receiptMemberPath("Aldric"), {
      kind: "reshape",
      change: () => ({ member: { memberName: "Aldric" } }),
    });
    await expect(fetchReceiptMemberItems(api, "Aldric")).rejects.toThrow(
      unexpectedAnswer(receiptMemberPath("Aldric")),
    );
    expect(await fetchReceiptMemberItems(api, "Aldric")).toHaveLength(1);
  });
});

describe("the whole receipt", () => {
  it("is fetched with every item for the detailed report, and refused when it lacks them", async () => {
    t = await createTestLayer(server, { role: null });
    await sellItems();
    const { api } = layerOptions(server);

    expect(await fetchFullReceipt(api)).toEqual(await full());
    server.faults.failReads(FULL_RECEIPT_PATH, {
      kind: "reshape",
      change: (answer) => ({
        ...(answer as SalaryReceipt),
        calculationDetails: (answer as SalaryReceipt).calculationDetails.map(
          ({ participatedItems: _, ...member }) => member,
        ),
      }),
    });
    await expect(fetchFullReceipt(api)).rejects.toThrow(unexpectedAnswer(FULL_RECEIPT_PATH));
    server.faults.failReads(FULL_RECEIPT_PATH, { kind: "status", status: 503, error: "Service unavailable" });
    await expect(fetchFullReceipt(api)).rejects.toMatchObject({
      status: 503,
      message: "Service unavailable",
    });
  });
});
