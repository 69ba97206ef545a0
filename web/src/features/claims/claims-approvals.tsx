/**
 * The officers' approvals (decision 071): each claim waiting with its account's name and the character, whether
 * the name matches and whether other accounts claim the same character, Approve and Reject in one tap each, and
 * "Approve all matching names". Online only: a decision needs the server's answer.
 */
import { Check, X } from "lucide-react";
import { useState } from "react";
import { CLAIM_CALLS } from "@shared/contract/claims.ts";
import { formatDate } from "@shared/format/format-date.ts";
import { CLAIM_MESSAGES, type PendingClaim } from "@shared/schemas/claims.ts";
import { Button } from "@web/components/button.tsx";
import { Card } from "@web/components/card.tsx";
import { OnlineOnlyNotice } from "@web/components/online-only-notice.tsx";
import { api, errorMessage } from "@web/lib/api-client.ts";
import { toast } from "@web/lib/toast.tsx";
import { CLAIM_TEXTS } from "./claim-texts.ts";
import { claimsChanged, usePendingClaims } from "./use-pending-claims.ts";

const pill =
  "inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1";

/** The claims "Approve all matching names" takes: the name matches and no other account claims the character. */
export const matchingClaims = (claims: readonly PendingClaim[]) =>
  claims.filter((claim) => claim.nameMatches && claim.otherClaims === 0);

function ClaimRow({
  claim,
  busy,
  onApprove,
  onReject,
}: {
  claim: PendingClaim;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
}) {
  return (
    <li
      className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between"
      data-claim={claim.id}
    >
      <div className="min-w-0 space-y-1">
        <p className="text-ink">
          <span className="font-semibold">{claim.accountName}</span>
          <span className="text-ink-muted"> claims </span>
          <span className="font-semibold text-gold">{claim.characterName}</span>
        </p>
        <p className="text-sm text-ink-muted">
          {claim.alts.length > 0 ? `Alts: ${claim.alts.join(", ")} · ` : ""}
          {formatDate(claim.createdAt)}
        </p>
        {claim.nameMatches || claim.otherClaims > 0 ? (
          <p className="flex flex-wrap gap-2">
            {claim.nameMatches ? (
              <span className={`${pill} bg-success/15 text-success ring-success/30`}>
                {CLAIM_TEXTS.nameMatches}
              </span>
            ) : null}
            {claim.otherClaims > 0 ? (
              <span className={`${pill} bg-gold/15 text-gold ring-gold/30`}>
                {CLAIM_TEXTS.otherClaims(claim.otherClaims)}
              </span>
            ) : null}
          </p>
        ) : null}
      </div>
      <div className="grid shrink-0 grid-cols-2 gap-2">
        <Button
          aria-label={CLAIM_TEXTS.approveLabel(claim.accountName, claim.characterName)}
          disabled={busy}
          onClick={onApprove}
        >
          <Check className="size-4" aria-hidden="true" />
          {CLAIM_TEXTS.approve}
        </Button>
        <Button
          variant="secondary"
          aria-label={CLAIM_TEXTS.rejectLabel(claim.accountName, claim.characterName)}
          disabled={busy}
          onClick={onReject}
        >
          <X className="size-4" aria-hidden="true" />
          {CLAIM_TEXTS.reject}
        </Button>
      </div>
    </li>
  );
}

export function ClaimsApprovals({ online }: { online: boolean }) {
  const read = usePendingClaims(online);
  const [busy, setBusy] = useState(false);

  const decide = async <T extends { claims: PendingClaim[] }>(
    send: () => Promise<T>,
    said: (answer: T) => string,
  ) => {
    setBusy(true);
    try {
      const answer = await send();
      read.replace({ claims: answer.claims });
      toast.success(said(answer));
    } catch (error) {
      toast.error(CLAIM_TEXTS.decideFailed, { description: errorMessage(error) });
    } finally {
      setBusy(false);
      // The sidebar's count and the dashboard's badge follow; after a refusal the list is read again (it moved).
      claimsChanged();
    }
  };

  if (!online) return <OnlineOnlyNotice>{CLAIM_MESSAGES.offlineApprove}</OnlineOnlyNotice>;
  const claims = read.data?.claims ?? null;
  if (claims === null)
    return read.status === "error" ? (
      <Card role="alert" className="text-sm text-danger">
        {CLAIM_TEXTS.claimsLoadFailed} {read.error}
      </Card>
    ) : (
      <Card role="status" className="text-sm text-ink-muted">
        Loading...
      </Card>
    );
  const matching = matchingClaims(claims).length;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-ink-muted" data-testid="claims-waiting">
          {claims.length === 0 ? CLAIM_TEXTS.none : CLAIM_TEXTS.waitingBadge(claims.length)}
        </p>
        <Button
          variant="secondary"
          disabled={busy || matching === 0}
          onClick={() =>
            void decide(
              () => api.call(CLAIM_CALLS.approveMatching),
              (answer) => CLAIM_TEXTS.approvedMatching(answer.approved),
            )
          }
        >
          <Check className="size-4" aria-hidden="true" />
          {CLAIM_TEXTS.approveMatching(matching)}
        </Button>
      </div>
      {claims.length > 0 ? (
        <Card className="py-1">
          <ul className="divide-y divide-line" aria-label="Claims waiting">
            {claims.map((claim) => (
              <ClaimRow
                key={claim.id}
                claim={claim}
                busy={busy}
                onApprove={() =>
                  void decide(
                    () => api.call(CLAIM_CALLS.approve, { body: { id: claim.id } }),
                    ({ decided }) => CLAIM_TEXTS.approved(decided.accountName, decided.characterName),
                  )
                }
                onReject={() =>
                  void decide(
                    () => api.call(CLAIM_CALLS.reject, { body: { id: claim.id } }),
                    ({ decided }) => CLAIM_TEXTS.rejectedOne(decided.accountName, decided.characterName),
                  )
                }
              />
            ))}
          </ul>
        </Card>
      ) : null}
    </div>
  );
}
