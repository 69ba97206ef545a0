/**
 * The header's outbox: a badge counting the writes that wait to reach the server (and those it refused), and
 * a panel listing the refused ones with the server's message, Retry and Discard (decision 011; a timer start
 * too old to record has Discard only, decision 036). Hidden while nothing waits. When the session expired the
 * queue is paused and the panel says the writes wait for the next login. Once waiting changes have all been sent it
 * says "All changes synced" (decision 085).
 */
import { AlertCircle, CloudUpload, PauseCircle, RotateCw, Trash2 } from "lucide-react";
import { Popover } from "radix-ui";
import { Button } from "@web/components/button.tsx";
import { CloseButton } from "@web/components/close-button.tsx";
import {
  isTooOldToRecord,
  TOO_OLD_TO_RECORD,
  TOO_OLD_TO_RECORD_DETAIL,
  useGuildMembers,
  useOutbox,
  usePayouts,
} from "@web/data/hooks.ts";
import { dataLayerActions } from "@web/data/lazy-data-layer.ts";
import type { OutboxRow } from "@web/data/portal-db.ts";
import { errorMessage } from "@web/lib/api-client.ts";
import { toast } from "@web/lib/toast.tsx";
import { type DeviceNames, describeWrite, outboxBadge, PAUSED_TEXT } from "./describe-write.ts";
import { useAllSyncedNotice } from "./use-all-synced-notice.ts";
import { CONFLICTS_TEXT, WriteConflictPrompt } from "./write-conflict-prompt.tsx";

const TONES = {
  waiting: "bg-gold text-gold-ink",
  paused: "bg-surface-raised text-ink ring-1 ring-line",
  failed: "bg-danger text-canvas",
} as const;

/** What can be done with a refused write; a failing action says "Failed to <label> the change." */
const ROW_ACTIONS = [
  { label: "Retry", Icon: RotateCw, variant: "secondary", run: dataLayerActions.retry },
  { label: "Discard", Icon: Trash2, variant: "ghost", run: dataLayerActions.discard },
] as const;

async function act(label: string, action: () => Promise<unknown>) {
  try {
    await action();
  } catch (error) {
    toast.error(`Failed to ${label.toLowerCase()} the change.`, { description: errorMessage(error) });
  }
}

function FailedWrite({ row, device }: { row: OutboxRow; device: DeviceNames }) {
  if (row.conflict) return <WriteConflictPrompt row={row} conflict={row.conflict} />;
  // Retry would send the same start time again (decision 036).
  const tooOld = isTooOldToRecord(row);
  const actions = tooOld ? ROW_ACTIONS.filter((action) => action.label !== "Retry") : ROW_ACTIONS;
  return (
    <li className="space-y-2 rounded-lg border border-danger/40 bg-danger/5 p-3" data-testid="failed-write">
      <p className="text-sm font-semibold text-ink">{describeWrite(row.name, row.args, device)}</p>
      <p className="flex items-start gap-2 text-sm text-red-200">
        <AlertCircle className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden="true" />
        {tooOld ? (
          <span>
            <strong className="font-semibold">{TOO_OLD_TO_RECORD}.</strong> {TOO_OLD_TO_RECORD_DETAIL}
          </span>
        ) : (
          <span>{row.lastError ?? "The server refused this change."}</span>
        )}
      </p>
      <div className="flex gap-2">
        {actions.map(({ label, Icon, variant, run }) => (
          <Button
            key={label}
            variant={variant}
            className="flex-1"
            onClick={() => void act(label, () => run(row.id))}
          >
            <Icon className="size-4" aria-hidden="true" />
            {label}
          </Button>
        ))}
      </div>
    </li>
  );
}

/**
 * The refused writes, each named as the screens name its row (decision 058). Mounted only while the panel is
 * open, so the roster and the payouts are read only then.
 */
function FailedWriteList({ failed }: { failed: readonly OutboxRow[] }) {
  const device: DeviceNames = { members: useGuildMembers(), payouts: usePayouts() };
  return (
    <ul className="max-h-[60vh] space-y-2 overflow-y-auto">
      {failed.map((row) => (
        <FailedWrite key={row.id} row={row} device={device} />
      ))}
    </ul>
  );
}

export function OutboxIndicator() {
  const { pendingCount, failed, paused } = useOutbox();
  useAllSyncedNotice();
  const badge = outboxBadge(pendingCount, failed.length, paused);
  if (!badge) return null;
  const Icon = paused ? PauseCircle : CloudUpload;
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button
          variant="ghost"
          className="relative gap-1 px-2! sm:gap-2 sm:px-3!"
          aria-label={badge.label}
          data-testid="outbox-badge"
        >
          <Icon className="size-5" aria-hidden="true" />
          <span
            className={`min-w-6 rounded-full px-1.5 text-center text-xs font-bold leading-6 ${TONES[badge.tone]}`}
          >
            {badge.text}
          </span>
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className="z-50 w-[min(24rem,calc(100vw-1rem))] space-y-3 rounded-2xl border border-line bg-surface p-4 shadow-2xl"
          data-testid="outbox-panel"
        >
          <div className="flex items-center justify-between gap-2">
            <h2 className="font-semibold text-ink">Changes to sync</h2>
            <Popover.Close asChild>
              <CloseButton />
            </Popover.Close>
          </div>
          {pendingCount > 0 ? (
            <p className="text-sm text-ink-muted">
              {pendingCount === 1
                ? "1 change is saved on this device and waiting to be sent."
                : `${pendingCount} changes are saved on this device and waiting to be sent.`}
            </p>
          ) : null}
          {paused ? (
            <p
              role="status"
              className="flex items-start gap-2 rounded-lg bg-surface-raised p-3 text-sm text-ink"
            >
              <PauseCircle className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden="true" />
              {PAUSED_TEXT}
            </p>
          ) : null}
          {failed.length > 0 ? (
            <>
              <p className="text-sm text-ink-muted">
                {failed.every(isTooOldToRecord)
                  ? `${failed.length === 1 ? "This change" : "These changes"} can no longer be recorded. Discard to undo it on this device.`
                  : failed.every((row) => row.conflict)
                    ? CONFLICTS_TEXT
                    : `The server refused ${failed.length === 1 ? "this change" : "these changes"}. Retry after fixing the cause, or discard to undo it on this device.`}
              </p>
              <FailedWriteList failed={failed} />
            </>
          ) : null}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
