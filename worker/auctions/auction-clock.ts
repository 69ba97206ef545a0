/**
 * The auction clock of one process (`npm start`; decision 091): a timer set to the next open auction's end, which
 * closes it then, whether or not anyone is watching. A write that opens an auction or moves an end wakes it to look
 * again; after each close it looks again. Closing is judged by the database's clock under the auction's lock
 * (close-auctions.ts), so a timer that fires a little early only looks again, and one that fires twice closes once.
 * The minute scheduler also closes what is due, should this timer ever miss one. On Workers, the guild's Durable
 * Object's alarm plays this part.
 */
import type { Context } from "hono";
import type { AppEnv } from "../app/context.ts";
import type { Db } from "../db/types.ts";
import { nextAuctionEnd } from "./auctions-repo.ts";
import { type ClosedAuction, closeDueAuctions } from "./close-auctions.ts";

/** What a write tells when an auction's end may have changed (`c`: the request, for the Workers' object). */
export interface AuctionAlarm {
  wake(c?: Context<AppEnv>): void;
}

export interface AuctionClock extends AuctionAlarm {
  /** No look starts after this; resolves once a look under way has ended. */
  stop(): Promise<void>;
}

/** The least wait between two looks, so that a clock running ahead of the database's cannot spin. */
const MIN_WAIT_MS = 25;
/** Without an open auction, look again this often anyway (a write by another process on the same database). */
const IDLE_LOOK_MS = 30_000;

export function startAuctionClock(
  db: Db,
  configuredZone: string | null | undefined,
  onClosed: (closed: ClosedAuction[]) => void = () => {},
): AuctionClock {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let looking: Promise<void> | undefined;
  let again = false;

  const schedule = (delay: number) => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(look, Math.max(MIN_WAIT_MS, delay));
    timer.unref?.();
  };

  const lookOnce = async () => {
    const { closed } = await closeDueAuctions(db, configuredZone);
    if (closed.length > 0) onClosed(closed);
    const next = await nextAuctionEnd(db);
    return next === null ? IDLE_LOOK_MS : next.getTime() - Date.now();
  };

  function look(): void {
    if (looking) {
      again = true;
      return;
    }
    looking = lookOnce()
      .then(
        (delay) => schedule(delay),
        (err: unknown) => {
          console.error(`auction clock: ${(err as Error)?.message ?? err}`);
          schedule(1_000);
        },
      )
      .finally(() => {
        looking = undefined;
        if (again && !stopped) {
          again = false;
          look();
        }
      });
  }

  look();
  return {
    wake: () => {
      if (!stopped) look();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await looking;
    },
  };
}
