/**
 * One loot row of Record a raid: name, value, status and participants, which follow the raid's until the
 * officer changes them for this item (decision 045). The boss and the day are the raid's.
 */
import { Trash2 } from "lucide-react";
import { LOOT_STATUSES, type LootStatus } from "@shared/schemas/market.ts";
import { Button } from "@web/components/button.tsx";
import { Field } from "@web/components/dialog.tsx";
import { ParticipantPicker, type PickerMember } from "@web/components/participant-picker.tsx";
import { MoneyField, TextField } from "@web/components/text-field.tsx";
import { type LootDraft, type LootErrors, lootParticipants } from "./record-raid-model.ts";

export const SAME_AS_RAID_HINT = "The raid's participants.";

export function LootItemFields({
  item,
  position,
  errors,
  members,
  raidParticipants,
  onChange,
  onRemove,
}: {
  item: LootDraft;
  /** 1-based, for the heading and the Remove button's name. */
  position: number;
  errors: LootErrors;
  members: readonly PickerMember[];
  raidParticipants: readonly string[];
  onChange: (item: LootDraft) => void;
  onRemove: () => void;
}) {
  const title = item.lootName.trim() === "" ? `Loot item ${position}` : item.lootName.trim();
  const set = <K extends keyof LootDraft>(field: K, value: LootDraft[K]) =>
    onChange({ ...item, [field]: value });
  return (
    <fieldset
      className="grid gap-4 rounded-xl border border-line bg-surface-raised/30 p-4 sm:grid-cols-[2fr_1fr_1fr]"
      data-testid="raid-loot-item"
    >
      <legend className="flex w-full items-center justify-between gap-2 px-1 text-sm font-semibold text-ink">
        <span className="truncate">{title}</span>
      </legend>
      <TextField
        label="Loot Name"
        autoComplete="off"
        error={errors.lootName}
        value={item.lootName}
        onChange={(v) => set("lootName", v)}
      />
      <MoneyField
        label="Value (USDT)"
        error={errors.value}
        value={item.value}
        onChange={(v) => set("value", v)}
      />
      <div className="flex flex-col gap-1.5">
        <span id={`${item.key}-status`} className="text-sm font-medium text-ink">
          Status
        </span>
        {/* Two choices side by side: one tap on a phone, where a native select takes two. */}
        <div
          role="radiogroup"
          aria-labelledby={`${item.key}-status`}
          className="grid min-h-11 grid-cols-2 gap-1 rounded-lg border border-line bg-surface p-1"
        >
          {LOOT_STATUSES.map((status) => (
            <label
              key={status}
              className="flex cursor-pointer items-center justify-center rounded-md px-3 text-sm font-semibold text-ink-muted has-checked:bg-gold has-checked:text-gold-ink has-focus-visible:ring-2 has-focus-visible:ring-gold"
            >
              <input
                type="radio"
                className="sr-only"
                name={`${item.key}-status`}
                value={status}
                checked={item.status === status}
                onChange={() => set("status", status as LootStatus)}
              />
              {status}
            </label>
          ))}
        </div>
        {errors.status ? <p className="text-sm text-danger">{errors.status}</p> : null}
      </div>
      <Field
        label="Participants"
        error={errors.participatedMembers}
        hint={item.participants === null ? SAME_AS_RAID_HINT : undefined}
        labelNamesControl={false}
        className="sm:col-span-2"
      >
        {(control) => (
          <ParticipantPicker
            {...control}
            members={members}
            value={lootParticipants(item, raidParticipants)}
            onChange={(names) => set("participants", names)}
          />
        )}
      </Field>
      <div className="flex flex-wrap items-end gap-2 sm:justify-end">
        {item.participants !== null ? (
          <Button variant="ghost" onClick={() => set("participants", null)}>
            Use the raid's participants
          </Button>
        ) : null}
        <Button variant="ghost" onClick={onRemove} aria-label={`Remove ${title}`}>
          <Trash2 className="size-4" aria-hidden="true" />
          Remove
        </Button>
      </div>
    </fieldset>
  );
}
