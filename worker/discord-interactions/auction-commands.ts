/**
 * /auction, /bid and the "Bid +step" button (decision 099): the phone's auction calls (`GET /me/auctions`,
 * `POST /me/auctions/bid`) as the caller's linked account, so every rule of decisions 091 and 098 is the call's own
 * (least raise, allowed bidders, balance and held leads, the end, anti-snipe). A refusal is the app's words with the
 * price now; a button bids exactly the amount it names, never more.
 */
import {
  ANSWER,
  BID_BUTTON_PREFIX,
  bidButtonId,
  DISCORD_COMMAND_TEXTS as TEXT,
} from "@shared/discord/slash-commands.ts";
import { formatMoney, moneyText, parseMoney } from "@shared/money/money.ts";
import type { AuctionView, BidAnswer, MyAuctionList, MyAuctionView } from "@shared/schemas/auctions.ts";
import type { CallAnswer, PortalCaller } from "./call-as.ts";
import {
  bold,
  type CommandContext,
  type InteractionAnswer,
  message,
  NO_PINGS,
  onlyYou,
  refusal,
} from "./slash-command-handlers.ts";

const BID = "/me/auctions/bid";
/** Discord allows five buttons in a row and five rows; one button per auction listed. */
const AUCTIONS_LISTED = 5;

const usdt = (text: string) => formatMoney(text, "usdt");

/** "1 h 5 min", "4 min 10 s", "12 s": what is left by the server's clock. */
export function timeLeft(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(seconds / 3600);
  const min = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return `${h} h ${min} min`;
  return min > 0 ? `${min} min ${s} s` : `${s} s`;
}

const priceNow = (auction: AuctionView) =>
  TEXT.priceNow(
    auction.price === null ? null : usdt(auction.price),
    auction.leaderName,
    usdt(auction.minimumBid),
  );

/** One auction in a few lines: item, price and leader, least next bid, time left, how the winner pays. */
function described(auction: MyAuctionView): string {
  const left = new Date(auction.endsAt).getTime() - new Date(auction.serverNow).getTime();
  const ends = Math.floor(new Date(auction.endsAt).getTime() / 1000);
  const pays =
    auction.payment === "balance"
      ? "The winner pays from their portal balance."
      : "The winner pays outside the portal.";
  const you = auction.mine.leading ? " You lead." : "";
  return [
    `${bold(auction.lootName)} from ${auction.bossName}`,
    `${priceNow(auction)}${you}`,
    `${timeLeft(left)} left (ends <t:${ends}:t>). ${pays}`,
  ].join("\n");
}

/** "Bid +step (next price)" for each auction: its custom id names the auction and the exact amount. */
function bidButtons(auctions: readonly AuctionView[]) {
  const open = auctions.filter((auction) => auction.status === "open");
  if (open.length === 0) return [];
  return [
    {
      type: 1,
      components: open.slice(0, AUCTIONS_LISTED).map((auction) => ({
        type: 2,
        style: 1,
        label: TEXT.bidLabel(formatMoney(auction.minRaise, "plain"), usdt(auction.minimumBid)).slice(0, 80),
        custom_id: bidButtonId(auction.id, parseMoney(auction.minimumBid)),
      })),
    },
  ];
}

async function openAuctions(portal: PortalCaller): Promise<CallAnswer<MyAuctionList>> {
  return portal.get<MyAuctionList>("/me/auctions");
}

async function auction({ portal }: CommandContext): Promise<InteractionAnswer> {
  const answer = await openAuctions(portal);
  if (answer.status !== 200) return refusal(answer);
  const open = answer.data.auctions.filter((one) => one.status === "open").slice(0, AUCTIONS_LISTED);
  if (open.length === 0) return onlyYou(TEXT.noAuction);
  const cannot = open[0]?.mine.refusal;
  if (cannot) return onlyYou(cannot);
  const content = [TEXT.auctionsTitle, ...open.map(described)].join("\n\n");
  return message(content, { ephemeral: true, components: bidButtons(open) });
}

/** The character a bid is made as: the one the account bid as on this auction, else its main. */
function bidderOf(list: MyAuctionList, target: MyAuctionView): number | undefined {
  const main = list.characters.find((one) => one.isMain) ?? list.characters[0];
  return target.mine.bidsAs?.memberId ?? main?.memberId;
}

/** The bid's outcome in words: accepted with the price and the end, or the app's refusal with the price now. */
function outcome(answer: CallAnswer<BidAnswer & { auction?: MyAuctionView }>): string {
  const after = answer.data.auction;
  if (answer.status !== 200) {
    const why = answer.data.error ?? `The portal refused (HTTP ${answer.status}).`;
    return after ? `${why}\n${priceNow(after)}` : why;
  }
  const ends = Math.floor(new Date(after.endsAt).getTime() / 1000);
  const lead = answer.data.leading
    ? "you lead"
    : `${after.leaderName ?? "another bidder"} leads on an automatic limit`;
  return `✅ Bid accepted on ${bold(after.lootName)}: the price is ${usdt(after.price ?? after.minimumBid)}, ${lead}. Ends <t:${ends}:t> (${timeLeft(new Date(after.endsAt).getTime() - new Date(after.serverNow).getTime())} left).`;
}

/** Which open auction `/bid` means: the only one, or the one the option names (its id, or its item's name). */
function chosen(open: readonly MyAuctionView[], named: string | number | undefined) {
  if (named === undefined) {
    if (open.length === 1) return { auction: open[0] as MyAuctionView };
    return { say: open.length === 0 ? TEXT.noAuction : TEXT.nameTheAuction(open.map((one) => one.lootName)) };
  }
  const text = String(named).trim();
  const found =
    open.find((one) => String(one.id) === text) ??
    open.find((one) => one.lootName.toLowerCase() === text.toLowerCase());
  return found ? { auction: found } : { say: TEXT.unknownAuction(text) };
}

async function bid({ portal, key, options }: CommandContext): Promise<InteractionAnswer> {
  const list = await openAuctions(portal);
  if (list.status !== 200) return refusal(list);
  const open = list.data.auctions.filter((one) => one.status === "open");
  const which = chosen(open, options.get("auction"));
  if (!which.auction) return onlyYou(which.say);
  const memberId = bidderOf(list.data, which.auction);
  if (memberId === undefined) return onlyYou(which.auction.mine.refusal ?? TEXT.noAuction);
  const amount = options.get("amount");
  const answer = await portal.post<BidAnswer>(BID, { id: which.auction.id, memberId, amount }, key);
  return onlyYou(outcome(answer));
}

/**
 * A "Bid +step" press: bids exactly the amount its custom id names, so a button left behind by another bid is
 * refused with the price now, never raised. The message is redrawn with the auction after it and a fresh button.
 */
export async function bidButton(
  portal: PortalCaller,
  key: string,
  customId: string,
): Promise<InteractionAnswer | undefined> {
  const match = /^bid:(\d{1,10}):(\d{1,15})$/.exec(customId);
  if (!customId.startsWith(BID_BUTTON_PREFIX) || !match) return undefined;
  const id = Number(match[1]);
  const list = await openAuctions(portal);
  if (list.status !== 200) return refusal(list);
  const target = list.data.auctions.find((one) => one.id === id);
  if (!target) return onlyYou(TEXT.noAuction);
  const memberId = bidderOf(list.data, target);
  if (memberId === undefined) return onlyYou(target.mine.refusal ?? TEXT.noAuction);
  const amount = moneyText(Number(match[2]));
  const answer = await portal.post<BidAnswer & { auction?: MyAuctionView }>(
    BID,
    { id, memberId, amount },
    key,
  );
  const after = answer.data.auction;
  const content = after ? `${outcome(answer)}\n\n${described(after)}` : outcome(answer);
  return {
    type: ANSWER.updateMessage,
    data: { content, components: after ? bidButtons([after]) : [], allowed_mentions: NO_PINGS },
  };
}

export const AUCTION_COMMAND_HANDLERS: Readonly<
  Record<string, (ctx: CommandContext) => Promise<InteractionAnswer>>
> = { auction, bid };
