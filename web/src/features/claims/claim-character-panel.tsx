/**
 * Claim your character (issue 25, point 2; decision 071): a raider picks their main character from the roster
 * (the name their account goes by suggested first, one tap to claim), waits for an officer's approval (and may
 * cancel), sees a rejection and claims again, or sees the character they are linked to. Self-contained, without
 * page chrome: /me/claim shows it and the raider's home may too. Online only: a claim needs the server.
 */
import { Link } from "@tanstack/react-router";
import { AlertCircle, CheckCircle2, Hourglass, UserRoundSearch, XCircle } from "lucide-react";
import { type ReactNode, useMemo, useState } from "react";
import {
  CLAIM_MESSAGES,
  type ClaimSuggestion,
  contestedMessage,
  type MyClaimState,
} from "@shared/schemas/claims.ts";
import { Button, buttonClass } from "@web/components/button.tsx";
import { Card, CardTitle } from "@web/components/card.tsx";
import { OnlineOnlyNotice } from "@web/components/online-only-notice.tsx";
import { SearchInput } from "@web/components/search-input.tsx";
import { useGuildMembers } from "@web/data/hooks.ts";
import { claimOptions } from "./claim-options.ts";
import { CLAIM_TEXTS } from "./claim-texts.ts";
import { useMyClaim } from "./use-my-claim.ts";

function Notice({ icon, title, children }: { icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div className="flex items-start gap-3">
      <span className="mt-0.5 shrink-0">{icon}</span>
      <div className="min-w-0">
        <p className="font-semibold text-ink">{title}</p>
        {children ? <div className="mt-1 space-y-2 text-sm text-ink-muted">{children}</div> : null}
      </div>
    </div>
  );
}

const rowClass = "flex items-center justify-between gap-3 py-2";

function ClaimButton({ name, disabled, onClaim }: { name: string; disabled: boolean; onClaim: () => void }) {
  return (
    <Button
      aria-label={CLAIM_TEXTS.claimLabel(name)}
      disabled={disabled}
      onClick={onClaim}
      className="shrink-0"
    >
      {CLAIM_TEXTS.claim}
    </Button>
  );
}

function Suggestions({
  suggestions,
  busy,
  onClaim,
}: {
  suggestions: ClaimSuggestion[];
  busy: boolean;
  onClaim: (memberId: number) => void;
}) {
  if (suggestions.length === 0) return null;
  return (
    <section
      aria-labelledby="claim-suggested"
      className="rounded-xl border border-gold/40 bg-gold/5 px-4 py-2"
    >
      <h3 id="claim-suggested" className="pt-1 text-sm font-semibold text-gold">
        {CLAIM_TEXTS.suggested}
      </h3>
      <ul className="divide-y divide-line" data-testid="claim-suggestions">
        {suggestions.map((suggestion) => (
          <li key={suggestion.memberId} className={rowClass}>
            <div className="min-w-0">
              <p className="truncate text-lg font-semibold text-ink">{suggestion.name}</p>
              {suggestion.matchedName !== suggestion.name ? (
                <p className="text-sm text-ink-muted">{CLAIM_TEXTS.suggestedVia(suggestion.matchedName)}</p>
              ) : null}
            </div>
            <ClaimButton
              name={suggestion.name}
              disabled={busy}
              onClaim={() => onClaim(suggestion.memberId)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function RosterSearch({
  taken,
  busy,
  onClaim,
}: {
  taken: ReadonlySet<number>;
  busy: boolean;
  onClaim: (memberId: number) => void;
}) {
  const roster = useGuildMembers({ status: "active" });
  const [search, setSearch] = useState("");
  const options = useMemo(() => claimOptions(roster ?? [], search, taken), [roster, search, taken]);
  const wanted = search.trim();
  return (
    <div className="space-y-2">
      <SearchInput
        hiddenLabel={CLAIM_TEXTS.searchLabel}
        placeholder={CLAIM_TEXTS.searchPlaceholder}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {wanted === "" ? (
        <p className="text-sm text-ink-muted">{CLAIM_TEXTS.searchHint}</p>
      ) : options.length === 0 ? (
        <p className="text-sm text-ink-muted">
          {roster ? CLAIM_TEXTS.noMatch(wanted) : "Loading the roster..."}
        </p>
      ) : (
        <ul className="divide-y divide-line" aria-label="Characters found" data-testid="claim-options">
          {options.map((option) => (
            <li key={option.memberId} className={rowClass}>
              <div className="min-w-0">
                <p className="truncate font-medium text-ink">{option.name}</p>
                {option.mainId !== option.memberId ? (
                  <p className="text-sm text-ink-muted">{CLAIM_TEXTS.altOf(option.mainName)}</p>
                ) : null}
              </div>
              {option.taken ? (
                <span className="shrink-0 rounded-full bg-surface-raised px-2 py-0.5 text-xs font-semibold text-ink-muted ring-1 ring-line">
                  {CLAIM_TEXTS.taken}
                </span>
              ) : (
                <ClaimButton name={option.mainName} disabled={busy} onClaim={() => onClaim(option.mainId)} />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ClaimState({
  state,
  busy,
  onClaim,
  onCancel,
}: {
  state: MyClaimState;
  busy: boolean;
  onClaim: (memberId: number) => void;
  onCancel: () => void;
}) {
  const taken = useMemo(() => new Set(state.takenMemberIds), [state.takenMemberIds]);
  if (state.character) {
    return (
      <Notice
        icon={<CheckCircle2 className="size-5 text-success" aria-hidden="true" />}
        title={state.character.name}
      >
        <p>{CLAIM_TEXTS.linkedBody(state.character.name)}</p>
        <Link to="/me/earnings" className={buttonClass("secondary")}>
          {CLAIM_TEXTS.myEarnings}
        </Link>
      </Notice>
    );
  }
  const { claim } = state;
  if (claim?.status === "pending") {
    return (
      <Notice
        icon={<Hourglass className="size-5 text-gold" aria-hidden="true" />}
        title={CLAIM_TEXTS.waiting}
      >
        <p>{CLAIM_TEXTS.waitingBody(claim.characterName)}</p>
        {state.contested ? <p>{contestedMessage(claim.characterName)}</p> : null}
        <Button variant="secondary" disabled={busy} onClick={onCancel}>
          {CLAIM_TEXTS.cancel}
        </Button>
      </Notice>
    );
  }
  return (
    <div className="space-y-4">
      {claim?.status === "rejected" ? (
        <Notice
          icon={<XCircle className="size-5 text-danger" aria-hidden="true" />}
          title={CLAIM_TEXTS.rejected(claim.characterName)}
        >
          {claim.reason ? <p>{claim.reason}</p> : null}
          <p>{CLAIM_TEXTS.rejectedNext}</p>
        </Notice>
      ) : (
        <p className="text-sm text-ink-muted">{CLAIM_TEXTS.intro}</p>
      )}
      <Suggestions suggestions={state.suggestions} busy={busy} onClaim={onClaim} />
      <RosterSearch taken={taken} busy={busy} onClaim={onClaim} />
    </div>
  );
}

/** `online`: the page's knowledge of the connection (features/sync-status), passed in. */
export function ClaimCharacterPanel({ userId, online }: { userId: number; online: boolean }) {
  const { read, busy, claim, cancel } = useMyClaim(userId, online);
  let body: ReactNode;
  if (!online) {
    body = <OnlineOnlyNotice>{CLAIM_MESSAGES.offlineClaim}</OnlineOnlyNotice>;
  } else if (read.data) {
    body = (
      <ClaimState
        state={read.data}
        busy={busy}
        onClaim={(memberId) => void claim(memberId)}
        onCancel={() => void cancel()}
      />
    );
  } else if (read.status === "error") {
    body = (
      <p role="alert" className="flex items-start gap-2 text-sm text-danger">
        <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {CLAIM_TEXTS.loadFailed} {read.error}
      </p>
    );
  } else {
    body = (
      <p role="status" className="text-sm text-ink-muted">
        Loading...
      </p>
    );
  }
  return (
    <Card className="space-y-4" data-testid="claim-character-panel">
      <CardTitle icon={<UserRoundSearch className="size-5" aria-hidden="true" />}>
        {CLAIM_TEXTS.title}
      </CardTitle>
      {body}
    </Card>
  );
}
