/**
 * Record a raid (decision 045): boss, day (today unless changed), the participants once, then the raid's loot.
 * One submit queues the attendance record and then each item through the outbox, in that order, offline too;
 * the button is held while they are stored, so each is queued exactly once, and the outbox sends each once
 * (its row id is the Idempotency-Key). Then the officer lands on the attendance page, where the record shows.
 */
import { useNavigate } from "@tanstack/react-router";
import { CalendarCheck, PackagePlus } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { BossSelect } from "@web/components/boss-select.tsx";
import { Button } from "@web/components/button.tsx";
import { Card, CardTitle } from "@web/components/card.tsx";
import { Field, FormError } from "@web/components/dialog.tsx";
import { FromScreenshots } from "@web/components/from-screenshots.tsx";
import { withParticipants } from "@web/components/from-screenshots-model.ts";
import { ParticipantPicker } from "@web/components/participant-picker.tsx";
import { activePickerMembers } from "@web/components/participant-picker-model.ts";
import { RaidDayField } from "@web/components/text-field.tsx";
import { toastSaved } from "@web/components/write-toasts.ts";
import { commands } from "@web/data/lazy-data-layer.ts";
import type { BossNameRow, GuildMember } from "@web/data/portal-db.ts";
import { errorMessage } from "@web/lib/api-client.ts";
import { localDay } from "@web/lib/attendance-form.ts";
import { FIELD_PROBLEM, revealProblem } from "@web/lib/reveal-problem.ts";
import { toast } from "@web/lib/toast.tsx";
import { LootItemFields } from "./loot-item-fields.tsx";
import {
  checkRaid,
  emptyLoot,
  emptyRaid,
  LOOT_NEEDS_FIXING,
  type LootErrors,
  RAID_FAILED,
  type RaidCheck,
  type RaidDraft,
  raidRecordedMessage,
  SOME_LOOT_NOT_SAVED,
  submitLabel,
} from "./record-raid-model.ts";

type Choices = readonly { playerName: string; category: string }[];

/** Queues the checked raid: the record, then each item; resolves false when nothing could be stored. */
async function queueRaid(result: Extract<RaidCheck, { ok: true }>): Promise<boolean> {
  try {
    await commands.createAttendance(result.attendance);
  } catch (error) {
    toast.error(RAID_FAILED, { description: errorMessage(error) });
    return false;
  }
  let saved = 0;
  for (const item of result.items) {
    try {
      await commands.createMarketItem(item);
      saved++;
    } catch (error) {
      toast.error(SOME_LOOT_NOT_SAVED(saved, result.items.length), { description: errorMessage(error) });
      break;
    }
  }
  toastSaved(
    raidRecordedMessage(result.attendance.bossName, result.attendance.participatedMembers.length, saved),
  );
  return true;
}

/** The raid's own fields: boss, day, participants. */
function RaidFields({
  draft,
  set,
  bossChoices,
  choices,
  dateError,
  setDateError,
}: {
  draft: RaidDraft;
  set: (changes: Partial<RaidDraft>) => void;
  bossChoices: readonly string[];
  choices: Choices;
  dateError: string | undefined;
  setDateError: (message: string | undefined) => void;
}) {
  return (
    <Card className="flex flex-col gap-4">
      <CardTitle icon={<CalendarCheck className="size-5" aria-hidden="true" />}>The raid</CardTitle>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Boss">
          {(control) => (
            <BossSelect
              {...control}
              bosses={bossChoices}
              value={draft.bossName}
              onChange={(b) => set({ bossName: b })}
            />
          )}
        </Field>
        <RaidDayField
          value={draft.date}
          onChange={(v) => set({ date: v })}
          error={dateError}
          onProblem={setDateError}
        />
      </div>
      <Field
        label="Participants"
        labelNamesControl={false}
        hint="Each participant's raid count goes up by one."
      >
        {(control) => (
          <ParticipantPicker
            {...control}
            members={choices}
            value={draft.participants}
            onChange={(names) => set({ participants: names })}
          />
        )}
      </Field>
      <FromScreenshots
        members={choices}
        onAdd={(names) => set({ participants: withParticipants(draft.participants, names) })}
      />
    </Card>
  );
}

/** The raid's loot rows and the button that adds one (its name field takes the cursor). */
function LootSection({
  draft,
  setDraft,
  choices,
  itemErrors,
}: {
  draft: RaidDraft;
  setDraft: (update: (current: RaidDraft) => RaidDraft) => void;
  choices: Choices;
  itemErrors: Record<string, LootErrors>;
}) {
  const nextKey = useRef(1);
  // The row just added, whose name field takes the cursor once it is on the page.
  const [added, setAdded] = useState<string | null>(null);
  useEffect(() => {
    if (added === null) return;
    document.querySelector<HTMLInputElement>(`[data-loot-key="${added}"] input`)?.focus();
    setAdded(null);
  }, [added]);
  const addItem = () => {
    const key = `loot-${nextKey.current++}`;
    setDraft((current) => ({ ...current, items: [...current.items, emptyLoot(key)] }));
    setAdded(key);
  };
  return (
    <Card className="flex flex-col gap-4">
      <CardTitle icon={<PackagePlus className="size-5" aria-hidden="true" />}>Loot from this raid</CardTitle>
      {draft.items.length === 0 ? (
        <p className="text-sm text-ink-muted">
          No loot yet. Each item gets the raid's boss, day and participants; change its participants if they
          differ.
        </p>
      ) : null}
      {draft.items.map((item, index) => (
        <div key={item.key} data-loot-key={item.key}>
          <LootItemFields
            item={item}
            position={index + 1}
            errors={itemErrors[item.key] ?? {}}
            members={choices}
            raidParticipants={draft.participants}
            onChange={(next) =>
              setDraft((current) => ({
                ...current,
                items: current.items.map((i) => (i.key === next.key ? next : i)),
              }))
            }
            onRemove={() =>
              setDraft((current) => ({ ...current, items: current.items.filter((i) => i.key !== item.key) }))
            }
          />
        </div>
      ))}
      <Button variant="secondary" onClick={addItem} className="self-start">
        <PackagePlus className="size-4" aria-hidden="true" />
        Add loot item
      </Button>
    </Card>
  );
}

export function RecordRaidForm({
  members,
  bossNames,
  initial,
}: {
  members: readonly GuildMember[];
  bossNames: readonly BossNameRow[];
  /** Where the raid starts (a check-in closed into it); the empty raid today by default. */
  initial?: RaidDraft;
}) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<RaidDraft>(() => initial ?? emptyRaid(localDay(new Date())));
  const [message, setMessage] = useState<string | undefined>();
  const [dateError, setDateError] = useState<string | undefined>();
  const [itemErrors, setItemErrors] = useState<Record<string, LootErrors>>({});
  const [saving, setSaving] = useState(false);
  // Held from the first tap until the writes are stored: a second tap cannot queue the raid twice.
  const submitting = useRef(false);

  const choices = useMemo(() => activePickerMembers(members), [members]);
  const bossChoices = useMemo(
    () => bossNames.map((b) => b.name).sort((a, b) => a.localeCompare(b)),
    [bossNames],
  );

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (submitting.current) return;
    const result = checkRaid(
      draft,
      choices.map((c) => c.playerName),
      new Date(),
    );
    setMessage(result.ok ? undefined : (result.message ?? LOOT_NEEDS_FIXING));
    setDateError(result.ok ? undefined : result.dateError);
    setItemErrors(result.ok ? {} : result.itemErrors);
    if (!result.ok) {
      // The raid's message when it has one; else the first loot field to fix, not the note that points there.
      revealProblem(form, result.message === undefined ? FIELD_PROBLEM : undefined);
      return;
    }
    submitting.current = true;
    setSaving(true);
    if (await queueRaid(result)) {
      await navigate({ to: "/admin/attendance" });
      return;
    }
    submitting.current = false;
    setSaving(false);
  };

  return (
    <form
      id="record-raid"
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-5 pb-24"
      aria-label="Record a raid"
    >
      <FormError message={message} />
      <RaidFields
        draft={draft}
        set={(changes) => setDraft((current) => ({ ...current, ...changes }))}
        bossChoices={bossChoices}
        choices={choices}
        dateError={dateError}
        setDateError={setDateError}
      />
      <LootSection draft={draft} setDraft={setDraft} choices={choices} itemErrors={itemErrors} />
      <div className="sticky bottom-0 z-10 -mx-4 border-t border-line bg-canvas/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
        <Button type="submit" disabled={saving} className="w-full sm:w-auto">
          {saving ? "Saving..." : submitLabel(draft.items.length)}
        </Button>
      </div>
    </form>
  );
}
