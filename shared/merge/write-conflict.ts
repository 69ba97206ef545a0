/**
 * The 409 answer of an update whose field someone else changed since the writer's base
 * (docs/decisions/038-field-merges.md), and the sentence both sides show for it: "Stormhollow's category was
 * changed to Core by B while you were offline." Plain JSON: money as decimal text, instants as ISO text. Rows
 * are named as the screens name them, never by id (docs/decisions/058): a member by their name, an item by its
 * name and day, a raid by its boss and day.
 */

import { formatDate } from "../format/format-date.ts";
import { formatMoney } from "../money/money.ts";
import { ENTITY_FIELD_RULES, type FieldKind, type MergeEntity, namesOf } from "./field-merge.ts";

export interface FieldConflict {
  /** The body's field name ('category', 'respawn_time_hours'). */
  field: string;
  /** The value the writer's change was based on. */
  base: unknown;
  /** The value the writer wants. */
  yours: unknown;
  /** The value the row holds now. */
  theirs: unknown;
  /** Who set the value the row holds now (display name, else email), from the audit log; null when unknown. */
  changedBy: string | null;
  /** When, as ISO text; null when unknown. */
  changedAt: string | null;
}

export interface WriteConflict {
  entity: MergeEntity;
  id: number;
  /** What the row is called in the sentence: a member's or loot's or boss's name, a record's boss and day. */
  subject: string;
  fields: FieldConflict[];
  /** The row as the collection's read answers it now. */
  current: Record<string, unknown>;
  /**
   * The names of the members the conflicting fields refer to (a main character), by id as text, so the
   * sentence says "Aldric" where the field holds 25. Absent in answers from before decision 058.
   */
  names?: Record<string, string>;
}

/**
 * The body of the 409: `error` is the sentence, for clients that only read the error field
 * (docs/product.md#wire-format-and-errors).
 */
export interface WriteConflictAnswer {
  error: string;
  conflict: WriteConflict;
}

export function kindOf(entity: MergeEntity, field: string): FieldKind {
  const rules = ENTITY_FIELD_RULES[entity] as Record<string, { kind: FieldKind }>;
  return rules[field]?.kind ?? "choice";
}

function labelOf(entity: MergeEntity, field: string): string {
  const rules = ENTITY_FIELD_RULES[entity] as Record<string, { label: string }>;
  return rules[field]?.label ?? field;
}

/** What a reference shows when its name is not known: never the bare id. */
export const UNNAMED_REF = "another member";

/**
 * A field's value as the sentence shows it. `names`: the names of referenced members by id (the conflict's
 * `names`); a reference without one shows UNNAMED_REF.
 */
export function showValue(
  kind: FieldKind,
  value: unknown,
  timeZone?: string | null,
  names?: Readonly<Record<string, string>>,
): string {
  if (value === null || value === undefined || value === "") return "none";
  switch (kind) {
    case "money":
      return formatMoney(value as string | number, "usdt");
    case "day":
    case "instant":
      return formatDate(value as string, timeZone);
    case "names": {
      const names = namesOf(value);
      return names.length === 0 ? "nobody" : names.join(", ");
    }
    case "ref": {
      const name = typeof names === "object" && names !== null ? names[String(value)] : undefined;
      return typeof name === "string" ? name : UNNAMED_REF;
    }
    default:
      return String(value);
  }
}

/** One of a conflicting field's values (what it was based on, what the writer wants, what it is now), shown. */
export function shownValue(
  conflict: Pick<WriteConflict, "entity" | "names">,
  field: FieldConflict,
  which: "base" | "yours" | "theirs",
  timeZone?: string | null,
): string {
  return showValue(kindOf(conflict.entity, field.field), field[which], timeZone, conflict.names);
}

/**
 * "Stormhollow's category was changed to Core by B while you were offline."; a record or an item, named with its
 * day: "The value of Dragon Scale (Nov 22, 2026) was changed to ...".
 */
export function conflictSentence(
  conflict: Pick<WriteConflict, "entity" | "subject" | "names">,
  field: FieldConflict,
  timeZone?: string | null,
): string {
  const label = labelOf(conflict.entity, field.field);
  const what =
    conflict.entity === "attendance_record" || conflict.entity === "market_item"
      ? `The ${label} of ${conflict.subject}`
      : `${conflict.subject}'s ${label}`;
  const to = shownValue(conflict, field, "theirs", timeZone);
  const by = field.changedBy ? ` by ${field.changedBy}` : "";
  return `${what} was changed to ${to}${by} while you were offline.`;
}

/** Every conflicting field's sentence, for the answer's `error`. */
export function conflictMessage(conflict: WriteConflict, timeZone?: string | null): string {
  return conflict.fields.map((field) => conflictSentence(conflict, field, timeZone)).join(" ");
}

/** Reads a 409 body's `conflict`, or undefined when it has none of the expected shape. */
export function readWriteConflict(body: unknown): WriteConflict | undefined {
  if (typeof body !== "object" || body === null || !("conflict" in body)) return undefined;
  const conflict = (body as { conflict: unknown }).conflict as Partial<WriteConflict> | null;
  if (
    typeof conflict !== "object" ||
    conflict === null ||
    typeof conflict.entity !== "string" ||
    !(conflict.entity in ENTITY_FIELD_RULES) ||
    typeof conflict.id !== "number" ||
    typeof conflict.subject !== "string" ||
    !Array.isArray(conflict.fields) ||
    typeof conflict.current !== "object" ||
    conflict.current === null
  ) {
    return undefined;
  }
  const fields = conflict.fields.filter(
    (f): f is FieldConflict => typeof f === "object" && f !== null && typeof f.field === "string",
  );
  return fields.length === 0 ? undefined : (conflict as WriteConflict);
}
