/**
 * /check-in/CODE (decision 080): what the check-in's QR code and Discord link open. A signed-in raider sees the
 * check-in the code names and taps "I was there"; a visitor is sent to log in and comes back here. Light on
 * purpose: twenty phones open it at once after a kill.
 */
import { useParams } from "@tanstack/react-router";
import { MY_CHECK_IN_CALLS } from "@shared/contract/check-ins.ts";
import { CHECK_IN_MESSAGES, type MyCheckInAnswer } from "@shared/schemas/check-ins.ts";
import { ErrorAlert } from "@web/components/error-alert.tsx";
import { PageHeader } from "@web/components/page-header.tsx";
import { Skeleton } from "@web/components/skeleton.tsx";
import { useLiveNotice } from "@web/data/live-notice.ts";
import { RaiderCheckInCard } from "@web/features/check-ins/raider-check-in-card.tsx";
import { CHECK_INS_NOTICE, RAIDER_NOTICE_SPREAD_MS } from "@web/features/check-ins/use-my-check-ins.ts";
import { useOnline } from "@web/features/sync-status/use-online.ts";
import { api } from "@web/lib/api-client.ts";
import { useServerRead } from "@web/lib/use-server-read.ts";
import { AccessGuard } from "@web/shell/access-guard.tsx";
import { useDocumentTitle } from "@web/shell/use-document-title.ts";

/** Why a tap would be refused now, the server's words ('The check-in for Duskwing closed at 9:40 PM.'). */
const closedMessage = (answer: MyCheckInAnswer) => answer.checkIn.refusal ?? CHECK_IN_MESSAGES.notOpen;

function CheckInByCode({ userId, code }: { userId: number; code: string }) {
  const online = useOnline();
  const read = useServerRead<MyCheckInAnswer>(
    ["check-in-code", code],
    (signal) => api.call(MY_CHECK_IN_CALLS.lookUp, { query: { code }, signal }),
    online,
  );
  useLiveNotice(CHECK_INS_NOTICE, read.reload, online, RAIDER_NOTICE_SPREAD_MS);
  const answer = read.data;
  if (answer === null) {
    if (!online) return <ErrorAlert message={CHECK_IN_MESSAGES.offlineCheckIn} />;
    if (read.status === "error") return <ErrorAlert message={read.error} />;
    return <Skeleton className="h-40" />;
  }
  return (
    <RaiderCheckInCard
      userId={userId}
      checkIn={answer.checkIn}
      characters={answer.characters}
      online={online}
      onAnswer={read.replace}
      closedMessage={closedMessage(answer)}
    />
  );
}

export function CheckInPage() {
  useDocumentTitle((brand) => `Check in - ${brand}`);
  const { code = "" } = useParams({ strict: false }) as { code?: string };
  return (
    <div className="mx-auto w-full max-w-xl">
      <PageHeader title="Check in" subtitle={`Code ${code.toUpperCase()}`} />
      <AccessGuard>{(user) => <CheckInByCode key={user.id} userId={user.id} code={code} />}</AccessGuard>
    </div>
  );
}
