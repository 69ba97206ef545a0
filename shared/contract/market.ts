/** The market exchange (loot): officers and admins write it (decision 067), the public page lists it (decision 010). */
import {
  createMarketItemSchema,
  deleteMarketItemSchema,
  type MarketExchangeItem,
  updateMarketItemSchema,
} from "../schemas/market.ts";
import { PARTICIPANT_LIST_BODY_LIMIT } from "./body-limits.ts";
import { answer, call } from "./call.ts";

export const MARKET_CALLS = {
  list: call({
    method: "GET",
    path: "/market-exchange",
    role: "officer",
    summary: "Every loot item.",
    answer: answer<{ marketExchangeItems: MarketExchangeItem[] }>(),
  }),
  publicList: call({
    method: "GET",
    path: "/public/market-exchange",
    role: "public",
    summary: "The same list for the public market page (a cached read).",
    answer: answer<{ marketExchangeItems: MarketExchangeItem[] }>(),
  }),
  create: call({
    method: "POST",
    path: "/market-exchange",
    role: "officer",
    summary: "Adds a loot item (201); a Sold one is shared out among its participants at once.",
    body: createMarketItemSchema,
    bodyLimit: PARTICIPANT_LIST_BODY_LIMIT,
    answer: answer<{ marketExchangeItem: MarketExchangeItem }>(),
  }),
  update: call({
    method: "POST",
    path: "/market-exchange/update",
    role: "officer",
    summary: "Changes a loot item; with `base`, merges (decision 038).",
    body: updateMarketItemSchema,
    bodyLimit: PARTICIPANT_LIST_BODY_LIMIT,
    answer: answer<{ marketExchangeItem: MarketExchangeItem }>(),
  }),
  remove: call({
    method: "POST",
    path: "/market-exchange/delete",
    role: "officer",
    summary: "Deletes a loot item.",
    body: deleteMarketItemSchema,
    answer: answer<{ success: true; id: number }>(),
  }),
};
