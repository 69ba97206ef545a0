/**
 * The corrupted-participants repair tool: the request body of /_api/admin/fix-corrupted-participants, its
 * answers and the messages, shared by the server and the fix page.
 */
import * as z from "zod";
import type { SalaryReceipt } from "../salary/calculate-salaries.ts";
import { unknownField } from "./market.ts";

export const FIX_ACTIONS = ["reset_participants", "recalculate_all_salaries"] as const;
export type FixAction = (typeof FIX_ACTIONS)[number];

export const FIX_ACTION_REQUIRED = "A 'fixAction' must be provided when 'dryRun' is false.";
export const FIX_ACTION_INVALID = "fixAction must be reset_participants or recalculate_all_salaries.";
export const DRY_RUN_INVALID = "dryRun must be true or false.";

export const fixParticipantsSchema = z
  .strictObject(
    {
      dryRun: z.boolean({ error: DRY_RUN_INVALID }).default(true),
      fixAction: z.enum(FIX_ACTIONS, { error: FIX_ACTION_INVALID }).optional(),
    },
    { error: unknownField },
  )
  .superRefine((v, ctx) => {
    if (!v.dryRun && v.fixAction === undefined) {
      ctx.addIssue({ code: "custom", message: FIX_ACTION_REQUIRED, path: ["fixAction"] });
    }
  });
export type FixParticipantsInput = z.infer<typeof fixParticipantsSchema>;

export interface CorruptedItem {
  id: number;
  lootName: string;
  /** Numeric string ('3200.00'). */
  value: string;
  /** The stored text as it is. */
  participatedMembers: string;
}

/** The dry run's answer. */
export interface CorruptionAnalysis {
  corruptedItemsCount: number;
  /** Sum of the corrupted items' values, numeric string. */
  totalAffectedValue: string;
  corruptedItems: CorruptedItem[];
}

export const resetMessage = (count: number) => `Reset participants for ${count} items.`;
export const recalculatedMessage = (members: number, items: number) =>
  `Recalculated salaries for ${members} members from ${items} sold items.`;

/** reset_participants: the items cleared, and the receipt after the recalculation that follows. */
export interface ResetParticipantsResult extends SalaryReceipt {
  message: string;
  resetItemIds: number[];
}

/** recalculate_all_salaries: the message and the receipt. */
export interface RecalculateAllResult extends SalaryReceipt {
  message: string;
}
