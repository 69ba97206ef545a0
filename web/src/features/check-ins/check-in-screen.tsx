/**
 * The officer's check-in screen (decision 080): the code big, its QR code and a text for Discord, the time left,
 * and the names filling live (each raider's check-in within moments, through the live feed), with add and remove;
 * then close it into an attendance record, or into Record a raid (its names filled in) when there is loot, or
 * cancel it. Everything is an online call; each refusal is the server's message.
 */
import { CheckCheck, ClipboardList, Timer, Trash2, UserRound, X } from "lucide-react";
import { useMemo, useState } from "react";
import { CHECK_IN_CALLS } from "@shared/contract/check-ins.ts";
import type { CheckInClosed, CheckInDetail, CheckInEntry } from "@shared/schemas/check-ins.ts";
import { Button } from "@web/components/button.tsx";
import { Card, CardTitle } from "@web/components/card.tsx";
import { CopyButton } from "@web/components/copy-button.tsx";
import { ConfirmDialog, Field, FormError } from "@web/components/dialog.tsx";
import { ParticipantPicker } from "@web/components/participant-picker.tsx";
import { activePickerMembers } from "@web/components/participant-picker-model.ts";
import { toastSaved } from "@web/components/write-toasts.ts";
import type { GuildMember } from "@web/data/portal-db.ts";
import { api, errorMessage } from "@web/lib/api-client.ts";
import { useSeconds } from "@web/lib/use-seconds.ts";
import { CheckInQr } from "./check-in-qr.tsx";
import {
  ADD_NAMES,
  CANCEL_CHECK_IN,
  CHECK_IN_CANCELLED,
  CLOSE_INTO_ATTENDANCE,
  CLOSE_INTO_RECORD_RAID,
  COPY_FOR_DISCORD,
  checkedInCount,
  checkInLink,
  closedIntoAttendanceMessage,
  discordText,
  TIME_IS_UP,
  timeLeft,
} from "./check-in-texts.ts";

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

const STATUS_TEXT = { open: "Open", closed: "Closed", cancelled: "Cancelled" } as const;

function CodeCard({ checkIn, now }: { checkIn: CheckInDetail; now: number }) {
  const link = checkInLink(window.location.origin, checkIn.code);
  const minutesLeft = Math.max(1, Math.ceil((checkIn.closesAt.getTime() - now) / 60_000));
  const open = checkIn.status === "open";
  return (
    <Card className="flex flex-col items-center gap-4 text-center">
      <div className="flex w-full flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-bold uppercase tracking-wide text-ink">{checkIn.bossName}</h2>
        <span
          data-testid="check-in-status"
          className="rounded-full bg-surface-raised px-2.5 py-1 text-sm font-semibold text-gold ring-1 ring-gold/40"
        >
          {STATUS_TEXT[checkIn.status]}
        </span>
      </div>
      <p className="sr-only">Code</p>
      <p
        data-testid="check-in-code"
        className="font-mono text-5xl font-bold tracking-[0.2em] text-ink sm:text-6xl"
      >
        {checkIn.code}
      </p>
      {open ? (
        <>
          <p
            className="flex items-center gap-2 font-mono text-lg tabular-nums text-gold"
            data-testid="time-left"
          >
            <Timer className="size-5" aria-hidden="true" />
            {checkIn.acceptsCheckIns ? `${timeLeft(checkIn.closesAt, now)} left` : TIME_IS_UP}
          </p>
          <p className="text-sm text-ink-muted">{checkedInCount(checkIn.entries.length)}</p>
          <CheckInQr link={link} size={208} />
          <p className="break-all text-sm text-ink-muted">{link}</p>
          <div className="flex flex-wrap justify-center gap-2">
            <CopyButton
              text={discordText(checkIn.bossName, checkIn.code, link, minutesLeft)}
              label={COPY_FOR_DISCORD}
            />
          </div>
        </>
      ) : null}
    </Card>
  );
}

function EntryRow({
  entry,
  open,
  busy,
  onRemove,
}: {
  entry: CheckInEntry;
  open: boolean;
  busy: boolean;
  onRemove: () => void;
}) {
  const time = entry.createdAt.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  return (
    <li
      className="flex min-h-12 items-center gap-3 py-1.5"
      data-testid="check-in-entry"
      data-name={entry.memberName}
    >
      <UserRound className="size-5 shrink-0 text-ink-muted" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-ink">{entry.memberName}</p>
        <p className="truncate text-xs text-ink-muted">
          {entry.mainName ? `Alt of ${entry.mainName} · ` : ""}
          {entry.addedBy === "officer" ? `Added by ${entry.addedByName}` : "Checked in"} · {time}
        </p>
      </div>
      {open ? (
        <Button
          variant="ghost"
          size="icon"
          disabled={busy}
          onClick={onRemove}
          aria-label={`Remove ${entry.memberName}`}
        >
          <X className="size-5" aria-hidden="true" />
        </Button>
      ) : null}
    </li>
  );
}

/** Sticky at the bottom, in reach of a thumb: the two ways to close, and cancel (asked first). */
function ActionBar({
  busy,
  onClose,
  onCancel,
}: {
  busy: boolean;
  onClose: (into: "attendance" | "names") => void;
  onCancel: () => void;
}) {
  const [confirmCancel, setConfirmCancel] = useState(false);
  return (
    <div className="sticky bottom-0 z-10 -mx-4 grid grid-cols-[1fr_auto] gap-2 border-t border-line bg-canvas/95 px-4 py-3 backdrop-blur sm:mx-0 sm:flex sm:flex-wrap sm:rounded-xl sm:border lg:col-span-2">
      <Button className="col-span-2" disabled={busy} onClick={() => onClose("attendance")}>
        <CheckCheck className="size-4" aria-hidden="true" />
        {CLOSE_INTO_ATTENDANCE}
      </Button>
      <Button variant="secondary" disabled={busy} onClick={() => onClose("names")}>
        {CLOSE_INTO_RECORD_RAID}
      </Button>
      <Button variant="ghost" className="sm:ml-auto" disabled={busy} onClick={() => setConfirmCancel(true)}>
        <Trash2 className="size-4" aria-hidden="true" />
        {CANCEL_CHECK_IN}
      </Button>
      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title="Cancel this check-in?"
        description="Nothing is recorded; raiders can no longer check in with its code."
        confirmLabel={CANCEL_CHECK_IN}
        onConfirm={onCancel}
      />
    </div>
  );
}

export function CheckInScreen({
  checkIn,
  members,
  online,
  onChanged,
  onClosedIntoNames,
}: {
  checkIn: CheckInDetail;
  members: readonly GuildMember[];
  online: boolean;
  /** The check-in as a write answered it. */
  onChanged: (checkIn: CheckInDetail) => void;
  /** Closed into Record a raid: its answer, for the screen to open Record a raid with. */
  onClosedIntoNames: (closed: CheckInClosed) => void;
}) {
  const now = useSeconds(checkIn.status === "open");
  const [working, setWorking] = useState(false);
  // Every change is a call to the server: offline the screen shows the last answer, and its buttons wait.
  const busy = working || !online;
  const [error, setError] = useState<string | null>(null);
  const open = checkIn.status === "open";
  const choices = useMemo(() => activePickerMembers(members), [members]);
  const names = checkIn.entries.map((e) => e.memberName);

  const run = async (write: () => Promise<void>) => {
    setWorking(true);
    setError(null);
    try {
      await write();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setWorking(false);
    }
  };

  // The picker answers the whole list: what it added goes on, what it dropped comes off, one call each.
  const pick = (picked: string[]) =>
    run(async () => {
      let latest = checkIn;
      for (const name of picked.filter((p) => !names.some((n) => sameName(n, p)))) {
        latest = (await api.call(CHECK_IN_CALLS.add, { body: { id: checkIn.id, memberName: name } })).checkIn;
        onChanged(latest);
      }
      for (const entry of checkIn.entries.filter((e) => !picked.some((p) => sameName(p, e.memberName)))) {
        latest = (
          await api.call(CHECK_IN_CALLS.remove, { body: { id: checkIn.id, memberId: entry.memberId } })
        ).checkIn;
        onChanged(latest);
      }
    });
  const remove = (entry: CheckInEntry) =>
    run(async () => {
      onChanged(
        (await api.call(CHECK_IN_CALLS.remove, { body: { id: checkIn.id, memberId: entry.memberId } }))
          .checkIn,
      );
    });
  const close = (into: "attendance" | "names") =>
    run(async () => {
      const closed = await api.call(CHECK_IN_CALLS.close, { body: { id: checkIn.id, into } });
      onChanged(closed.checkIn);
      if (into === "names") onClosedIntoNames(closed);
      else toastSaved(closedIntoAttendanceMessage(checkIn.bossName, closed.names.length));
    });
  const cancel = () =>
    run(async () => {
      onChanged((await api.call(CHECK_IN_CALLS.cancel, { body: { id: checkIn.id } })).checkIn);
      toastSaved(CHECK_IN_CANCELLED);
    });

  return (
    <div className="flex flex-col gap-5 pb-28 lg:grid lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:items-start">
      <CodeCard checkIn={checkIn} now={now} />
      <Card className="flex flex-col gap-3">
        <CardTitle icon={<ClipboardList className="size-5" aria-hidden="true" />}>
          Checked in <span data-testid="check-in-count">({checkIn.entries.length})</span>
        </CardTitle>
        {open ? (
          <Field label={ADD_NAMES} labelNamesControl={false} hint="For those who cannot check in themselves.">
            {(control) => (
              <ParticipantPicker
                {...control}
                members={choices}
                value={names}
                onChange={(p) => void pick(p)}
                disabled={busy}
              />
            )}
          </Field>
        ) : null}
        <FormError message={error ?? undefined} />
        {checkIn.entries.length === 0 ? (
          <p className="text-sm text-ink-muted">
            Nobody yet. Raiders tap "I was there" on their phones, with the code or the QR code.
          </p>
        ) : (
          <ul className="divide-y divide-line" aria-label="Checked in">
            {checkIn.entries.map((entry) => (
              <EntryRow
                key={entry.memberId}
                entry={entry}
                open={open}
                busy={busy}
                onRemove={() => void remove(entry)}
              />
            ))}
          </ul>
        )}
      </Card>
      {open ? (
        <ActionBar busy={busy} onClose={(into) => void close(into)} onCancel={() => void cancel()} />
      ) : null}
    </div>
  );
}
