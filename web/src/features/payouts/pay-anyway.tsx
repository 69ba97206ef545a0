/**
 * A queued payout the server refused because the member's balance there was lower than this device knew
 * (409, its over-balance message): "Pay anyway" drops the refused row and queues the same payout confirmed.
 * The refused row was never stored by the server, so the payout is still recorded once.
 */
import { Button } from "@web/components/button.tsx";
import { commands, dataLayerActions } from "@web/data/lazy-data-layer.ts";
import type { OutboxRow } from "@web/data/portal-db.ts";
import { runWrite } from "@web/lib/run-write.ts";

type PayoutArgs = Parameters<typeof commands.createPayout>[0];

export function isOverBalanceRefusal(row: OutboxRow): boolean {
  return row.name === "createPayout" && row.lastStatus === 409;
}

export function PayAnywayButton({ row }: { row: OutboxRow }) {
  if (!isOverBalanceRefusal(row)) return null;
  const payAnyway = () =>
    void runWrite(
      async () => {
        await dataLayerActions.discard(row.id);
        await commands.createPayout({ ...(row.args as PayoutArgs), confirmOverBalance: true });
      },
      "Payout recorded above the balance.",
      "Failed to record the payout.",
    );
  return <Button onClick={payAnyway}>Pay anyway</Button>;
}
