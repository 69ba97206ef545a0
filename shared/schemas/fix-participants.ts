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

/** A stored salary that the full recalculation found different and corrected. */
export interface CorrectedSalary {
  id: number;
  playerName: string;
  from: string;
  to: string;
}

/**
 * What the full recalculation found different from the stored figures (docs/decisions/024): the Sold items whose
 * stored distribution was not the engine's, and the salaries it corrected. Empty when the writes kept them right.
 */
export interface RecalculationDifferences {
  itemIds: number[];
  salaries: CorrectedSalary[];
}

/** recalculate_all_salaries: the message, what differed and the receipt. */
export interface RecalculateAllResult extends SalaryReceipt {
  message: string;
  differences: RecalculationDifferences;
}

export const NOTHING_DIFFERED = "Every stored figure already matched the full recalculation.";

export const differencesMessage = ({ itemIds, salaries }: RecalculationDifferences): string => {
  if (itemIds.length === 0 && salaries.length === 0) return NOTHING_DIFFERED;
  const items = itemIds.length === 1 ? "1 item" : `${itemIds.length.toLocaleString("en-US")} items`;
  const count = salaries.length === 1 ? "1 salary" : `${salaries.length.toLocaleString("en-US")} salaries`;
  return `Corrected ${items} and ${count} that differed from the full recalculation.`;
};
