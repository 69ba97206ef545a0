/**
 * What the auction screens read (decision 092): online only (a bid counts when the server has it), asked again on
 * the live feed's notice of the server's auctions, so a bid on another phone shows within a moment. Each answer
 * keeps this device's time at its arrival, for the countdown on the server's clock (server-clock.ts).
 */
import { AUCTION_CALLS, MY_AUCTION_CALLS } from "@shared/contract/auctions.ts";
import type { AuctionAnswer, AuctionList, MyAuctionAnswer, MyAuctionList } from "@shared/schemas/auctions.ts";
import { useLiveNotice } from "@web/data/live-notice.ts";
import { api } from "@web/lib/api-client.ts";
import { useServerRead } from "@web/lib/use-server-read.ts";

/** The live feed's name for the server's auctions (worker/app/data-version.ts). */
export const AUCTIONS_NOTICE = "auctions";

/** An answer and this device's clock when it arrived. */
export type Received<T> = T & { receivedAt: number };

export const received = <T>(answer: T): Received<T> => ({ ...answer, receivedAt: Date.now() });

/** A raider's list: the open auctions and those ended within the last day, with the account's standing. */
export function useMyAuctions(userId: number, online: boolean) {
  const read = useServerRead<Received<MyAuctionList>>(
    ["my-auctions", userId],
    async (signal) => received(await api.call(MY_AUCTION_CALLS.list, { signal })),
    online,
  );
  useLiveNotice(AUCTIONS_NOTICE, read.reload, online);
  return read;
}

/** One auction as a raider bids on it. A bid on any phone moves it: asked again at once on each notice. */
export function useMyAuction(id: number, online: boolean) {
  const read = useServerRead<Received<MyAuctionAnswer>>(
    ["my-auction", id],
    async (signal) => received(await api.call(MY_AUCTION_CALLS.read, { query: { id: String(id) }, signal })),
    online,
  );
  useLiveNotice(AUCTIONS_NOTICE, read.reload, online);
  return read;
}

/** The officers' list, every bid with its limits. */
export function useAuctionList(online: boolean) {
  const read = useServerRead<Received<AuctionList>>(
    ["auctions"],
    async (signal) => received(await api.call(AUCTION_CALLS.list, { signal })),
    online,
  );
  useLiveNotice(AUCTIONS_NOTICE, read.reload, online);
  return read;
}

/** One auction as its officer watches it. */
export function useAuction(id: number, online: boolean) {
  const read = useServerRead<Received<AuctionAnswer>>(
    ["auction", id],
    async (signal) => received(await api.call(AUCTION_CALLS.read, { query: { id: String(id) }, signal })),
    online,
  );
  useLiveNotice(AUCTIONS_NOTICE, read.reload, online);
  return read;
}
