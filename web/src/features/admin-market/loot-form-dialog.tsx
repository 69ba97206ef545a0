/**
 * 'Add New Loot' and 'Edit Loot': checked on submit and on blur with the shared market schema, so the
 * messages are the product's ('Loot name is required', 'Participated members are required', ...); amounts are
 * read by the one money input rule (decision 060).
 */
import { useId, useState } from "react";
import { moneyText } from "@shared/money/money.ts";
import { parseParticipantNames } from "@shared/participants/parse-participants.ts";
import { checkForm } from "@shared/schemas/form-errors.ts";
import { createMarketItemSchema, LOOT_STATUSES, type LootStatus } from "@shared/schemas/market.ts";
import { BossSelect } from "@web/components/boss-select.tsx";
import { Dialog, Field, FormActions } from "@web/components/dialog.tsx";
import { inputClass } from "@web/components/filter-select.tsx";
import { ParticipantPicker, type PickerMember } from "@web/components/participant-picker.tsx";
import { MoneyField, TextField } from "@web/components/text-field.tsx";
import type { MarketItem } from "@web/data/portal-db.ts";
import { revealProblem } from "@web/lib/reveal-problem.ts";
import { participantNamesOf } from "./admin-market-view.ts";

export interface LootValues {
  lootName: string;
  bossName: string;
  /** Decimal text, e.g. '1000.00'. */
  value: string;
  status: LootStatus;
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
  const result = checkForm(
    createMarketItemSchema,
    {
      lootName: draft.lootName,
      bossName: draft.bossName,
      value: draft.value,
      status: draft.status,
      participatedMembers: draft.participatedMembers,
      totalFunds: draft.totalFunds.trim() === "" ? "0" : draft.totalFunds,
      dateAcquired: draft.dateAcquired === "" ? null : draft.dateAcquired,
    },
    ["value", "totalFunds"],
  );
  if (!result.ok) return { errors: result.errors, values: null };
  const data = result.data;
  return {
    errors: {},
    values: {
      lootName: data.lootName,
      bossName: data.bossName,
      value: moneyText(data.value),
      status: data.status,
      participatedMembers: parseParticipantNames(data.participatedMembers),
      dateAcquired: data.dateAcquired,
      totalFunds: moneyText(data.totalFunds),
    },
  };
}

/**
 * The form's values and shown messages; a field is checked on blur and the whole form on submit. The item
 * as the form opened is kept: an edit sends only what changed from it (decision 038).
 */
function useLootDraft(
  editing: MarketItem | null,
  onSubmit: (values: LootValues, opened: MarketItem | null) => void,
) {
  const [opened] = useState(editing);
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
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { errors: found, values } = check(draft);
    setErrors(found);
    if (values) onSubmit(values, opened);
    else revealProblem(event.currentTarget);
  };
  return { draft, errors, set, blur, setErrors, submit };
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
  /** `opened`: the item as the form opened (null when adding). */
  onSubmit: (values: LootValues, opened: MarketItem | null) => void;
}) {
  const id = useId();
  const { draft, errors, set, blur, setErrors, submit } = useLootDraft(editing, onSubmit);
  const bossChoices =
    draft.bossName && !bosses.includes(draft.bossName) ? [draft.bossName, ...bosses] : bosses;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={editing ? "Edit Loot" : "Add New Loot"}
      description={editing ? `Change ${editing.lootName}.` : "Record loot from a raid and who took part."}
      footer={<FormActions form={`${id}-form`} submitLabel={editing ? "Save Changes" : "Add Loot"} />}
    >
      <form id={`${id}-form`} noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Loot Name"
          autoComplete="off"
          error={errors.lootName}
          value={draft.lootName}
          onChange={(v) => set("lootName", v)}
          onBlur={() => blur("lootName")}
        />
        <Field label="Boss Name" error={errors.bossName}>
          {(control) => (
            <BossSelect
              {...control}
              bosses={bossChoices}
              value={draft.bossName}
              onChange={(name) => set("bossName", name)}
              onBlur={() => blur("bossName")}
            />
          )}
        </Field>
        <MoneyField
          label="Value (USDT)"
          error={errors.value}
          value={draft.value}
          onChange={(v) => set("value", v)}
          onBlur={() => blur("value")}
        />
        <Field label="Status" error={errors.status}>
          {(control) => (
            <select
              {...control}
              className={inputClass}
              value={draft.status}
              onChange={(e) => set("status", e.target.value)}
              onBlur={() => blur("status")}
            >
              {LOOT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {status}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label="Participants"
          error={errors.participatedMembers}
          labelNamesControl={false}
          className="sm:col-span-2"
        >
          {(control) => (
            <ParticipantPicker
              {...control}
              members={members}
              value={draft.participatedMembers}
              onChange={(names) => {
                set("participatedMembers", names);
                if (names.length > 0) setErrors((prev) => ({ ...prev, participatedMembers: undefined }));
              }}
            />
          )}
        </Field>
        <TextField
          label="Date Acquired"
          type="date"
          error={errors.dateAcquired}
          value={draft.dateAcquired}
          onChange={(v) => set("dateAcquired", v)}
          onBlur={() => blur("dateAcquired")}
        />
        <MoneyField
          label="Total Funds (USDT)"
          placeholder="0"
          error={errors.totalFunds}
          value={draft.totalFunds}
          onChange={(v) => set("totalFunds", v)}
          onBlur={() => blur("totalFunds")}
        />
      </form>
    </Dialog>
  );
}
