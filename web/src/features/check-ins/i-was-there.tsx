/**
 * "I was there" (decision 080): a raider's check-in to one open check-in, as their own character. A raider with
 * alts chooses the one they played once; this device remembers it. Check-in is an online call, never queued:
 * offline the button is disabled and says why. A refusal is the server's message, word for word.
 */
import { CheckCircle2, CloudOff, Hand } from "lucide-react";
import { useState } from "react";
import { MY_CHECK_IN_CALLS } from "@shared/contract/check-ins.ts";
import {
  CHECK_IN_MESSAGES,
  type MyCheckInAnswer,
  type MyCheckInCharacter,
  type RaiderCheckIn,
} from "@shared/schemas/check-ins.ts";
import { Button } from "@web/components/button.tsx";
import { FormError } from "@web/components/dialog.tsx";
import { api, errorMessage } from "@web/lib/api-client.ts";
import { rememberCharacter, rememberedCharacter } from "@web/lib/remembered-character.ts";
import {
  CHANGE_CHARACTER,
  CHOOSE_CHARACTER,
  CHOOSE_CHARACTER_HINT,
  checkedInAsMessage,
  checkingInAs,
  I_WAS_THERE,
} from "./check-in-texts.ts";

export function CheckedInAs({ name }: { name: string }) {
  return (
    <p role="status" data-testid="checked-in" className="flex items-center gap-2 font-semibold text-success">
      <CheckCircle2 className="size-5 shrink-0" aria-hidden="true" />
      {checkedInAsMessage(name)}
    </p>
  );
}

function CharacterChoice({
  characters,
  disabled,
  onChoose,
}: {
  characters: readonly MyCheckInCharacter[];
  disabled: boolean;
  onChoose: (character: MyCheckInCharacter) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="font-semibold text-ink">{CHOOSE_CHARACTER}</legend>
      <p className="text-sm text-ink-muted">{CHOOSE_CHARACTER_HINT}</p>
      <div className="mt-1 grid gap-2 sm:grid-cols-2">
        {characters.map((character) => (
          <Button
            key={character.memberId}
            variant="secondary"
            disabled={disabled}
            onClick={() => onChoose(character)}
          >
            {character.name}
            {character.isMain ? <span className="text-xs text-ink-muted">main</span> : null}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}

export function IWasThere({
  userId,
  checkIn,
  characters,
  online,
  onAnswer,
}: {
  userId: number;
  checkIn: RaiderCheckIn;
  characters: readonly MyCheckInCharacter[];
  online: boolean;
  /** The server's answer to a check-in it took: the check-in as this raider now sees it. */
  onAnswer: (answer: MyCheckInAnswer) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const [checkedIn, setCheckedIn] = useState<string | null>(null);
  const remembered = rememberedCharacter(userId, characters);

  const send = async (character: MyCheckInCharacter) => {
    setSending(true);
    setError(null);
    try {
      const answer = await api.call(MY_CHECK_IN_CALLS.checkIn, {
        body: { id: checkIn.id, memberId: character.memberId },
      });
      rememberCharacter(userId, character.memberId);
      setChoosing(false);
      setCheckedIn(answer.checkIn.checkedInAs?.name ?? character.name);
      onAnswer(answer);
    } catch (failure) {
      // The refusal in place of the choice: the button is what they tap again, if anything.
      setChoosing(false);
      setError(errorMessage(failure));
    } finally {
      setSending(false);
    }
  };

  const name = checkedIn ?? checkIn.checkedInAs?.name ?? null;
  if (name !== null) return <CheckedInAs name={name} />;
  if (characters.length === 0) return <FormError message={CHECK_IN_MESSAGES.noCharacter} />;

  const tap = () => {
    if (remembered) void send(remembered);
    else setChoosing(true);
  };
  return (
    <div className="flex flex-col gap-3" data-testid="i-was-there">
      <FormError message={error ?? undefined} />
      {choosing && online ? (
        <CharacterChoice characters={characters} disabled={sending} onChoose={(c) => void send(c)} />
      ) : (
        <Button
          className="min-h-14 w-full text-lg"
          disabled={!online || sending}
          onClick={tap}
          aria-describedby={online ? undefined : `offline-${checkIn.id}`}
        >
          <Hand className="size-5" aria-hidden="true" />
          {sending ? "Checking in..." : I_WAS_THERE}
        </Button>
      )}
      {online ? null : (
        <p id={`offline-${checkIn.id}`} className="flex items-start gap-2 text-sm text-ink-muted">
          <CloudOff className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden="true" />
          {CHECK_IN_MESSAGES.offlineCheckIn}
        </p>
      )}
      {online && !choosing && remembered && characters.length > 1 ? (
        <p className="flex items-center gap-2 text-sm text-ink-muted">
          {checkingInAs(remembered.name)}
          <Button variant="ghost" className="min-h-9 px-2 py-1 text-sm" onClick={() => setChoosing(true)}>
            {CHANGE_CHARACTER}
          </Button>
        </p>
      ) : null}
    </div>
  );
}
