/**
 * 'Add New Loot' and 'Edit Loot': checked on submit and on blur with the shared market schema, so the
 * messages are the spec's ('Loot name is required', 'Participated members are required', ...).
 */
import { useId, useState } from "react";
import { formatMoney } from "../../../../shared/format/format-money.ts";
import { createMarketItemSchema, LOOT_STATUSES } from "../../../../shared/schemas/market.ts";
import { Button } from "../../components/button.tsx";
import { Field, inputClass, ModalDialog } from "../../components/modal-dialog.tsx";
import { ParticipantPicker, type PickerMember } from "../../components/participant-picker.tsx";
import type { MarketItem } from "../../data/portal-db.ts";
import { participantNamesOf } from "./admin-market-view.ts";

export interface LootValues {
  lootName: string;
  bossName: string;
  /** Decimal text, e.g. '1000.00'. */
  value: string;
  status: string;
  participatedMembers: string[];
  dateAcquired: string | null;
  totalFunds: string;
}

type FieldName =
  | "lootName"
  | "bossName"
  | "value"
  | "status"
  | "participatedMembers"
  | "dateAcquired"
  | "totalFunds";
type Errors = Partial<Record<FieldName, string>>;

interface Draft {
  lootName: string;
  bossName: string;
  value: string;
  status: string;
  participatedMembers: string[];
  dateAcquired: string;
  totalFunds: string;
}

function draftOf(item: MarketItem | null): Draft {
  return item
    ? {
        lootName: item.lootName,
        bossName: item.bossName,
        value: item.value,
        status: item.status,
        participatedMembers: participantNamesOf(item),
        dateAcquired: item.dateAcquired?.slice(0, 10) ?? "",
        totalFunds: item.totalFunds ?? "0",
      }
    : {
        lootName: "",
        bossName: "",
        value: "",
        status: "Pending",
        participatedMembers: [],
        dateAcquired: "",
        totalFunds: "0",
      };
}

function check(draft: Draft): { errors: Errors; values: LootValues | null } {
  const result = createMarketItemSchema.safeParse({
    lootName: draft.lootName,
    bossName: draft.bossName,
    value: draft.value.trim(),
    status: draft.status,
    participatedMembers: draft.participatedMembers,
    totalFunds: draft.totalFunds.trim() === "" ? "0" : draft.totalFunds.trim(),
    dateAcquired: draft.dateAcquired === "" ? null : draft.dateAcquired,
  });
  if (!result.success) {
    const errors: Errors = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0] as FieldName | undefined;
      if (field && !errors[field]) errors[field] = issue.message;
    }
    return { errors, values: null };
  }
  const data = result.data;
  return {
    errors: {},
    values: {
      lootName: data.lootName,
      bossName: data.bossName,
      value: formatMoney(data.value, "plain"),
      status: data.status,
      participatedMembers: JSON.parse(data.participatedMembers) as string[],
      dateAcquired: data.dateAcquired,
      totalFunds: formatMoney(data.totalFunds, "plain"),
    },
  };
}

export function LootFormDialog({
  open,
  onOpenChange,
  editing,
  bosses,
  members,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  editing: MarketItem | null;
  bosses: readonly string[];
  members: readonly PickerMember[];
  onSubmit: (values: LootValues) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(editing));
  const [errors, setErrors] = useState<Errors>({});
  // A message already shown is re-checked as the field changes, so it goes away once the value is right.
  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    if (errors[field as FieldName])
      setErrors((prev) => ({ ...prev, [field]: check(next).errors[field as FieldName] }));
  };
  const blur = (field: FieldName) => setErrors((prev) => ({ ...prev, [field]: check(draft).errors[field] }));
  const bossChoices =
    draft.bossName && !bosses.includes(draft.bossName) ? [draft.bossName, ...bosses] : bosses;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const { errors: found, values } = check(draft);
    setErrors(found);
    if (values) onSubmit(values);
  };

  const fieldProps = (field: FieldName) => ({
    id: `${id}-${field}`,
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? `${id}-${field}-error` : undefined,
    onBlur: () => blur(field),
  });

  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      wide
      title={editing ? "Edit Loot" : "Add New Loot"}
      description={editing ? `Change ${editing.lootName}.` : "Record loot from a raid and who took part."}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`}>
            {editing ? "Save Changes" : "Add Loot"}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <Field label="Loot Name" htmlFor={`${id}-lootName`} error={errors.lootName}>
          <input
            {...fieldProps("lootName")}
            className={inputClass}
            autoComplete="off"
            value={draft.lootName}
            onChange={(e) => set("lootName", e.target.value)}
          />
        </Field>
        <Field label="Boss Name" htmlFor={`${id}-bossName`} error={errors.bossName}>
          <select
            {...fieldProps("bossName")}
            className={inputClass}
            value={draft.bossName}
            onChange={(e) => set("bossName", e.target.value)}
          >
            <option value="">Select a boss</option>
            {bossChoices.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Value (USDT)" htmlFor={`${id}-value`} error={errors.value}>
          <input
            {...fieldProps("value")}
            className={inputClass}
            inputMode="decimal"
            placeholder="0.00"
            value={draft.value}
            onChange={(e) => set("value", e.target.value)}
          />
        </Field>
        <Field label="Status" htmlFor={`${id}-status`} error={errors.status}>
          <select
            {...fieldProps("status")}
            className={inputClass}
            value={draft.status}
            onChange={(e) => set("status", e.target.value)}
          >
            {LOOT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </Field>
        <div className="sm:col-span-2">
          <Field
            label="Participants"
            htmlFor={`${id}-participatedMembers`}
            error={errors.participatedMembers}
          >
            <ParticipantPicker
              id={`${id}-participatedMembers`}
              members={members}
              value={draft.participatedMembers}
              invalid={Boolean(errors.participatedMembers)}
              onChange={(names) => {
                set("participatedMembers", names);
                if (names.length > 0) setErrors((prev) => ({ ...prev, participatedMembers: undefined }));
              }}
            />
          </Field>
        </div>
        <Field label="Date Acquired" htmlFor={`${id}-dateAcquired`} error={errors.dateAcquired}>
          <input
            {...fieldProps("dateAcquired")}
            type="date"
            className={inputClass}
            value={draft.dateAcquired}
            onChange={(e) => set("dateAcquired", e.target.value)}
          />
        </Field>
        <Field label="Total Funds (USDT)" htmlFor={`${id}-totalFunds`} error={errors.totalFunds}>
          <input
            {...fieldProps("totalFunds")}
            className={inputClass}
            inputMode="decimal"
            value={draft.totalFunds}
            onChange={(e) => set("totalFunds", e.target.value)}
          />
        </Field>
      </form>
    </ModalDialog>
  );
}
