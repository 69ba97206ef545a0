/**
 * The check-ins open now, each with "I was there" (decision 080): on My page (all of them) and on the boss page (the
 * ones for a boss shown there). Nothing when none is open or the raider is offline with none known.
 */
import type { MyCheckInAnswer, RaiderCheckIn } from "@shared/schemas/check-ins.ts";
import { RaiderCheckInCard } from "./raider-check-in-card.tsx";
import { useMyCheckIns } from "./use-my-check-ins.ts";

export function MyOpenCheckIns({
  userId,
  online,
  only,
}: {
  userId: number;
  online: boolean;
  /** Only the check-ins this keeps (the boss page: bosses it shows). */
  only?: (checkIn: RaiderCheckIn) => boolean;
}) {
  const read = useMyCheckIns(userId, online);
  const data = read.data;
  if (data === null) return null;
  const shown = data.checkIns.filter((c) => c.acceptsCheckIns && (only?.(c) ?? true));
  if (shown.length === 0) return null;
  const answered = (answer: MyCheckInAnswer) =>
    read.replace({
      ...data,
      checkIns: data.checkIns.map((c) => (c.id === answer.checkIn.id ? answer.checkIn : c)),
    });
  return (
    <section aria-label="Open check-ins" className="flex flex-col gap-3" data-testid="open-check-ins">
      {shown.map((checkIn) => (
        <RaiderCheckInCard
          key={checkIn.id}
          userId={userId}
          checkIn={checkIn}
          characters={data.characters}
          online={online}
          onAnswer={answered}
        />
      ))}
    </section>
  );
}
