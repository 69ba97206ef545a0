/** The repair tool's figures and texts (docs/product.md#fix-participants). */
import { countOf } from "@shared/glossary/glossary.ts";
export const SNIPPET_LENGTH = 100;

/** The first 100 characters of a corrupted participant text, followed by an ellipsis. */
export const corruptedSnippet = (text: string): string =>
  `${Array.from(text).slice(0, SNIPPET_LENGTH).join("")}…`;

export const OPERATION_SUCCESSFUL = "Operation successful";
export const OPERATION_FAILED = "Operation failed";
export const UNEXPECTED_ERROR = "An unexpected error occurred";

export const RESET_DIALOG = {
  title: "Confirm Participant Reset",
  description:
    "This will clear the participant list for all corrupted items. This action cannot be undone. Are you sure you want to proceed?",
  confirmLabel: "Yes, Reset Participants",
} as const;

export const RECALCULATE_DIALOG = {
  title: "Confirm Full Salary Recalculation",
  description:
    "This is a highly destructive action. It will reset ALL guild member salaries to zero and recalculate them from every 'Sold' item in history. This can take time and cannot be undone. Are you sure?",
  confirmLabel: "Yes, Recalculate All Salaries",
} as const;

/** 'Found N items with corrupted participant data.', in the right number ('Found 1 item ...'). */
export const foundMessage = (count: number) =>
  `Found ${countOf(count, "item")} with corrupted participant data.`;
