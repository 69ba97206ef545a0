import "fake-indexeddb/auto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Scripted } from "./testing/fake-api-server.ts";
import { memoryLocks } from "./testing/manual-environment.ts";
import { createTestLayer } from "./testing/test-layer.ts";

const REFUSED = "Refused by a business rule";

const answer = fc.constantFrom<Scripted>(
  { kind: "answer" },
  { kind: "drop" },
  { kind: "lose-answer" },
  { kind: "status", status: 503, error: "Service unavailable" },
  { kind: "status", status: 429, error: "Too many requests" },
  { kind: "status", status: 401, error: "Authentication required" },
  { kind: "status", status: 400, error: REFUSED },
);

describe("outbox delivery under any run of failures", () => {
  it("delivers every row not refused exactly once, in queue order, and never blocks on a refusal", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5 }),
        fc.array(answer, { maxLength: 12 }),
        fc.boolean(),
        async (count, script, withLocks) => {
          const t = await createTestLayer({ locks: withLocks ? memoryLocks() : null });
          try {
            t.clock.setOnline(false);
            const ids: string[] = [];
            for (let i = 0; i < count; i++) {
              ids.push(
                await t.layer.commands.createMember({ playerName: `Member ${i}`, category: "Members" }),
              );
            }
            t.clock.setOnline(true);
            t.server.failWrites(...script);

            for (let round = 0; round < 100; round++) {
              await t.layer.outbox.drain();
              if (t.layer.store.getState().paused) t.layer.sessionChanged();
              const waiting = await t.db.outbox.where("status").anyOf("pending", "sending").count();
              if (waiting === 0) break;
              t.clock.advance(60_000);
            }
            await t.settle();

            const left = await t.db.outbox.orderBy("seq").toArray();
            const failed = left.map((row) => row.id);
            const applied = t.server.applied.map((write) => write.key ?? "");
            // Nothing is left waiting: each row was refused, or applied by the server exactly once, in
            // the order the rows were queued.
            expect(left.every((row) => row.status === "failed" && row.lastError === REFUSED)).toBe(true);
            expect(applied).toEqual(ids.filter((id) => !failed.includes(id)));
            // Every write the server applied shows with the server's id once the refresh is in.
            const names = (await t.db.guildMembers.toArray())
              .filter((m) => m.id > 0)
              .map((m) => m.playerName);
            for (const write of t.server.applied) expect(names).toContain(write.body.playerName);
          } finally {
            await t.dispose();
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});
