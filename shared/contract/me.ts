/** What a signed-in account reads about itself (decision 051). */
import type { MyEarnings } from "../schemas/my-earnings.ts";
import { answer, call } from "./call.ts";

export const ME_CALLS = {
  earnings: call({
    method: "GET",
    path: "/me/earnings",
    role: "user",
    summary: "The shares, payouts and balance of the account's main character and its alts.",
    answer: answer<MyEarnings>(),
  }),
};
