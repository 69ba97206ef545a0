/**
 * The participant picker (SPEC section 2, "/guild-members (admin)"): a button that opens the 'Select
 * Participants' dialog with a grid of members. Opening copies the selection into a draft; toggling adds or
 * removes; Save commits and closes; Cancel or closing discards the draft (SPEC section 4).
 */
import { Check, Crown, Shield, Users } from "lucide-react";
import { useState } from "react";
import { categoryRank, compareRosterDefault } from "@shared/sorting/roster-sort.ts";
import { Button } from "./button.tsx";
import { Dialog } from "./dialog.tsx";

export interface PickerMember {
  playerName: string;
  category: string;
}

/** 'Select items...' or '{n} participant(s) selected'. */
export function pickerButtonLabel(count: number): string {
  return count === 0 ? "Select items..." : `${count} participant(s) selected`;
}

/** The option's text: the name, with the role in parentheses for Guild Master and Core. */
export function pickerOptionLabel(member: PickerMember): string {
  return categoryRank(member.category) === 3
    ? member.playerName
    : `${member.playerName} (${member.category})`;
}

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function RoleIcon({ category }: { category: string }) {
  if (category === "Guild Master") return <Crown className="size-4 shrink-0 text-gold" aria-hidden="true" />;
  if (category === "Core") return <Shield className="size-4 shrink-0 text-sky-300" aria-hidden="true" />;
  return null;
}

export function ParticipantPicker({
  members,
  value,
  onChange,
  disabled = false,
  id,
  "aria-describedby": describedBy,
  "aria-invalid": invalid,
}: {
  /** The choices; shown Guild Master, Core, Members, then by name. */
  members: readonly PickerMember[];
  /** The selected player names. */
  value: readonly string[];
  onChange: (names: string[]) => void;
  disabled?: boolean;
  id?: string;
  /** The text naming the field and its message; the button's own name stays its label ('Select items...'). */
  "aria-describedby"?: string | undefined;
  "aria-invalid"?: true | undefined;
}) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<string[]>([]);
  const ordered = [...members].sort(compareRosterDefault);

  const onOpenChange = (next: boolean) => {
    if (next) setDraft([...value]);
    setOpen(next);
  };
  const toggle = (name: string) =>
    setDraft((current) =>
      current.some((n) => sameName(n, name)) ? current.filter((n) => !sameName(n, name)) : [...current, name],
    );
  const save = () => {
    onChange(draft);
    setOpen(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="xl"
      title="Select Participants"
      description={`${draft.length} of ${ordered.length} selected`}
      trigger={
        <Button
          id={id}
          aria-describedby={describedBy}
          variant="secondary"
          disabled={disabled}
          aria-invalid={invalid}
          className={`w-full justify-start font-medium ${invalid ? "border-danger!" : ""} ${
            value.length === 0 ? "text-ink-muted" : ""
          }`}
        >
          <Users className="size-4 shrink-0" aria-hidden="true" />
          {pickerButtonLabel(value.length)}
        </Button>
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button onClick={save}>Save ({draft.length})</Button>
        </>
      }
    >
      {ordered.length === 0 ? (
        <p className="text-sm text-ink-muted">No guild members found.</p>
      ) : (
        <fieldset className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
          <legend className="sr-only">Participants</legend>
          {ordered.map((member) => {
            const checked = draft.some((n) => sameName(n, member.playerName));
            return (
              <label
                key={member.playerName}
                className={`flex min-h-11 cursor-pointer items-center gap-2.5 rounded-lg border px-3 py-2 text-sm transition-colors has-focus-visible:ring-2 has-focus-visible:ring-gold ${
                  checked
                    ? "border-gold/70 bg-gold/10 text-ink"
                    : "border-line bg-surface-raised/40 text-ink-muted hover:border-gold/40 hover:text-ink"
                }`}
              >
                <span className="relative grid size-5 shrink-0 place-items-center">
                  <input
                    type="checkbox"
                    className="peer size-5 cursor-pointer appearance-none rounded border border-line bg-surface checked:border-gold checked:bg-gold focus-visible:outline-none"
                    checked={checked}
                    onChange={() => toggle(member.playerName)}
                  />
                  <Check
                    aria-hidden="true"
                    strokeWidth={3}
                    className="pointer-events-none absolute size-3.5 text-gold-ink opacity-0 peer-checked:opacity-100"
                  />
                </span>
                <RoleIcon category={member.category} />
                <span className="min-w-0 truncate">{pickerOptionLabel(member)}</span>
              </label>
            );
          })}
        </fieldset>
      )}
    </Dialog>
  );
}
