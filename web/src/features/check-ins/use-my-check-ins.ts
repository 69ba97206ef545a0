/**
 * What a raider's screens read of check-ins (decision 080): online only (a check-in counts when the server has it),
 * asked again on the live feed's notice of the server's check-ins, so a check-in an officer opens shows up within
 * moments on My page and the boss page.
 */
import { MY_CHECK_IN_CALLS } from "@shared/contract/check-ins.ts";
import type { MyCheckIns } from "@shared/schemas/check-ins.ts";
import { useLiveNotice } from "@web/data/live-notice.ts";
import { api } from "@web/lib/api-client.ts";
import { useServerRead } from "@web/lib/use-server-read.ts";

/** The live feed's name for the server's check-ins (worker/app/data-version.ts). */
export const CHECK_INS_NOTICE = "check-ins";

/**
 * A raider's screen asks again within this of a check-ins notice, at a random moment: on raid night each check-in
 * sends every raider's phone to ask, and the officer's list, which asks at once, goes first.
 */
export const RAIDER_NOTICE_SPREAD_MS = 3_000;

export function useMyCheckIns(userId: number, online: boolean) {
  const read = useServerRead<MyCheckIns>(
    ["my-check-ins", userId],
    (signal) => api.call(MY_CHECK_IN_CALLS.list, { signal }),
    online,
  );
  useLiveNotice(CHECK_INS_NOTICE, read.reload, online, RAIDER_NOTICE_SPREAD_MS);
  return read;
}
