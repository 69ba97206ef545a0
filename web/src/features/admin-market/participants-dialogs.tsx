/**
 * The participants of one item: the viewer (each participant with category) and 'Manage Participants', which
 * edits the list with the shared participant picker and saves it as an item update.
 */
import { UserCog } from "lucide-react";
import { useState } from "react";
import { CategoryBadge } from "../../components/badge.tsx";
import { Button } from "../../components/button.tsx";
import { ModalDialog } from "../../components/modal-dialog.tsx";
import { ParticipantPicker, type PickerMember } from "../../components/participant-picker.tsx";
import type { ParticipantRow } from "./admin-market-view.ts";

export const NO_PARTICIPANTS = "No participants were recorded for this item.";

function ParticipantList({ participants }: { participants: readonly ParticipantRow[] }) {
  if (participants.length === 0) return <p className="text-sm text-ink-muted">{NO_PARTICIPANTS}</p>;
  return (
    <ul className="-mx-2 flex flex-col">
      {participants.map((participant) => (
        <li
          key={participant.name}
          className="flex min-h-11 items-center justify-between gap-3 rounded-lg px-2 py-2 hover:bg-surface-raised/50"
        >
          <span className="truncate font-medium text-ink">{participant.name}</span>
          <CategoryBadge category={participant.category} />
        </li>
      ))}
    </ul>
  );
}

export function ParticipantsViewDialog({
  open,
  onOpenChange,
  lootName,
  participants,
  onManage,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  lootName: string;
  participants: readonly ParticipantRow[];
  onManage: () => void;
}) {
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Participants"
      description={`${lootName} · ${participants.length} ${participants.length === 1 ? "participant" : "participants"}`}
      footer={
        <Button variant="secondary" onClick={onManage}>
          <UserCog className="size-4" aria-hidden="true" />
          Manage Participants
        </Button>
      }
    >
      <ParticipantList participants={participants} />
    </ModalDialog>
  );
}

export function ManageParticipantsDialog({
  open,
  onOpenChange,
  lootName,
  current,
  members,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  lootName: string;
  /** The names on the item now. */
  current: readonly string[];
  members: readonly PickerMember[];
  onSave: (names: string[]) => void;
}) {
  const [names, setNames] = useState<string[]>([...current]);
  const byName = new Map(members.map((m) => [m.playerName.toLowerCase(), m.category]));
  const rows = names.map((name) => ({ name, category: byName.get(name.toLowerCase()) ?? "Members" }));
  const changed = names.length !== current.length || names.some((n, i) => n !== current[i]);
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Manage Participants"
      description={`Who took part in the raid that dropped ${lootName}. Salaries follow the list once the item is Sold.`}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button disabled={!changed || names.length === 0} onClick={() => onSave(names)}>
            Save Participants
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <ParticipantPicker members={members} value={names} onChange={setNames} />
        {names.length === 0 ? (
          <p role="alert" className="text-sm text-danger">
            Participated members are required
          </p>
        ) : null}
        <ParticipantList participants={rows} />
      </div>
    </ModalDialog>
  );
}
