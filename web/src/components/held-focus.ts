/**
 * A focus taken in the rows a long table shows while its virtualiser is fetched (the first rows, unvirtualised):
 * the row's index and which of its controls, so the virtualised body takes the focus over when it replaces them
 * (decision 035).
 */
export interface HeldFocus {
  index: number;
  control: number;
}

/** What can hold the focus in a row. */
export const ROW_CONTROLS = "a[href], button, input, select, textarea, [tabindex]";
