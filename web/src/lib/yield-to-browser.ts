/** Ends the current task: what comes after the await runs in a new one, after pending input and paint. */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
