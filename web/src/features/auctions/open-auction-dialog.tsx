/**
 * Opening an auction for a Pending item of the market (decision 092): start price and minimum raise in USDT, how
 * long (2 minutes unless changed), anti-snipe (15 s), who may bid and how the winner pays. Online only: the server
 * opens it, then the officer lands on the auction.
 */
import { useNavigate } from "@tanstack/react-router";
import { Gavel } from "lucide-react";
import { type FormEvent, useState } from "react";
import { AUCTION_CALLS } from "@shared/contract/auctions.ts";
import {
  ANTI_SNIPE_SECONDS_DEFAULT,
  AUCTION_BIDDERS,
  AUCTION_MESSAGES,
  AUCTION_PAYMENTS,
  AUCTION_SECONDS_DEFAULT,
  type AuctionBidders,
  type AuctionPayment,
} from "@shared/schemas/auctions.ts";
import { Button } from "@web/components/button.tsx";
import { Dialog, Field, FormError } from "@web/components/dialog.tsx";
import { inputClass } from "@web/components/filter-select.tsx";
import { MoneyField, TextField } from "@web/components/text-field.tsx";
import { api } from "@web/lib/api-client.ts";
import { useOnlineSave } from "@web/lib/use-online-save.ts";
import { BIDDERS_TEXT, OPEN_AUCTION, PAYMENT_TEXT } from "./auction-texts.ts";

/** A number as typed; blank or not a number is NaN, which the server refuses in its own words. */
const numberOf = (text: string) => (text.trim() === "" ? Number.NaN : Number(text.trim()));

function Choice<T extends string>({
  label,
  value,
  options,
  words,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly T[];
  words: Readonly<Record<T, string>>;
  onChange: (value: T) => void;
}) {
  return (
    <Field label={label}>
      {(control) => (
        <select
          {...control}
          className={inputClass}
          value={value}
          onChange={(e) => onChange(e.target.value as T)}
        >
          {options.map((option) => (
            <option key={option} value={option}>
              {words[option]}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function OpenAuctionDialog({
  item,
  open,
  onOpenChange,
  online,
}: {
  item: { id: number; lootName: string; bossName: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  online: boolean;
}) {
  const navigate = useNavigate();
  const [startPrice, setStartPrice] = useState("");
  const [minRaise, setMinRaise] = useState("");
  const [minutes, setMinutes] = useState(String(AUCTION_SECONDS_DEFAULT / 60));
  const [antiSnipe, setAntiSnipe] = useState(String(ANTI_SNIPE_SECONDS_DEFAULT));
  const [bidders, setBidders] = useState<AuctionBidders>("participants");
  const [payment, setPayment] = useState<AuctionPayment>("balance");
  const { saving, error, save } = useOnlineSave();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await save(
      () =>
        api.call(AUCTION_CALLS.open, {
          body: {
            marketItemId: item.id,
            startPrice: numberOf(startPrice),
            minRaise: numberOf(minRaise),
            seconds: Math.round(numberOf(minutes) * 60),
            antiSnipeSeconds: numberOf(antiSnipe),
            bidders,
            payment,
          },
        }),
      (answer) => {
        onOpenChange(false);
        void navigate({ to: "/admin/auctions/$id", params: { id: String(answer.auction.id) } });
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`${OPEN_AUCTION}: ${item.lootName}`}
      description={`${item.bossName}. Raiders bid from their phones; the server closes it at the end.`}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form="open-auction" disabled={saving || !online}>
            <Gavel className="size-4" aria-hidden="true" />
            {saving ? "Opening..." : OPEN_AUCTION}
          </Button>
        </>
      }
    >
      <form id="open-auction" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormError message={online ? (error ?? undefined) : AUCTION_MESSAGES.offline} />
        <div className="grid gap-4 sm:grid-cols-2">
          <MoneyField label="Start price (USDT)" value={startPrice} onChange={setStartPrice} />
          <MoneyField label="Minimum raise (USDT)" value={minRaise} onChange={setMinRaise} />
          <TextField
            label="Duration (minutes)"
            inputMode="decimal"
            hint="30 seconds to 24 hours."
            value={minutes}
            onChange={setMinutes}
          />
          <TextField
            label="Anti-snipe (seconds)"
            inputMode="numeric"
            hint="A bid in the last seconds moves the end to this long after it."
            value={antiSnipe}
            onChange={setAntiSnipe}
          />
        </div>
        <Choice
          label="Who may bid"
          value={bidders}
          options={AUCTION_BIDDERS}
          words={BIDDERS_TEXT}
          onChange={setBidders}
        />
        <Choice
          label="How the winner pays"
          value={payment}
          options={AUCTION_PAYMENTS}
          words={PAYMENT_TEXT}
          onChange={setPayment}
        />
      </form>
    </Dialog>
  );
}
