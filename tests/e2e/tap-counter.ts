import type { Locator, Page } from "playwright-core";

/**
 * Counts the taps an officer makes on a phone (the typing is free): each tap, each field focused by a tap, a native
 * select as two (open, choose), and the phone's file picker as two (open it, pick in it). Record a raid's tests
 * hold the count to the issues' limits.
 */
export function tapCounter(page: Page) {
  let taps = 0;
  return {
    get count() {
      return taps;
    },
    async tap(target: Locator) {
      taps++;
      await target.tap();
    },
    async choose(select: Locator, option: string) {
      taps += 2;
      await select.selectOption(option);
    },
    /** Typing is free; focusing the field costs a tap unless the app already put the cursor there. */
    async type(field: Locator, text: string) {
      const focused = await field.evaluate((el) => el === document.activeElement);
      if (!focused) await this.tap(field);
      await page.keyboard.type(text);
    },
    /** A tap that opens the phone's file picker, and the pick of the files in it. */
    async pickFiles(target: Locator, paths: readonly string[]) {
      taps += 2;
      const chooser = page.waitForEvent("filechooser");
      await target.tap();
      await (await chooser).setFiles([...paths]);
    },
  };
}
