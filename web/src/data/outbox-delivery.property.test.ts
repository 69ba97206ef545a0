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

/** A step of a session: queue a write, let time pass (due retries go), or lose and regain the network. */
type Step =
  | { kind: "edit"; member: number; category: "Core" | "Members" | "Guild Master" }
  | { kind: "create" }
  | { kind: "wait"; ms: number }
  | { kind: "offline" }
  | { kind: "online" };

const step = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("edit" as const),
      member: fc.integer({ min: 0, max: 2 }),
      category: fc.constantFrom("Core" as const, "Members" as const, "Guild Master" as const),
    }),
  },
  { weight: 1, arbitrary: fc.constant<Step>({ kind: "create" }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("wait" as const), ms: fc.integer({ min: 0, max: 5_000 }) }),
  },
  { weight: 1, arbitrary: fc.constant<Step>({ kind: "offline" }) },
  { weight: 1, arbitrary: fc.constant<Step>({ kind: "online" }) },
);

const transient = fc.constantFrom<Fault>(
  { kind: "answer" },
  { kind: "answer" },
  { kind: "drop" },
  { kind: "lose-answer" },
  { kind: "status", status: 503, error: "Service unavailable" },
);

describe("batched delivery keeps each row's order, and only that", () => {
  it(
    "applies every write once, and the writes to one member in the order they were queued, whatever fails",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(step, { minLength: 1, maxLength: 14 }),
          fc.array(transient, { maxLength: 16 }),
          async (steps, faults) => {
            const t = await createTestLayer(server);
            try {
              const names = ["Aldric", "Brina", "Corvin"];
              const ids = await Promise.all(names.map((name) => server.memberId(name)));
              server.faults.failWrites(...faults);
              const queued: { key: string; member: string | null }[] = [];
              for (const [i, s] of steps.entries()) {
                if (s.kind === "edit") {
                  const key = await t.layer.commands.updateMember({
                    id: ids[s.member] ?? 0,
                    category: s.category,
                  });
                  queued.push({ key, member: names[s.member] ?? null });
                } else if (s.kind === "create") {
                  const key = await t.layer.commands.createMember({
                    playerName: `New ${i}`,
                    category: "Members",
                  });
                  queued.push({ key, member: null });
                } else if (s.kind === "wait") t.clock.advance(s.ms);
                else if (s.kind === "offline") t.clock.setOnline(false);
                else {
                  t.clock.setOnline(true);
                  await t.layer.outbox.retryWaitingNow();
                }
                await t.layer.outbox.drain();
              }
              t.clock.setOnline(true);
              for (let round = 0; round < 50; round++) {
                await t.layer.outbox.drain();
                if ((await t.db.outbox.count()) === 0) break;
                t.clock.advance(60_000);
              }
              await t.settle();

              expect(await t.db.outbox.toArray()).toEqual([]);
              const applied = (await server.applied()).map((w) => w.key);
              expect([...applied].sort()).toEqual(queued.map((q) => q.key).sort());
              for (const name of names) {
                const mine = queued.filter((q) => q.member === name).map((q) => q.key);
                expect(applied.filter((key) => mine.includes(key))).toEqual(mine);
              }
            } finally {
              await t.dispose();
            }
          },
        ),
        { numRuns: RUNS },
      );
    },
    30_000 + RUNS * 5_000,
  );
});
