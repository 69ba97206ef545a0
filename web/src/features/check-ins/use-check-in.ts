/**
 * One check-in as its officer watches it (decision 080): read from the server (check-ins are online only) and read
 * again on each live notice of the server's check-ins, so a raider's check-in shows within moments. The officer's
 * writes answer the check-in as it now is, which replaces what is shown.
 */
import { CHECK_IN_CALLS } from "@shared/contract/check-ins.ts";
import type { CheckInAnswer, CheckInList } from "@shared/schemas/check-ins.ts";
import { useLiveNotice } from "@web/data/live-notice.ts";
import { api } from "@web/lib/api-client.ts";
import { useServerRead } from "@web/lib/use-server-read.ts";
import { CHECK_INS_NOTICE } from "./use-my-check-ins.ts";

export function useCheckIn(id: number, online: boolean) {
  const read = useServerRead<CheckInAnswer>(
    ["check-in", id],
    (signal) => api.call(CHECK_IN_CALLS.read, { query: { id: String(id) }, signal }),
    online,
  );
  useLiveNotice(CHECK_INS_NOTICE, read.reload, online);
  return read;
}

/** The officers' list: the open check-ins, then those ended within the last day; read again on each notice. */
export function useCheckInList(online: boolean) {
  const read = useServerRead<CheckInList>(
    ["check-ins"],
    (signal) => api.call(CHECK_IN_CALLS.list, { signal }),
    online,
  );
  useLiveNotice(CHECK_INS_NOTICE, read.reload, online);
  return read;
}
