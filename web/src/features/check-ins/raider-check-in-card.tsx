/**
 * One check-in as a raider sees it (decision 080): the boss, the time left, and "I was there" (or "Checked in as
 * X"). On My page, on the boss page and on /check-in/CODE.
 */
import { Timer } from "lucide-react";
import type { MyCheckInAnswer, MyCheckInCharacter, RaiderCheckIn } from "@shared/schemas/check-ins.ts";
import { Card } from "@web/components/card.tsx";
import { useSeconds } from "@web/lib/use-seconds.ts";
import { timeLeft } from "./check-in-texts.ts";
import { IWasThere } from "./i-was-there.tsx";

export function RaiderCheckInCard({
  userId,
  checkIn,
  characters,
  online,
  onAnswer,
  closedMessage,
}: {
  userId: number;
  checkIn: RaiderCheckIn;
  characters: readonly MyCheckInCharacter[];
  online: boolean;
  onAnswer: (answer: MyCheckInAnswer) => void;
  /** Shown in place of the button when the check-in no longer takes check-ins (the /check-in/CODE page). */
  closedMessage?: string;
}) {
  const now = useSeconds(checkIn.acceptsCheckIns);
  const closed = closedMessage !== undefined && !checkIn.acceptsCheckIns && checkIn.checkedInAs === null;
  return (
    <Card className="flex flex-col gap-3" data-testid="raider-check-in" data-check-in-boss={checkIn.bossName}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 className="text-xl font-bold uppercase tracking-wide text-ink">{checkIn.bossName}</h2>
        {checkIn.acceptsCheckIns ? (
          <span className="flex items-center gap-1.5 font-mono text-sm tabular-nums text-gold">
            <Timer className="size-4" aria-hidden="true" />
            {timeLeft(checkIn.closesAt, now)} left
          </span>
        ) : null}
      </div>
      {closed ? (
        <p role="status" className="text-sm text-ink-muted">
          {closedMessage}
        </p>
      ) : (
        <IWasThere
          userId={userId}
          checkIn={checkIn}
          characters={characters}
          online={online}
          onAnswer={onAnswer}
        />
      )}
    </Card>
  );
}
