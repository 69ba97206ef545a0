/**
 * One auction as officers watch it (decision 092): the headline, its terms, every bid with its automatic limit,
 * and, while open, cancelling it with a reason (the bids are void and the item stays Pending).
 */
import { Link } from "@tanstack/react-router";
import { Ban } from "lucide-react";
import { type FormEvent, useState } from "react";
import { AUCTION_CALLS } from "@shared/contract/auctions.ts";
import { formatMoney } from "@shared/money/money.ts";
import { AUCTION_MESSAGES, type AuctionView, CANCEL_REASON_MAX_LENGTH } from "@shared/schemas/auctions.ts";
import { Button } from "@web/components/button.tsx";
import { Card } from "@web/components/card.tsx";
import { Dialog, FormError } from "@web/components/dialog.tsx";
import { TextField } from "@web/components/text-field.tsx";
import { api } from "@web/lib/api-client.ts";
import { useOnlineSave } from "@web/lib/use-online-save.ts";
import { AuctionHeadline } from "./auction-headline.tsx";
import { BIDDERS_TEXT, bidCountText, CANCEL_AUCTION, PAYMENT_TEXT } from "./auction-texts.ts";
import { BidHistory } from "./bid-history.tsx";

function CancelAuction({
  auction,
  online,
  onCancelled,
}: {
  auction: AuctionView;
  online: boolean;
  onCancelled: (auction: AuctionView) => void;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const { saving, error, setError, save } = useOnlineSave();
  const onOpenChange = (next: boolean) => {
    if (next) {
      setReason("");
      setError(null);
    }
    setOpen(next);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await save(
      () => api.call(AUCTION_CALLS.cancel, { body: { id: auction.id, reason } }),
      (answer) => {
        setOpen(false);
        onCancelled(answer.auction);
      },
    );
  };
  const formId = `cancel-auction-${auction.id}`;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button variant="ghost" disabled={!online}>
          <Ban className="size-4" aria-hidden="true" />
          {CANCEL_AUCTION}
        </Button>
      }
      title={`${CANCEL_AUCTION}: ${auction.lootName}?`}
      description="Its bids are void and the item stays Pending. The reason is kept with the auction."
      footer={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Keep it open
          </Button>
          <Button type="submit" form={formId} variant="danger" disabled={saving || !online}>
            {CANCEL_AUCTION}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormError message={online ? (error ?? undefined) : AUCTION_MESSAGES.offline} />
        <TextField
          label="Reason"
          hint={`Up to ${CANCEL_REASON_MAX_LENGTH} characters.`}
          value={reason}
          onChange={setReason}
        />
      </form>
    </Dialog>
  );
}

export function OfficerAuction({
  auction,
  receivedAt,
  online,
  onChanged,
  linked = false,
}: {
  auction: AuctionView;
  receivedAt: number;
  online: boolean;
  onChanged: (auction: AuctionView) => void;
  /** In the list: the item's name leads to the auction's own page. */
  linked?: boolean;
}) {
  return (
    <article className="flex flex-col gap-3" data-testid="officer-auction" data-loot={auction.lootName}>
      <AuctionHeadline auction={auction} receivedAt={receivedAt} />
      <Card className="flex flex-col gap-3">
        <p className="text-sm text-ink-muted">
          From {formatMoney(auction.startPrice, "usdt")}, raise {formatMoney(auction.minRaise, "usdt")},
          anti-snipe {auction.antiSnipeSeconds} s · {BIDDERS_TEXT[auction.bidders]} · winner pays{" "}
          {PAYMENT_TEXT[auction.payment].toLowerCase()} · {bidCountText(auction.bidCount)}
        </p>
        <BidHistory bids={auction.bids} />
        <div className="flex flex-wrap items-center justify-between gap-2">
          {linked ? (
            <Link
              to="/admin/auctions/$id"
              params={{ id: String(auction.id) }}
              className="inline-flex min-h-11 items-center text-sm font-semibold text-gold hover:underline"
            >
              Open {auction.lootName}
            </Link>
          ) : (
            <span />
          )}
          {auction.status === "open" ? (
            <CancelAuction auction={auction} online={online} onCancelled={onChanged} />
          ) : null}
        </div>
      </Card>
    </article>
  );
}
