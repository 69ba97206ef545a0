/**
 * What My page knows of the account's earnings: the answer of GET /_api/me/earnings as My earnings reads it (fresh,
 * or the copy saved on this device) or why there is none. The route passes My earnings' own reading in.
 */
import type { MyEarnings } from "@shared/schemas/my-earnings.ts";

export type EarningsReading =
  | { status: "loading" }
  | { status: "fresh"; answer: MyEarnings }
  | { status: "saved"; answer: MyEarnings; savedAt: number; reason: "offline" | "failed" }
  | { status: "none"; reason: "offline" | "failed"; error: string | null };

/** The answer shown, fresh or saved; null while loading or when there is none. */
export const earningsAnswer = (reading: EarningsReading): MyEarnings | null =>
  reading.status === "fresh" || reading.status === "saved" ? reading.answer : null;
