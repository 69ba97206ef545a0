/**
 * The participant picker (docs/product.md#participant-picker, decision 045): a button naming what it picks that
 * opens the 'Select Participants' dialog. Opening copies the selection into a draft; Save commits and closes;
 * Cancel or closing discards the draft. Built for raid night on a phone: a search as you type, select all /
 * none of what the search shows, "same as last raid", the picked names as removable chips, two columns on a
 * phone, roving focus with arrows, Home/End and type-ahead (Space or Enter toggles), and Save with the count
 * in the dialog's footer, which stays in view while the list scrolls.
 *
 * Real checkboxes, each named by its option ('Brightforge (Core)'); 200 members are 200 labels, well within
 * what a phone renders at once, so the list is not virtualised (decision 045).
 */
import { Check, Crown, History, Shield, Users, X } from "lucide-react";
import { type KeyboardEvent, type RefObject, useMemo, useRef, useState } from "react";
import { categoryRank, compareRosterDefault } from "@shared/sorting/roster-sort.ts";
import { useAttendance } from "../data/hooks.ts";
import { Button } from "./button.tsx";
import { Dialog } from "./dialog.tsx";
import {
  allShownSelected,
  filterMembers,
  hasName,
  isTypeAheadKey,
  lastRaidNames,
  moveFocus,
  NO_MATCHES,
  NO_MEMBERS,
  nameKeys,
  type PickerMember,
  pickerButtonLabel,
  pickerSaveLabel,
  SAME_AS_LAST_RAID,
  selectAllShown,
  selectNoneShown,
  toggleName,
  typeAheadIndex,
} from "./participant-picker-model.ts";
import { SearchInput } from "./search-input.tsx";

export { type PickerMember, pickerButtonLabel };

function RoleIcon({ category }: { category: string }) {
  if (category === "Guild Master") return <Crown className="size-4 shrink-0 text-gold" aria-hidden="true" />;
  if (category === "Core") return <Shield className="size-4 shrink-0 text-sky-300" aria-hidden="true" />;
  return null;
}

/** How many columns the grid shows now (2 on a phone, more on wider screens). */
function columnsOf(grid: HTMLElement | null): number {
  if (!grid) return 1;
  return getComputedStyle(grid).gridTemplateColumns.split(" ").filter(Boolean).length || 1;
}

/** Chips shown at most; past it a count stands for the rest (a chip per name of 200 helps nobody). */
const MAX_CHIPS = 40;

function SelectedChips({ names, onRemove }: { names: readonly string[]; onRemove: (name: string) => void }) {
  if (names.length === 0) return null;
  const more = names.length - MAX_CHIPS;
  return (
    <ul
      aria-label="Selected participants"
      className="flex max-h-28 flex-wrap content-start gap-1.5 overflow-y-auto rounded-lg border border-line/60 p-1.5"
    >
      {names.slice(0, MAX_CHIPS).map((name) => (
        <li key={name}>
          <button
            type="button"
            onClick={() => onRemove(name)}
            aria-label={`Remove ${name}`}
            className="inline-flex min-h-8 items-center gap-1 rounded-full border border-gold/50 bg-gold/10 py-1 pr-1.5 pl-2.5 text-xs font-medium text-ink hover:border-gold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold"
          >
            {name}
            <X className="size-3.5 text-ink-muted" aria-hidden="true" />
          </button>
        </li>
      ))}
      {more > 0 ? <li className="self-center px-1 text-xs text-ink-muted">and {more} more</li> : null}
    </ul>
  );
}

/** The search, select all / none of what it shows, "same as last raid", and the chips of the picked. */
function PickerToolbar({
  query,
  onQuery,
  shown,
  draft,
  setDraft,
  lastNames,
  onArrowDown,
}: {
  query: string;
  onQuery: (query: string) => void;
  shown: readonly PickerMember[];
  draft: readonly string[];
  setDraft: (update: (current: string[]) => string[]) => void;
  lastNames: readonly string[];
  onArrowDown: () => void;
}) {
  const filtered = query.trim() !== "";
  const picked = nameKeys(draft);
  return (
    <div className="flex flex-col gap-2">
      <SearchInput
        hiddenLabel="Search members"
        placeholder="Search members"
        value={query}
        onChange={(e) => onQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" && shown.length > 0) {
            e.preventDefault();
            onArrowDown();
          }
          if (e.key === "Enter") e.preventDefault();
        }}
      />
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        <Button
          variant="secondary"
          disabled={shown.length === 0 || allShownSelected(draft, shown)}
          onClick={() => setDraft((current) => selectAllShown(current, shown))}
        >
          {filtered ? `Select all ${shown.length} shown` : "Select all"}
        </Button>
        <Button
          variant="secondary"
          disabled={!shown.some((m) => hasName(picked, m.playerName))}
          onClick={() => setDraft((current) => selectNoneShown(current, shown))}
        >
          {filtered ? "Clear shown" : "Select none"}
        </Button>
        <Button
          variant="secondary"
          className="col-span-2"
          disabled={lastNames.length === 0}
          onClick={() => setDraft(() => [...lastNames])}
          title={lastNames.length === 0 ? "No raid has been recorded yet." : undefined}
        >
          <History className="size-4" aria-hidden="true" />
          {lastNames.length === 0 ? SAME_AS_LAST_RAID : `${SAME_AS_LAST_RAID} (${lastNames.length})`}
        </Button>
      </div>
      <SelectedChips names={draft} onRemove={(name) => setDraft((current) => toggleName(current, name))} />
    </div>
  );
}

/**
 * The grid of checkboxes with roving focus: one tab stop; arrows, Home and End move; a letter jumps to the
 * next name starting with it; Space (the checkbox's own) or Enter toggles.
 */
function PickerGrid({
  shown,
  draft,
  onToggle,
  focusIndex,
  setFocusIndex,
  gridRef,
}: {
  shown: readonly PickerMember[];
  draft: readonly string[];
  onToggle: (name: string) => void;
  focusIndex: number;
  setFocusIndex: (index: number) => void;
  gridRef: RefObject<HTMLFieldSetElement | null>;
}) {
  const typed = useRef({ text: "", at: 0 });
  const focusOption = (index: number) => {
    setFocusIndex(index);
    gridRef.current?.querySelectorAll<HTMLInputElement>("input[type=checkbox]")[index]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLFieldSetElement>) => {
    const index = Number((event.target as HTMLElement).dataset.index);
    if (Number.isNaN(index)) return;
    if (event.key === "Enter") {
      // Enter toggles like Space (a checkbox alone would ignore it).
      event.preventDefault();
      const member = shown[index];
      if (member) onToggle(member.playerName);
      return;
    }
    const next = moveFocus(event.key, index, shown.length, columnsOf(gridRef.current));
    if (next !== null) {
      event.preventDefault();
      focusOption(next);
      return;
    }
    if (!isTypeAheadKey(event)) return;
    const now = Date.now();
    const text = now - typed.current.at < 700 ? typed.current.text + event.key : event.key;
    typed.current = { text, at: now };
    const found = typeAheadIndex(
      shown.map((m) => m.playerName),
      text,
      index,
    );
    if (found >= 0) {
      event.preventDefault();
      focusOption(found);
    }
  };
  const rovingIndex = Math.min(focusIndex, Math.max(0, shown.length - 1));
  const picked = useMemo(() => nameKeys(draft), [draft]);
  return (
    <fieldset
      ref={gridRef}
      onKeyDown={onKeyDown}
      className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4"
    >
      <legend className="sr-only">Participants</legend>
      {shown.map((member, index) => {
        const checked = hasName(picked, member.playerName);
        return (
          <label
            key={member.playerName}
            className={`flex min-h-11 min-w-0 cursor-pointer items-center gap-2 rounded-lg border px-2.5 py-2 text-sm transition-colors has-focus-visible:ring-2 has-focus-visible:ring-gold ${
              checked
                ? "border-gold/70 bg-gold/10 text-ink"
                : "border-line bg-surface-raised/40 text-ink-muted hover:border-gold/40 hover:text-ink"
            }`}
          >
            <span className="relative grid size-5 shrink-0 place-items-center">
              <input
                type="checkbox"
                data-index={index}
                tabIndex={index === rovingIndex ? 0 : -1}
                className="peer size-5 cursor-pointer appearance-none rounded border border-line bg-surface checked:border-gold checked:bg-gold focus-visible:outline-none"
                checked={checked}
                onChange={() => onToggle(member.playerName)}
                onFocus={() => setFocusIndex(index)}
              />
              <Check
                aria-hidden="true"
                strokeWidth={3}
                className="pointer-events-none absolute size-3.5 text-gold-ink opacity-0 peer-checked:opacity-100"
              />
            </span>
            <RoleIcon category={member.category} />
            {/* The role shows as its icon; screen readers hear it in the option's name ('Brightforge (Core)'). */}
            <span className="min-w-0 truncate">
              {member.playerName}
              {categoryRank(member.category) === 3 ? null : (
                <span className="sr-only"> ({member.category})</span>
              )}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
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
  /** The text naming the field and its message; the button's own name stays its label. */
  "aria-describedby"?: string | undefined;
  "aria-invalid"?: true | undefined;
}) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<string[]>([]);
  const [query, setQuery] = useState("");
  const [focusIndex, setFocusIndex] = useState(0);
  const ordered = useMemo(() => [...members].sort(compareRosterDefault), [members]);
  const shown = useMemo(() => filterMembers(ordered, query), [ordered, query]);
  const records = useAttendance();
  const lastNames = useMemo(() => lastRaidNames(records ?? [], ordered), [records, ordered]);
  const gridRef = useRef<HTMLFieldSetElement>(null);

  const onOpenChange = (next: boolean) => {
    if (next) {
      setDraft([...value]);
      setQuery("");
      setFocusIndex(0);
    }
    setOpen(next);
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
          <Button
            onClick={() => {
              onChange(draft);
              setOpen(false);
            }}
          >
            {pickerSaveLabel(draft.length)}
          </Button>
        </>
      }
    >
      {ordered.length === 0 ? (
        <p className="text-sm text-ink-muted">{NO_MEMBERS}</p>
      ) : (
        <div className="flex flex-col gap-3">
          <PickerToolbar
            query={query}
            onQuery={(next) => {
              setQuery(next);
              setFocusIndex(0);
            }}
            shown={shown}
            draft={draft}
            setDraft={setDraft}
            lastNames={lastNames}
            onArrowDown={() =>
              gridRef.current?.querySelector<HTMLInputElement>("input[type=checkbox]")?.focus()
            }
          />
          {shown.length === 0 ? (
            <p className="text-sm text-ink-muted" role="status">
              {NO_MATCHES}
            </p>
          ) : (
            <PickerGrid
              shown={shown}
              draft={draft}
              onToggle={(name) => setDraft((current) => toggleName(current, name))}
              focusIndex={focusIndex}
              setFocusIndex={setFocusIndex}
              gridRef={gridRef}
            />
          )}
        </div>
      )}
    </Dialog>
  );
}
