/**
 * What the user does with an update the server refused because someone else changed one of its fields since
 * the form opened (decision 038). Keep theirs: the write goes on without the conflicting fields (a write left
 * with nothing to change is discarded), so its other fields still land. Use yours: it is sent again with the
 * values the row holds now as the base, so the server takes it unless the field changes once more.
 */
import { ENTITY_FIELD_RULES } from "@shared/merge/field-merge.ts";
import type { WriteConflict } from "@shared/merge/write-conflict.ts";
import { mutationFor, touchedBy } from "./mutations.ts";
import type { OutboxRow, PortalDb } from "./portal-db.ts";
import { rebuildCollections } from "./rebuild.ts";

export type ConflictChoice = "theirs" | "yours";

type Body = Record<string, unknown> & { base?: Record<string, unknown> };

/**
 * The write's body after the choice; null when keeping theirs leaves it nothing to change (discard it).
 * Fields the rules do not know (the member form's read-only salary) do not count as changes.
 */
export function resolvedArgs(args: unknown, conflict: WriteConflict, choice: ConflictChoice): Body | null {
  const body = { ...(args as Body) };
  const base = { ...body.base };
  for (const { field, theirs } of conflict.fields) {
    if (choice === "yours") {
      base[field] = theirs;
    } else {
      delete body[field];
      delete base[field];
    }
  }
  body.base = base;
  const rules = ENTITY_FIELD_RULES[conflict.entity];
  return Object.keys(rules).some((field) => body[field] !== undefined) ? body : null;
}

interface ConflictOutbox {
  retry(id: string): Promise<boolean>;
  discard(id: string): Promise<boolean>;
}

/**
 * Applies the choice to a failed row with a conflict and puts it back in line (or discards it). False when
 * there is no such row, or it has no conflict (any longer).
 */
export async function resolveConflict(
  db: PortalDb,
  outbox: ConflictOutbox,
  id: string,
  choice: ConflictChoice,
): Promise<boolean> {
  const next = await db.transaction("rw", db.tables, async (): Promise<"retry" | "discard" | "none"> => {
    const row = await db.outbox.where("id").equals(id).first();
    if (!row?.conflict || row.seq === undefined || row.status !== "failed") return "none";
    const args = resolvedArgs(row.args, row.conflict, choice);
    if (args === null) return "discard";
    const changes: Partial<OutboxRow> = { args, conflict: undefined };
    await db.outbox.update(row.seq, changes);
    // Keeping theirs drops fields from the write's local effect; using yours may change a list's merge.
    const mutation = mutationFor(row.name);
    if (mutation) await rebuildCollections(db, touchedBy(mutation));
    return "retry";
  });
  if (next === "none") return false;
  return next === "discard" ? outbox.discard(id) : outbox.retry(id);
}
