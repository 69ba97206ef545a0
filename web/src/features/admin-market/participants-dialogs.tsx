/**
 * The participants of one item: the viewer (each participant with category) and 'Manage Participants', which
 * edits the list with the shared participant picker and saves it as an item update.
 */
import { UserCog } from "lucide-react";
import { useState } from "react";
import { problemWith } from "@shared/schemas/form-errors.ts";
import { createMarketItemSchema } from "@shared/schemas/market.ts";
import { Button } from "@web/components/button.tsx";
import { Dialog } from "@web/components/dialog.tsx";
import { ParticipantPicker, type PickerMember } from "@web/components/participant-picker.tsx";
import { ParticipantList, ParticipantsDialog } from "@web/components/participants-dialog.tsx";
import type { ParticipantRow } from "./admin-market-view.ts";

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
    <ParticipantsDialog
      open={open}
      onOpenChange={onOpenChange}
      lootName={lootName}
      participants={participants}
      footer={
        <Button variant="secondary" onClick={onManage}>
          <UserCog className="size-4" aria-hidden="true" />
          Manage Participants
        </Button>
      }
    />
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
  /** `opened`: the names the dialog opened with, which the change is based on (decision 038). */
  onSave: (names: string[], opened: readonly string[]) => void;
}) {
  const [opened] = useState(current);
  const [names, setNames] = useState<string[]>([...current]);
  const byName = new Map(members.map((m) => [m.playerName.toLowerCase(), m.category]));
  const rows = names.map((name) => ({ name, category: byName.get(name.toLowerCase()) ?? "Members" }));
  const changed = names.length !== current.length || names.some((n, i) => n !== current[i]);
  // The server's own check of the list, with its message ('Participated members are required', ...).
  const problem = problemWith(createMarketItemSchema.shape.participatedMembers, names);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      title="Manage Participants"
      description={`Who took part in the raid that dropped ${lootName}. Salaries follow the list once the item is Sold.`}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button disabled={!changed || problem !== undefined} onClick={() => onSave(names, opened)}>
            Save Participants
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <ParticipantPicker members={members} value={names} onChange={setNames} />
        {problem ? (
          <p role="alert" className="text-sm text-danger">
            {problem}
          </p>
        ) : null}
        <ParticipantList participants={rows} />
      </div>
    </Dialog>
  );
}
