/**
 * /admin/check-ins/ID (decision 080): one check-in's screen for the officer running it. Closing it into Record a raid
 * opens Record a raid with its boss, day and names filled in, for the loot.
 */
import { Link, useNavigate, useParams } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import { CHECK_IN_MESSAGES, type CheckInClosed } from "@shared/schemas/check-ins.ts";
import { ErrorAlert } from "@web/components/error-alert.tsx";
import { OnlineOnlyNotice } from "@web/components/online-only-notice.tsx";
import { PageHeader } from "@web/components/page-header.tsx";
import { Skeleton } from "@web/components/skeleton.tsx";
import { useGuildMembers } from "@web/data/hooks.ts";
import { CheckInScreen } from "@web/features/check-ins/check-in-screen.tsx";
import { CHECK_INS_TITLE } from "@web/features/check-ins/check-in-texts.ts";
import { useCheckIn } from "@web/features/check-ins/use-check-in.ts";
import { useOnline } from "@web/features/sync-status/use-online.ts";
import { useDocumentTitle } from "@web/shell/use-document-title.ts";

export function CheckInPage() {
  const { id = "" } = useParams({ strict: false }) as { id?: string };
  const online = useOnline();
  const read = useCheckIn(Number(id), online);
  const members = useGuildMembers();
  const navigate = useNavigate();
  const checkIn = read.data?.checkIn;
  useDocumentTitle((brand) => `${checkIn ? `Check-in ${checkIn.bossName}` : CHECK_INS_TITLE} - ${brand}`);

  const toRecordRaid = (closed: CheckInClosed) =>
    void navigate({
      to: "/admin/record-raid",
      search: {
        boss: closed.checkIn.bossName,
        day: closed.raidDay,
        participants: closed.names,
      },
    });

  return (
    <>
      <PageHeader
        title={checkIn ? `Check-in: ${checkIn.bossName}` : "Check-in"}
        actions={
          <Link
            to="/admin/check-ins"
            className="inline-flex min-h-11 items-center gap-2 text-gold hover:underline"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            All check-ins
          </Link>
        }
      />
      {!online ? (
        <div className="mb-5">
          <OnlineOnlyNotice>{CHECK_IN_MESSAGES.offlineOfficer}</OnlineOnlyNotice>
        </div>
      ) : null}
      {checkIn ? (
        <CheckInScreen
          checkIn={checkIn}
          members={members ?? []}
          online={online}
          onChanged={(next) => read.replace({ checkIn: next })}
          onClosedIntoNames={toRecordRaid}
        />
      ) : read.status === "error" ? (
        <ErrorAlert message={read.error} />
      ) : online ? (
        <Skeleton className="h-96" />
      ) : null}
    </>
  );
}
