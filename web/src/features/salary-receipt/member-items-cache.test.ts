import { describe, expect, it } from "vitest";
import { createMemberItemsCache } from "./member-items-cache.ts";
import type { ReceiptItem, ReceiptMember, SalaryReceipt } from "./receipt-model.ts";
import { summaryKey } from "./receipt-model.ts";

const item = (itemId: number): ReceiptItem => ({
  itemId,
  lootName: `Loot ${itemId}`,
  itemValue: "100.00",
  generalShareEarned: "12.00",
  eliteShareEarned: "0.00",
});

/** A loader whose answers the test gives, one call at a time, and which records what it was asked. */
function manualLoader() {
  const calls: { name: string; resolve: (items: ReceiptItem[]) => void; reject: (e: unknown) => void }[] = [];
  const load = (name: string) =>
    new Promise<readonly ReceiptItem[]>((resolve, reject) => calls.push({ name, resolve, reject }));
  return { load, calls, asked: () => calls.map((call) => call.name) };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the members' items fetched on the receipt page", () => {
  it("asks once per member (any case) and keeps the answer for the same summary", async () => {
    const loader = manualLoader();
    const cache = createMemberItemsCache(loader.load);
    let changes = 0;
    cache.subscribe(() => changes++);

    expect(cache.read("s1", "Ashvale")).toBeUndefined();
    cache.request("s1", "Ashvale");
    expect(cache.read("s1", "Ashvale")).toEqual({ status: "loading" });
    cache.request("s1", "ASHVALE");
    expect(loader.asked()).toEqual(["Ashvale"]);

    loader.calls[0]?.resolve([item(1)]);
    await settled();
    const ready = cache.read("s1", "ashvale");
    expect(ready).toEqual({ status: "ready", items: [item(1)] });
    // The same object until it changes (useSyncExternalStore compares snapshots by identity).
    expect(cache.read("s1", "Ashvale")).toBe(ready);
    cache.request("s1", "Ashvale");
    expect(loader.asked()).toEqual(["Ashvale"]);
    expect(changes).toBe(2);
  });

  it("asks again after a failure, and keeps the failure's message until then", async () => {
    const loader = manualLoader();
    const cache = createMemberItemsCache(loader.load);
    cache.request("s1", "Larkspire");
    loader.calls[0]?.reject(new Error("Failed to fetch"));
    await settled();
    expect(cache.read("s1", "Larkspire")).toEqual({ status: "error", message: "Failed to fetch" });

    cache.request("s1", "Larkspire");
    expect(cache.read("s1", "Larkspire")).toEqual({ status: "loading" });
    loader.calls[1]?.resolve([item(2)]);
    await settled();
    expect(cache.read("s1", "Larkspire")).toEqual({ status: "ready", items: [item(2)] });
  });

  it("forgets everything when the summary changes, and drops answers meant for the old one", async () => {
    const loader = manualLoader();
    const cache = createMemberItemsCache(loader.load);
    cache.request("s1", "Ashvale");
    loader.calls[0]?.resolve([item(1)]);
    cache.request("s1", "Larkspire");
    await settled();

    expect(cache.read("s2", "Ashvale")).toBeUndefined();
    cache.request("s2", "Ashvale");
    expect(loader.asked()).toEqual(["Ashvale", "Larkspire", "Ashvale"]);
    loader.calls[1]?.resolve([item(9)]);
    await settled();
    expect(cache.read("s2", "Larkspire")).toBeUndefined();
    expect(cache.read("s1", "Ashvale")).toBeUndefined();
    loader.calls[2]?.resolve([item(1), item(3)]);
    await settled();
    expect(cache.read("s2", "Ashvale")).toEqual({ status: "ready", items: [item(1), item(3)] });
  });
});

describe("summaryKey", () => {
  const member = (finalCalculatedSalary: string, items: ReceiptItem[]): ReceiptMember => ({
    memberName: "Ashvale",
    category: "Guild Master",
    totalRaids: 1,
    participatedItemsCount: 1,
    totalFromGeneralShare: "240.00",
    totalFromEliteShare: "200.00",
    finalCalculatedSalary,
    participatedItems: items,
  });
  const receipt = (details: ReceiptMember[]): SalaryReceipt => ({
    calculationDetails: details,
    summaryTotals: {
      totalProcessedItems: 1,
      totalGeneralShareDistributed: "240.00",
      totalEliteShareDistributed: "200.00",
      totalSalariesDistributed: "440.00",
      totalAdminFund: "50.00",
      totalGuildFund: "100.00",
    },
    processedItems: 1,
    membersWithSalaries: [],
  });

  it("follows the figures and leaves the item lists out", () => {
    const summary = summaryKey(receipt([member("440.00", [])]));
    expect(summaryKey(receipt([member("440.00", [])]))).toBe(summary);
    expect(summaryKey(receipt([member("440.00", [item(1)])]))).toBe(summary);
    expect(summaryKey(receipt([member("440.01", [])]))).not.toBe(summary);
    expect(summary).not.toContain('"participatedItems"');
  });
});
