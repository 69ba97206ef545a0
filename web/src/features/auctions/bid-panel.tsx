/**
 * A raider's bidding on one open auction (decision 092): the character they bid as (chosen once when they have alts,
 * fixed by the server after the first bid), whether they lead, their maximum and balance, one big button for the
 * least bid, and a field for any amount with an optional "Bid for me up to". A bid is an online call, never queued:
 * offline the controls are disabled and say why. A refusal shows the server's words and the auction it answers.
 */
import { CheckCircle2, CloudOff, Gavel } from "lucide-react";
import { type FormEvent, useState } from "react";
import { MY_AUCTION_CALLS } from "@shared/contract/auctions.ts";
import {
  AUCTION_MESSAGES,
  type AuctionCharacter,
  type MyAuctionAnswer,
  type MyAuctionView,
} from "@shared/schemas/auctions.ts";
import { Button } from "@web/components/button.tsx";
import { Card } from "@web/components/card.tsx";
import { FormError } from "@web/components/dialog.tsx";
import { MoneyField } from "@web/components/text-field.tsx";
import { api, errorMessage } from "@web/lib/api-client.ts";
import { rememberCharacter, rememberedCharacter } from "@web/lib/remembered-character.ts";
import {
  ANY_AMOUNT,
  BID_FOR_ME,
  BID_FOR_ME_HINT,
  balanceText,
  bidButtonText,
  bidsAsText,
  CHOOSE_BIDDER,
  CHOOSE_BIDDER_HINT,
  OUTBID,
  PLACE_BID,
  YOU_LEAD,
  yourMaxText,
} from "./auction-texts.ts";
import { refusedAuction } from "./refused-auction.ts";
import { type Received, received } from "./use-auctions.ts";

/** USDT as typed; blank is "not given". The server checks the rest, in its own words. */
const usdt = (text: string): number | undefined => (text.trim() === "" ? undefined : Number(text.trim()));

function Standing({ auction }: { auction: MyAuctionView }) {
  const { mine } = auction;
  return (
    <div className="flex flex-col gap-1 text-sm" data-testid="my-standing">
      {mine.bidsAs ? <p className="text-ink-muted">{bidsAsText(mine.bidsAs.name)}</p> : null}
      {mine.leading ? (
        <p role="status" className="flex items-center gap-2 text-base font-semibold text-success">
          <CheckCircle2 className="size-5" aria-hidden="true" />
          {YOU_LEAD}
        </p>
      ) : mine.bidsAs ? (
        <p role="status" className="text-base font-semibold text-gold">
          {OUTBID}
        </p>
      ) : null}
      {mine.max !== null ? <p className="text-ink">{yourMaxText(mine.max)}</p> : null}
      {mine.balance !== null ? (
        <p className="text-ink-muted">{balanceText(mine.balance, mine.held)}</p>
      ) : null}
    </div>
  );
}

function CharacterChoice({
  characters,
  chosen,
  disabled,
  onChoose,
}: {
  characters: readonly AuctionCharacter[];
  chosen: AuctionCharacter | null;
  disabled: boolean;
  onChoose: (character: AuctionCharacter) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="font-semibold text-ink">{CHOOSE_BIDDER}</legend>
      <p className="text-sm text-ink-muted">{CHOOSE_BIDDER_HINT}</p>
      <div className="mt-1 grid grid-cols-2 gap-2">
        {characters.map((character) => (
          <Button
            key={character.memberId}
            variant={chosen?.memberId === character.memberId ? "primary" : "secondary"}
            aria-pressed={chosen?.memberId === character.memberId}
            disabled={disabled}
            onClick={() => onChoose(character)}
          >
            {character.name}
            {character.isMain ? <span className="text-xs opacity-80">main</span> : null}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}

export function BidPanel({
  userId,
  answer,
  online,
  onAnswer,
}: {
  userId: number;
  answer: Received<MyAuctionAnswer>;
  online: boolean;
  /** The auction as the server answered a bid or a refusal. */
  onAnswer: (answer: Received<MyAuctionAnswer>) => void;
}) {
  const { auction, characters } = answer;
  const [picked, setPicked] = useState(() => rememberedCharacter(userId, characters));
  const [amount, setAmount] = useState("");
  const [max, setMax] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fixed = auction.mine.bidsAs;
  const bidder = fixed ?? picked;
  const refusal = auction.mine.refusal;
  const disabled = !online || sending || refusal !== null || bidder === null;

  const choose = (character: AuctionCharacter) => {
    rememberCharacter(userId, character.memberId);
    setPicked(character);
  };
  const bid = async (body: { amount?: number | undefined; max?: number | undefined }) => {
    if (bidder === null) return;
    setSending(true);
    setError(null);
    try {
      const answered = await api.call(MY_AUCTION_CALLS.bid, {
        body: { id: auction.id, memberId: bidder.memberId, ...body },
      });
      onAnswer(received({ auction: answered.auction, characters: answered.characters }));
      setAmount("");
      setMax("");
    } catch (failure) {
      setError(errorMessage(failure));
      const now = refusedAuction(failure);
      if (now) onAnswer(received({ auction: now, characters }));
    } finally {
      setSending(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void bid({ amount: usdt(amount), max: usdt(max) });
  };

  return (
    <Card className="flex flex-col gap-4" data-testid="bid-panel">
      <Standing auction={auction} />
      {!online ? (
        <p role="status" className="flex items-start gap-2 text-sm text-ink" data-testid="bid-offline">
          <CloudOff className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden="true" />
          {AUCTION_MESSAGES.offline}
        </p>
      ) : null}
      {refusal !== null ? (
        <p role="status" className="text-sm text-ink-muted">
          {refusal}
        </p>
      ) : null}
      {fixed === null && characters.length > 1 ? (
        <CharacterChoice
          characters={characters}
          chosen={picked}
          disabled={!online || sending}
          onChoose={choose}
        />
      ) : null}
      <FormError message={error ?? undefined} />
      <Button
        className="min-h-14 w-full text-lg"
        disabled={disabled}
        onClick={() => void bid({ amount: Number(auction.minimumBid) })}
      >
        <Gavel className="size-5" aria-hidden="true" />
        {bidButtonText(auction.minimumBid)}
      </Button>
      <form noValidate onSubmit={submit} className="flex flex-col gap-3" aria-label="Bid another amount">
        <div className="grid gap-3 sm:grid-cols-2">
          <MoneyField label={ANY_AMOUNT} value={amount} onChange={setAmount} disabled={disabled} />
          <MoneyField
            label={BID_FOR_ME}
            hint={BID_FOR_ME_HINT}
            value={max}
            onChange={setMax}
            disabled={disabled}
          />
        </div>
        <Button type="submit" variant="secondary" disabled={disabled}>
          {PLACE_BID}
        </Button>
      </form>
    </Card>
  );
}
