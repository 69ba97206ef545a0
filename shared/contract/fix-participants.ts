/** The corrupted-participants repair and the full recalculation (decisions 010, 055). Admins only. */
import {
  type CorruptionAnalysis,
  fixParticipantsSchema,
  type RecalculateAllResult,
  type ResetParticipantsResult,
} from "../schemas/fix-participants.ts";
import { answer, call } from "./call.ts";

export const FIX_PARTICIPANTS_CALLS = {
  fixParticipants: call({
    method: "POST",
    path: "/admin/fix-corrupted-participants",
    role: "admin",
    summary:
      "The corrupted participant lists (dryRun), resetting them, or recalculating every salary and fund from the items.",
    body: fixParticipantsSchema,
    answer: answer<CorruptionAnalysis | ResetParticipantsResult | RecalculateAllResult>(),
  }),
};
