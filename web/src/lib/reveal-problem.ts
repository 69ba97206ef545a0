/**
 * Brings a checked form's message into view once it is drawn (decision 060): on a phone the submit button
 * is far from the field it is about, and a message below the fold reads as a form that did nothing.
 */

/** A field's own message (`Field` marks it), as opposed to the form's message above the fields. */
export const FIELD_PROBLEM = "[data-field-error]";

/** Scrolls the first match of `selector` in `root` (by default any message) to the middle of the screen. */
export function revealProblem(root: ParentNode | null, selector = "[role=alert]"): void {
  // The messages were just set: look once React has drawn them.
  requestAnimationFrame(() => root?.querySelector(selector)?.scrollIntoView({ block: "center" }));
}
