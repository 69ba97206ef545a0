/**
 * The salary receipt's reads beyond the whole receipt (docs/product.md#salary-receipt, docs/decisions/024): the
 * summary (every member's totals, no item lists) and one member's receipt, asked for by name.
 */
import * as z from "zod";

/** Participant names in loot texts are not bounded like roster names; this bounds the question. */
export const RECEIPT_MEMBER_MAX_LENGTH = 200;
export const RECEIPT_MEMBER_REQUIRED = "A member name is required.";
export const RECEIPT_MEMBER_TOO_LONG = `A member name cannot exceed ${RECEIPT_MEMBER_MAX_LENGTH} characters.`;

export const receiptMemberQuerySchema = z.object({
  name: z
    .string({ error: RECEIPT_MEMBER_REQUIRED })
    .trim()
    .min(1, { error: RECEIPT_MEMBER_REQUIRED })
    .max(RECEIPT_MEMBER_MAX_LENGTH, { error: RECEIPT_MEMBER_TOO_LONG }),
});

export const receiptMemberNotFound = (name: string) => `No salary found for "${name}".`;
