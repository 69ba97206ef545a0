/** A loot item's participants, each with their category: the public market's viewer and the admin's. */
import type { ReactNode } from "react";
import { CategoryBadge } from "./badge.tsx";
import { Dialog } from "./dialog.tsx";

export interface ParticipantEntry {
  name: string;
  /** The roster's category; Members for a participant not on the roster. */
  category: string;
}

export const NO_PARTICIPANTS = "No participants were recorded for this item.";

export function ParticipantList({ participants }: { participants: readonly ParticipantEntry[] }) {
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

export function ParticipantsDialog({
  open,
  onOpenChange,
  lootName,
  participants,
  footer,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  lootName: string;
  participants: readonly ParticipantEntry[];
  footer?: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      title="Participants"
      description={`${lootName} · ${participants.length} ${participants.length === 1 ? "participant" : "participants"}`}
      footer={footer}
    >
      <ParticipantList participants={participants} />
    </Dialog>
  );
}
