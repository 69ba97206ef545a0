/**
 * A list of auctions as links (decision 092): the item, its price and leader or outcome, and the time left on the
 * server's clock. The raider's Auctions page and My page use it.
 */
import { Link } from "@tanstack/react-router";
import { ChevronRight } from "lucide-react";
import { formatMoney } from "@shared/money/money.ts";
import type { MyAuctionView } from "@shared/schemas/auctions.ts";
import { auctionOutcome, Countdown } from "./auction-headline.tsx";
import { leaderText, YOU_LEAD } from "./auction-texts.ts";

export function MyAuctionRows({
  auctions,
  receivedAt,
}: {
  auctions: readonly MyAuctionView[];
  receivedAt: number;
}) {
  return (
    <ul className="flex flex-col gap-2">
      {auctions.map((a) => (
        <li key={a.id}>
          <Link
            to="/me/auctions/$id"
            params={{ id: String(a.id) }}
            data-testid="auction-row"
            data-loot={a.lootName}
            className="flex min-h-16 items-center gap-3 rounded-xl border border-line bg-surface px-4 py-2 hover:bg-surface-raised"
          >
            <span className="min-w-0 flex-1">
              <span className="block truncate font-semibold text-ink">{a.lootName}</span>
              <span className="block truncate text-sm text-ink-muted">
                {a.status === "open"
                  ? `${formatMoney(a.price ?? a.startPrice, "usdt")} · ${a.mine.leading ? YOU_LEAD : leaderText(a.leaderName)}`
                  : auctionOutcome(a)}
              </span>
            </span>
            {a.status === "open" ? <Countdown auction={a} receivedAt={receivedAt} /> : null}
            <ChevronRight className="size-5 shrink-0 text-ink-muted" aria-hidden="true" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
