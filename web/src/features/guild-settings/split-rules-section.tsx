/**
 * Admin › Guild Settings › Salary split (decision 075): the rule sets by the days they govern, and a form for a new
 * rule set from a day. 'Preview' shows, per member whose salary moves, the salary before and after, and the funds;
 * only then can the rules be saved. The rules are synced public settings; previewing and saving need a connection.
 */
import { Percent, Trash2 } from "lucide-react";
import { type FormEvent, useMemo, useState } from "react";
import { SPLIT_RULE_CALLS } from "@shared/contract/split-rules.ts";
import { formatMoney } from "@shared/money/money.ts";
import type { MemberCategory } from "@shared/salary/distribute-item.ts";
import {
  type EmptyElitePool,
  MEMBER_CATEGORIES,
  parsePercent,
  percentText,
  ruleForDay,
  type SplitRule,
  type SplitRuleText,
  splitRuleBookOf,
  WHOLE_BP,
} from "@shared/salary/split-rules.ts";
import { elitePoolWords, ruleRanges, splitWords } from "@shared/salary/split-rules-text.ts";
import {
  EMPTY_ELITE_POOL_LABELS,
  SPLIT_PART_LABELS,
  SPLIT_PARTS,
  type SplitPart,
  type SplitRuleChange,
} from "@shared/schemas/split-rules.ts";
import { Button } from "@web/components/button.tsx";
import { ConfirmDialog } from "@web/components/dialog.tsx";
import { ErrorAlert } from "@web/components/error-alert.tsx";
import { SettingsSection } from "@web/components/settings-section.tsx";
import { TextField } from "@web/components/text-field.tsx";
import { dataLayerActions } from "@web/data/lazy-data-layer.ts";
import { api, errorMessage } from "@web/lib/api-client.ts";
import { toast } from "@web/lib/toast.tsx";

export const splitRulesSaved = (day: string) => `The split rules from ${day} are saved.`;
export const splitRulesRemoved = (day: string) => `The split rules from ${day} are removed.`;

interface Draft {
  effectiveFrom: string;
  parts: Record<SplitPart, string>;
  eliteCategories: MemberCategory[];
  emptyElitePool: EmptyElitePool;
}

const today = () => new Date().toISOString().slice(0, 10);

const BP_OF: Record<SplitPart, (rule: SplitRule) => number> = {
  guildFund: (rule) => rule.guildFundBp,
  adminFund: (rule) => rule.adminFundBp,
  elitePool: (rule) => rule.elitePoolBp,
  basePool: (rule) => rule.basePoolBp,
};

/** A new rule set starts from the rules in force today, from today. */
function draftOf(rule: SplitRule): Draft {
  return {
    effectiveFrom: today(),
    parts: Object.fromEntries(SPLIT_PARTS.map((part) => [part, percentText(BP_OF[part](rule))])) as Record<
      SplitPart,
      string
    >,
    eliteCategories: [...rule.eliteCategories],
    emptyElitePool: rule.emptyElitePool,
  };
}

/** The parts' total in basis points, or null while one of them is not a percentage. */
function totalOf(draft: Draft): number | null {
  let total = 0;
  for (const part of SPLIT_PARTS) {
    const bp = parsePercent(draft.parts[part]);
    if (bp === null) return null;
    total += bp;
  }
  return total;
}

/** '1,250.00': the preview's columns say USDT once, so a phone's row keeps each amount on one line. */
const amount = (text: string) => formatMoney(text, "usdt").replace(/ USDT$/, "");

function RulesByDate({
  rules,
  online,
  onRemove,
}: {
  rules: readonly SplitRuleText[];
  online: boolean;
  onRemove: (day: string) => void;
}) {
  const ranges = ruleRanges(splitRuleBookOf(rules), today());
  return (
    <ul className="flex flex-col gap-2" aria-label="Split rules by date">
      {ranges.map((range) => (
        <li key={range.label} className="flex items-start gap-3 rounded-lg border border-line p-3">
          <div className="min-w-0 flex-1 text-sm">
            <p className="font-medium text-ink">
              <span>{range.label}</span>
              {range.inForce ? (
                <span className="ml-2 text-xs font-semibold text-gold">In force today</span>
              ) : null}
            </p>
            <p className="mt-0.5 text-ink-muted">{splitWords(range.rule)}.</p>
            <p className="text-ink-muted">The elite pool is {elitePoolWords(range.rule)}.</p>
          </div>
          {range.rule.effectiveFrom ? (
            <Button
              variant="ghost"
              className="shrink-0 px-2!"
              disabled={!online}
              aria-label={`Remove the rules from ${range.rule.effectiveFrom}`}
              onClick={() => onRemove(range.rule.effectiveFrom as string)}
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function PreviewTable({ change, day }: { change: SplitRuleChange; day: string }) {
  const { funds } = change;
  const fundRows = [
    ["Guild fund", funds.before.reservedGuildFunds, funds.after.reservedGuildFunds],
    ["Admin fund", funds.before.adminFund, funds.after.adminFund],
  ] as const;
  return (
    <section
      aria-label="Preview"
      className="flex flex-col gap-2 rounded-lg border border-gold/40 bg-gold/5 p-3"
    >
      <h3 className="text-sm font-semibold text-ink">Preview</h3>
      <p className="text-sm text-ink-muted" data-testid="split-preview-summary">
        {change.itemsMoved === 0
          ? `No Sold item from ${day} changes its split.`
          : `${change.itemsMoved} Sold ${change.itemsMoved === 1 ? "item" : "items"} from ${day} would be split again; ${change.salaries.length} ${change.salaries.length === 1 ? "salary moves" : "salaries move"}.`}
      </p>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-xs uppercase tracking-wide text-ink-muted">
            <th className="py-1 pr-2 font-semibold">Member</th>
            <th className="py-1 pr-2 text-right font-semibold">Before (USDT)</th>
            <th className="py-1 text-right font-semibold">After (USDT)</th>
          </tr>
        </thead>
        <tbody>
          {[
            ...change.salaries,
            ...fundRows.map(([name, from, to]) => ({ playerName: name, from, to, memberId: name })),
          ].map((row) => (
            <tr key={row.memberId} className="border-t border-line/60">
              <td className="py-1.5 pr-2 text-ink">{row.playerName}</td>
              <td className="py-1.5 pr-2 text-right tabular-nums text-ink-muted">{amount(row.from)}</td>
              <td className="py-1.5 text-right font-semibold tabular-nums text-ink">{amount(row.to)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function PartFields({ draft, onChange }: { draft: Draft; onChange: (draft: Draft) => void }) {
  const total = totalOf(draft);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-ink">Parts of a Sold item's value (%)</legend>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {SPLIT_PARTS.map((part) => (
          <TextField
            key={part}
            label={SPLIT_PART_LABELS[part]}
            inputMode="decimal"
            autoComplete="off"
            value={draft.parts[part]}
            onChange={(value) => onChange({ ...draft, parts: { ...draft.parts, [part]: value } })}
          />
        ))}
      </div>
      <p
        className={`text-sm ${total === WHOLE_BP ? "text-ink-muted" : "text-danger"}`}
        data-testid="split-total"
        aria-live="polite"
      >
        Total: {total === null ? "—" : `${percentText(total)}%`}
        {total !== null && total !== WHOLE_BP ? " (the four parts must add up to 100%)" : ""}
      </p>
    </fieldset>
  );
}

function EliteFields({ draft, onChange }: { draft: Draft; onChange: (draft: Draft) => void }) {
  const toggle = (category: MemberCategory, on: boolean) =>
    onChange({
      ...draft,
      eliteCategories: MEMBER_CATEGORIES.filter((c) =>
        c === category ? on : draft.eliteCategories.includes(c),
      ),
    });
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium text-ink">Who shares the elite pool</legend>
        {MEMBER_CATEGORIES.map((category) => (
          <label key={category} className="flex min-h-11 items-center gap-3 text-sm text-ink">
            <input
              type="checkbox"
              className="size-4 accent-gold"
              checked={draft.eliteCategories.includes(category)}
              onChange={(e) => toggle(category, e.target.checked)}
            />
            {category}
          </label>
        ))}
      </fieldset>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium text-ink">
          When none of them took part, the elite pool
        </legend>
        {(Object.keys(EMPTY_ELITE_POOL_LABELS) as EmptyElitePool[]).map((choice) => (
          <label key={choice} className="flex min-h-11 items-center gap-3 text-sm text-ink">
            <input
              type="radio"
              name="empty-elite-pool"
              className="size-4 accent-gold"
              checked={draft.emptyElitePool === choice}
              onChange={() => onChange({ ...draft, emptyElitePool: choice })}
            />
            {EMPTY_ELITE_POOL_LABELS[choice]}
          </label>
        ))}
      </fieldset>
    </div>
  );
}

export function SplitRulesSection({ rules, online }: { rules: readonly SplitRuleText[]; online: boolean }) {
  const book = useMemo(() => splitRuleBookOf(rules), [rules]);
  const [draft, setDraft] = useState<Draft>(() => draftOf(ruleForDay(book, today())));
  const [preview, setPreview] = useState<SplitRuleChange | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);

  const edit = (next: Draft) => {
    setDraft(next);
    setPreview(null);
    setError(null);
  };
  const body = () => ({
    effectiveFrom: draft.effectiveFrom,
    ...draft.parts,
    eliteCategories: draft.eliteCategories,
    emptyElitePool: draft.emptyElitePool,
  });
  const run = async (step: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await step();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const onPreview = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => setPreview(await api.call(SPLIT_RULE_CALLS.preview, { body: body() })));
  };
  const onSave = () =>
    run(async () => {
      await api.call(SPLIT_RULE_CALLS.save, { body: body() });
      toast.success(splitRulesSaved(draft.effectiveFrom));
      setPreview(null);
      // The live feed tells every open app; this one pulls at once.
      void dataLayerActions.syncNow();
    });
  const onRemove = (day: string) =>
    run(async () => {
      setRemoving(null);
      await api.call(SPLIT_RULE_CALLS.remove, { body: { effectiveFrom: day } });
      toast.success(splitRulesRemoved(day));
      void dataLayerActions.syncNow();
    });

  return (
    <SettingsSection
      icon={Percent}
      title="Salary split"
      description="How a Sold item's value is divided. A new rule set takes effect from the day you choose: items acquired before it keep the rules they were split under, and only the items from that day are split again."
    >
      <RulesByDate rules={rules} online={online} onRemove={setRemoving} />
      <form noValidate onSubmit={onPreview} className="flex flex-col gap-4 border-t border-line pt-4">
        <h3 className="text-sm font-semibold text-ink">New rules</h3>
        <TextField
          label="Take effect from"
          type="date"
          className="sm:max-w-60"
          hint="Items acquired on or after this day follow the new rules."
          value={draft.effectiveFrom}
          onChange={(effectiveFrom) => edit({ ...draft, effectiveFrom })}
        />
        <PartFields draft={draft} onChange={edit} />
        <EliteFields draft={draft} onChange={edit} />
        {error ? <ErrorAlert size="compact" message={error} /> : null}
        {preview ? <PreviewTable change={preview} day={draft.effectiveFrom} /> : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="secondary" disabled={!online || busy}>
            Preview
          </Button>
          <Button
            variant="primary"
            disabled={!online || busy || preview === null}
            onClick={() => void onSave()}
          >
            Save these rules
          </Button>
        </div>
        {online ? null : (
          <p className="text-sm text-ink-muted">Previewing and saving the rules need a connection.</p>
        )}
      </form>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title="Remove these rules?"
        description={`The items acquired from ${removing ?? ""} go back to the rules before them, and their salaries are split again.`}
        confirmLabel="Remove"
        onConfirm={() => void onRemove(removing as string)}
      />
    </SettingsSection>
  );
}
