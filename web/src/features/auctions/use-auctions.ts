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

/** One online read of the auctions, stamped on arrival, asked again at once on each notice: a bid must show. */
function useLiveAuctionRead<T>(
  key: readonly unknown[],
  read: (signal: AbortSignal) => Promise<T>,
  online: boolean,
) {
  const answer = useServerRead<Received<T>>(key, async (signal) => received(await read(signal)), online);
  useLiveNotice(AUCTIONS_NOTICE, answer.reload, online);
  return answer;
}

/** A raider's list: the open auctions and those ended within the last day, with the account's standing. */
export const useMyAuctions = (userId: number, online: boolean) =>
  useLiveAuctionRead<MyAuctionList>(
    ["my-auctions", userId],
    (signal) => api.call(MY_AUCTION_CALLS.list, { signal }),
    online,
  );

/** One auction as a raider bids on it. */
export const useMyAuction = (id: number, online: boolean) =>
  useLiveAuctionRead<MyAuctionAnswer>(
    ["my-auction", id],
    (signal) => api.call(MY_AUCTION_CALLS.read, { query: { id: String(id) }, signal }),
    online,
  );

/** The officers' list, every bid with its limits. */
export const useAuctionList = (online: boolean) =>
  useLiveAuctionRead<AuctionList>(["auctions"], (signal) => api.call(AUCTION_CALLS.list, { signal }), online);

/** One auction as its officer watches it. */
export const useAuction = (id: number, online: boolean) =>
  useLiveAuctionRead<AuctionAnswer>(
    ["auction", id],
    (signal) => api.call(AUCTION_CALLS.read, { query: { id: String(id) }, signal }),
    online,
  );
