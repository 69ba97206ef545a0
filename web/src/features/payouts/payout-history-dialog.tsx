/** One member's payout history, from the Pay dialog or the member's row (decision 049). */
import { Link } from "@tanstack/react-router";
import { formatMoney } from "@shared/money/money.ts";
import type { Payout } from "@shared/schemas/payouts.ts";
import { buttonClass } from "@web/components/button.tsx";
import type { TableState } from "@web/components/data-table.tsx";
import { Dialog } from "@web/components/dialog.tsx";
import type { GuildMember } from "@web/data/portal-db.ts";
import { PayoutsTable } from "./payouts-table.tsx";

export function PayoutHistoryDialog({
  member,
  balance,
  state,
  onClose,
}: {
  member: GuildMember | null;
  balance: number;
  /** The member's payouts. */
  state: TableState<Payout>;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={member !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      size="xl"
      title={member ? `Payouts to ${member.playerName}` : "Payouts"}
      description={member ? `Balance ${formatMoney(balance, "usdt")}, newest payout first.` : ""}
      footer={
        <Link to="/admin/payouts" className={buttonClass("secondary")}>
          All payouts
        </Link>
      }
    >
      {member ? (
        <PayoutsTable state={state} showMember={false} label={`Payouts to ${member.playerName}`} />
      ) : null}
    </Dialog>
  );
}
