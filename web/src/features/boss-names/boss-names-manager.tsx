/**
 * Boss names management (docs/product.md#boss-names): the table with add, edit and delete. Used by the boss
 * names page and, inside a dialog, by the admin market page's 'Manage Boss Names'.
 */
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { scheduleLabel } from "@shared/bosses/boss-schedule.ts";
import { findLookalike } from "@shared/names/normalize-name.ts";
import { duplicateBossName } from "@shared/schemas/boss-names.ts";
import { lookalikeNameMessage } from "@shared/schemas/name-field.ts";
import { compareText } from "@shared/sorting/compare-text.ts";
import { UnsyncedBadge } from "@web/components/badge.tsx";
import { Button } from "@web/components/button.tsx";
import { rowClass, StateTable, Td, Th } from "@web/components/data-table.tsx";
import { ConfirmDialog } from "@web/components/dialog.tsx";
import { RowActions } from "@web/components/row-actions.tsx";
import { toastSaved, useRefusalToasts } from "@web/components/write-toasts.ts";
import { commands } from "@web/data/lazy-data-layer.ts";
import { isLocalId } from "@web/data/mutations.ts";
import type { BossNameRow } from "@web/data/portal-db.ts";
import { errorMessage } from "@web/lib/api-client.ts";
import { toast } from "@web/lib/toast.tsx";
import { BossNameFormDialog, type BossNameValues } from "./boss-name-form.tsx";

export type BossNamesState =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; data: readonly BossNameRow[] };

export const NO_BOSS_NAMES = "No boss names found. Add one to get started.";
export const bossNamesError = (message: string) =>
  `Error fetching boss names: ${message || "Unknown error occurred"}`;

/** The schedule column's header, which also names the field on a phone card. */
const RESPAWN = "Respawn";

type Action = { kind: "add" } | { kind: "edit"; boss: BossNameRow } | { kind: "delete"; boss: BossNameRow };

/** The server's 409 for a name taken in any letter case or looking like a taken one, or undefined. */
function takenMessage(rows: readonly BossNameRow[], name: string, exceptId?: number): string | undefined {
  const others = rows.filter((row) => row.id !== exceptId).map((row) => row.name);
  const taken = findLookalike(name, others);
  if (taken === undefined) return undefined;
  return taken.toLowerCase() === name.toLowerCase()
    ? duplicateBossName(name)
    : lookalikeNameMessage(name, taken);
}

export function BossNamesManager({ state }: { state: BossNamesState }) {
  const [action, setAction] = useState<Action | null>(null);
  const watch = useRefusalToasts();
  const rows = state.status === "ready" ? state.data : [];
  const close = () => setAction(null);

  const add = async ({ name, respawnTimeHours }: BossNameValues) => {
    const refusal = takenMessage(rows, name);
    if (refusal !== undefined) {
      toast.error(`Failed to add boss name: ${refusal}`);
      return;
    }
    try {
      const id = await commands.createBossName({ name, respawn_time_hours: respawnTimeHours });
      watch(id, (message) => ({ title: `Failed to add boss name: ${message}` }));
      close();
      toastSaved("Boss name added successfully!");
    } catch (error) {
      toast.error(`Failed to add boss name: ${errorMessage(error)}`);
    }
  };

  const update = async (boss: BossNameRow, { name, respawnTimeHours }: BossNameValues) => {
    const refusal = takenMessage(rows, name, boss.id);
    if (refusal !== undefined) {
      toast.error(`Failed to update boss name: ${refusal}`);
      return;
    }
    const changes = {
      ...(name !== boss.name ? { name } : {}),
      // A fixed-schedule boss whose hours field was left alone comes back with its own code: no change.
      ...(respawnTimeHours !== boss.respawnTimeHours ? { respawn_time_hours: respawnTimeHours } : {}),
    };
    if (Object.keys(changes).length === 0) {
      close();
      return;
    }
    // Each changed field's value as the form opened: the server merges it with other devices' edits (decision 038).
    const base = {
      ...("name" in changes ? { name: boss.name } : {}),
      ...("respawn_time_hours" in changes ? { respawn_time_hours: boss.respawnTimeHours } : {}),
    };
    try {
      const id = await commands.updateBossName({ id: boss.id, ...changes, base });
      watch(id, (message) => ({ title: `Failed to update boss name: ${message}` }));
      close();
      toastSaved("Boss name updated successfully!");
    } catch (error) {
      toast.error(`Failed to update boss name: ${errorMessage(error)}`);
    }
  };

  const remove = async (boss: BossNameRow) => {
    try {
      const id = await commands.deleteBossName(boss.id);
      watch(id, (message) => ({ title: `Failed to delete boss name: ${message}` }));
      toastSaved("Boss name deleted successfully!");
    } catch (error) {
      toast.error(`Failed to delete boss name: ${errorMessage(error)}`);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex justify-end">
        <Button onClick={() => setAction({ kind: "add" })} disabled={state.status !== "ready"}>
          <Plus className="size-4" aria-hidden="true" />
          Add Boss Name
        </Button>
      </div>
      <BossNamesTable
        state={state}
        onEdit={(boss) => setAction({ kind: "edit", boss })}
        onDelete={(boss) => setAction({ kind: "delete", boss })}
      />
      {action?.kind === "add" || action?.kind === "edit" ? (
        <BossNameFormDialog
          key={action.kind === "edit" ? action.boss.id : "add"}
          open
          onOpenChange={(open) => (open ? undefined : close())}
          editing={action.kind === "edit" ? action.boss : null}
          onSubmit={(values) => void (action.kind === "edit" ? update(action.boss, values) : add(values))}
        />
      ) : null}
      <ConfirmDialog
        open={action?.kind === "delete"}
        onOpenChange={(open) => (open ? undefined : close())}
        title="Delete boss name?"
        description={
          action?.kind === "delete"
            ? `${action.boss.name} is removed from the boss list and its timer. Loot and attendance records keep the name.`
            : ""
        }
        confirmLabel="Delete"
        onConfirm={() => {
          if (action?.kind === "delete") void remove(action.boss);
        }}
      />
    </div>
  );
}

function BossNamesTable({
  state,
  onEdit,
  onDelete,
}: {
  state: BossNamesState;
  onEdit: (boss: BossNameRow) => void;
  onDelete: (boss: BossNameRow) => void;
}) {
  const row = (boss: BossNameRow) => (
    <tr key={boss.id} className={rowClass} data-boss-name={boss.name}>
      <Td className="font-medium" card="title">
        {boss.name}
        {isLocalId(boss.id) ? <UnsyncedBadge /> : null}
      </Td>
      <Td className="whitespace-nowrap text-ink-muted" label={RESPAWN}>
        {scheduleLabel(boss.respawnTimeHours)}
      </Td>
      <Td className="py-1.5 text-right whitespace-nowrap" card="actions">
        <RowActions
          disabled={isLocalId(boss.id)}
          actions={[
            { icon: Pencil, label: `Edit ${boss.name}`, onClick: () => onEdit(boss) },
            {
              icon: Trash2,
              label: `Delete ${boss.name}`,
              iconClassName: "text-danger",
              onClick: () => onDelete(boss),
            },
          ]}
        />
      </Td>
    </tr>
  );
  return (
    <StateTable
      state={state.status === "ready" ? { status: "ready", rows: state.data } : state}
      label="Boss names"
      className="min-w-[22rem]"
      columns={3}
      head={
        <>
          <Th>Boss Name</Th>
          <Th>{RESPAWN}</Th>
          <Th className="text-right">Actions</Th>
        </>
      }
      body={(rows) => [...rows].sort((a, b) => compareText(a.name, b.name)).map(row)}
      error={bossNamesError}
      empty={NO_BOSS_NAMES}
    />
  );
}
