/**
 * The auctions open now, on My page (decision 092): each leads to its page, with the price and the time left.
 * Nothing when none is open or the raider is offline with none known.
 */
import { Gavel } from "lucide-react";
import { MyAuctionRows } from "./auction-rows.tsx";
import { AUCTIONS_TITLE } from "./auction-texts.ts";
import { useMyAuctions } from "./use-auctions.ts";

export function MyOpenAuctions({ userId, online }: { userId: number; online: boolean }) {
  const data = useMyAuctions(userId, online).data;
  const open = data?.auctions.filter((a) => a.status === "open") ?? [];
  if (data === null || open.length === 0) return null;
  return (
    <section
      aria-labelledby="open-auctions-title"
      className="flex flex-col gap-2"
      data-testid="open-auctions"
    >
      <h2 id="open-auctions-title" className="flex items-center gap-2 text-base font-semibold text-ink">
        <Gavel className="size-5 text-gold" aria-hidden="true" />
        {AUCTIONS_TITLE}
      </h2>
      <MyAuctionRows auctions={open} receivedAt={data.receivedAt} />
    </section>
  );
}
