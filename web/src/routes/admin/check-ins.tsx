/**
 * /admin/check-ins (decision 080): the check-ins open now and those ended within the last day, each leading to its
 * screen, and 'Open a check-in'. Online only: check-ins live on the server.
 */
import { Link } from "@tanstack/react-router";
import { ChevronRight, QrCode } from "lucide-react";
import { CHECK_IN_MESSAGES, type CheckInList } from "@shared/schemas/check-ins.ts";
import { Button } from "@web/components/button.tsx";
import { Card } from "@web/components/card.tsx";
import { ErrorAlert } from "@web/components/error-alert.tsx";
import { OnlineOnlyNotice } from "@web/components/online-only-notice.tsx";
import { PageHeader } from "@web/components/page-header.tsx";
import { Skeleton } from "@web/components/skeleton.tsx";
import { useBossNames } from "@web/data/hooks.ts";
import { CHECK_INS_TITLE, OPEN_A_CHECK_IN } from "@web/features/check-ins/check-in-texts.ts";
import { OpenCheckInDialog } from "@web/features/check-ins/open-check-in-dialog.tsx";
import { useCheckInList } from "@web/features/check-ins/use-check-in.ts";
import { useOnline } from "@web/features/sync-status/use-online.ts";
import { useDocumentTitle } from "@web/shell/use-document-title.ts";

const STATUS = { open: "Open", closed: "Closed", cancelled: "Cancelled" } as const;

function CheckInRows({ list }: { list: CheckInList }) {
  if (list.checkIns.length === 0)
    return <p className="text-ink-muted">No check-ins in the last day. Open one right after a kill.</p>;
  return (
    <ul className="flex flex-col gap-2">
      {list.checkIns.map((c) => (
        <li key={c.id}>
          <Link
            to="/admin/check-ins/$id"
            params={{ id: String(c.id) }}
            className="flex min-h-14 items-center gap-3 rounded-xl border border-line bg-surface px-4 py-2 hover:bg-surface-raised"
          >
            <span className="min-w-0 flex-1">
              <span className="block truncate font-semibold text-ink">{c.bossName}</span>
              <span className="block text-sm text-ink-muted">
                {STATUS[c.status]} · {c.entryCount} checked in · code {c.code}
              </span>
            </span>
            <ChevronRight className="size-5 shrink-0 text-ink-muted" aria-hidden="true" />
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function CheckInsPage() {
  useDocumentTitle((brand) => `${CHECK_INS_TITLE} - ${brand}`);
  const online = useOnline();
  const bosses = useBossNames();
  const read = useCheckInList(online);
  return (
    <>
      <PageHeader
        title={CHECK_INS_TITLE}
        subtitle="Raiders check in from their phones right after a kill; close the list into attendance."
        actions={
          <OpenCheckInDialog
            bosses={(bosses ?? []).map((b) => b.name).sort((a, b) => a.localeCompare(b))}
            online={online}
            trigger={
              <Button disabled={!online}>
                <QrCode className="size-4" aria-hidden="true" />
                {OPEN_A_CHECK_IN}
              </Button>
            }
          />
        }
      />
      {!online ? (
        <OnlineOnlyNotice>{CHECK_IN_MESSAGES.offlineOfficer}</OnlineOnlyNotice>
      ) : read.data ? (
        <CheckInRows list={read.data} />
      ) : read.status === "error" ? (
        <ErrorAlert message={read.error} />
      ) : (
        <Card>
          <Skeleton className="h-24" />
        </Card>
      )}
    </>
  );
}
