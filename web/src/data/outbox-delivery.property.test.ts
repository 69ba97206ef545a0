/**
 * The outbox against the real API under any run of network and proxy failures. CI-sized by default;
 * PROPERTY_RUNS=500 for a long run.
 */
import "fake-indexeddb/auto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { duplicateMemberMessage } from "@shared/schemas/members.ts";
import type { Fault } from "./testing/api-faults.ts";
import { memoryLocks } from "./testing/manual-environment.ts";
import { testApiServer } from "./testing/test-api-server.ts";
import { createTestLayer } from "./testing/test-layer.ts";

const server = testApiServer();
const RUNS = Number(process.env.PROPERTY_RUNS) || 20;

const fault = fc.constantFrom<Fault>(
  { kind: "answer" },
  { kind: "drop" },
  { kind: "lose-answer" },
  { kind: "status", status: 503, error: "Service unavailable" },
  { kind: "status", status: 429, error: "Too many requests" },
  { kind: "status", status: 401, error: "Authentication required" },
);

/** A new member, or the name of the one queued last again (the seeded Aldric before any), which the server refuses. */
const queuedWrite = fc.constantFrom<"new" | "again">("new", "again");

describe("outbox delivery under any run of failures", () => {
  it(
    "delivers every row not refused exactly once, in queue order, and never blocks on a refusal",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(queuedWrite, { minLength: 1, maxLength: 5 }),
          fc.array(fault, { maxLength: 12 }),
          fc.boolean(),
          async (writes, faults, withLocks) => {
            const t = await createTestLayer(server, { locks: withLocks ? memoryLocks() : null });
            try {
              t.clock.setOnline(false);
              const queued: { id: string; playerName: string; refused: boolean }[] = [];
              let last = "Aldric";
              for (const [i, write] of writes.entries()) {
                const playerName = write === "new" ? `Member ${i}` : last;
                last = playerName;
                const id = await t.layer.commands.createMember({ playerName, category: "Members" });
                queued.push({ id, playerName, refused: write === "again" });
              }
              t.clock.setOnline(true);
              server.faults.failWrites(...faults);

              for (let round = 0; round < 100; round++) {
                await t.layer.outbox.drain();
                if (t.layer.store.getState().paused) t.layer.sessionChanged();
                const waiting = await t.db.outbox.where("status").anyOf("pending", "sending").count();
                if (waiting === 0) break;
                t.clock.advance(60_000);
              }
              await t.settle();

              // Nothing is left waiting: each row the server refuses is failed with its message, and every
              // other row was applied by the server exactly once, in the order the rows were queued.
              const left = await t.db.outbox.orderBy("seq").toArray();
              const refused = queued.filter((row) => row.refused);
              expect(left.map((row) => [row.id, row.status, row.lastStatus, row.lastError])).toEqual(
                refused.map((row) => [row.id, "failed", 409, duplicateMemberMessage(row.playerName)]),
              );
              const applied = await server.applied();
              expect(applied.map((write) => write.key)).toEqual(
                queued.filter((row) => !row.refused).map((row) => row.id),
              );
              // Every member the server created shows locally with the server's id once the refresh is in.
              const local = (await t.db.guildMembers.toArray()).map((m) => [m.id, m.playerName]);
              for (const { answer } of applied) {
                const created = answer.guildMember as { id: number; playerName: string };
                expect(local).toContainEqual([created.id, created.playerName]);
              }
            } finally {
              await t.dispose();
            }
          },
        ),
        { numRuns: RUNS },
      );
      // Each run is a reset guild and a few round trips to the server: well under a second, more on a busy machine.
    },
    30_000 + RUNS * 5_000,
  );
});
