/** The account's claim, read from the server (online only, decision 071), and claiming or cancelling it. */
import { useState } from "react";
import { MY_CLAIM_CALLS } from "@shared/contract/claims.ts";
import type { MyClaimState } from "@shared/schemas/claims.ts";
import { api, errorMessage } from "@web/lib/api-client.ts";
import { toast } from "@web/lib/toast.tsx";
import { useServerRead } from "@web/lib/use-server-read.ts";
import { CLAIM_TEXTS } from "./claim-texts.ts";

export function useMyClaim(userId: number, online: boolean) {
  const read = useServerRead(
    ["my-claim", userId],
    (signal) => api.call(MY_CLAIM_CALLS.read, { signal }),
    online,
  );
  const [busy, setBusy] = useState(false);

  /** Sends `send`; its answer is the new state. A refusal is said and the state read again (it moved). */
  const act = async (
    send: () => Promise<MyClaimState>,
    failed: string,
    done: (state: MyClaimState) => string,
  ) => {
    setBusy(true);
    try {
      const state = await send();
      read.replace(state);
      toast.success(done(state));
    } catch (error) {
      toast.error(failed, { description: errorMessage(error) });
      read.reload();
    } finally {
      setBusy(false);
    }
  };

  return {
    read,
    busy,
    claim: (memberId: number) =>
      act(
        () => api.call(MY_CLAIM_CALLS.claim, { body: { memberId } }),
        CLAIM_TEXTS.claimFailed,
        (state) => CLAIM_TEXTS.claimed(state.claim?.characterName ?? ""),
      ),
    cancel: () =>
      act(
        () => api.call(MY_CLAIM_CALLS.cancel),
        CLAIM_TEXTS.cancelFailed,
        () => CLAIM_TEXTS.cancelled,
      ),
  };
}
