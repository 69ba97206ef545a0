/**
 * The questions a file can raise before it is read (decision 047): which decimal separator its amounts use,
 * and which order its dates are in, when its own cells do not decide. Each option shows what the file's own
 * example cells would become, so the admin answers from the data and nothing is guessed.
 */
import { HelpCircle } from "lucide-react";
import { type FormEvent, useState } from "react";
import { formatDate } from "@shared/format/format-date.ts";
import type { ImportChoices, ImportQuestion } from "@shared/import/import-item.ts";
import type { DateOrder } from "@shared/import/read-import-date.ts";
import { readImportDate } from "@shared/import/read-import-date.ts";
import { type DecimalSeparator, formatMoney, readFormattedMoney } from "@shared/money/money.ts";
import { Button } from "@web/components/button.tsx";

export const DECIMAL_QUESTION = "How are amounts written in this file?";
export const DATE_QUESTION = "Which order are the dates in?";
export const QUESTIONS_INTRO =
  "Some cells of this file can be read two ways. Choose how to read them before anything is imported.";

const DECIMAL_OPTIONS: { value: DecimalSeparator; label: string }[] = [
  { value: ".", label: "Point before the cents: 1,234.50" },
  { value: ",", label: "Comma before the cents: 1.234,50" },
];
const DATE_OPTIONS: { value: DateOrder; label: string }[] = [
  { value: "dmy", label: "Day first: 05/11/2026 is 5 November" },
  { value: "mdy", label: "Month first: 05/11/2026 is May 11" },
];

/** What the file's example cells become under one answer: '"1,250" → 1,250.00 USDT'. */
function examplesUnder(question: ImportQuestion, answer: string): string {
  return question.examples
    .map((text) => {
      if (question.kind === "decimal") {
        const read = readFormattedMoney(text, answer as DecimalSeparator);
        return `"${text}" → ${"cents" in read ? formatMoney(read.cents) : "not a number"}`;
      }
      const read = readImportDate(text, answer as DateOrder);
      return `"${text}" → ${"day" in read && read.day ? formatDate(read.day) : "not a date"}`;
    })
    .join(", ");
}

export function ImportQuestions({
  questions,
  onAnswer,
  onCancel,
}: {
  questions: ImportQuestion[];
  onAnswer: (choices: ImportChoices) => void;
  onCancel: () => void;
}) {
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const complete = questions.every((q) => answers[q.kind]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!complete) return;
    onAnswer({
      decimal: answers.decimal as DecimalSeparator | undefined,
      dateOrder: answers.dateOrder as DateOrder | undefined,
    });
  }

  return (
    <form onSubmit={submit} className="space-y-4" data-testid="import-questions">
      <p className="flex gap-2 text-sm text-ink">
        <HelpCircle className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden="true" />
        {QUESTIONS_INTRO}
      </p>
      {questions.map((question) => {
        const options = question.kind === "decimal" ? DECIMAL_OPTIONS : DATE_OPTIONS;
        return (
          <fieldset
            key={question.kind}
            className="space-y-2 rounded-xl border border-gold/40 bg-gold/10 p-3"
            data-testid={`question-${question.kind}`}
          >
            <legend className="px-1 font-semibold text-ink">
              {question.kind === "decimal" ? DECIMAL_QUESTION : DATE_QUESTION}
            </legend>
            {options.map((option) => (
              <label
                key={option.value}
                className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg px-2 py-2 hover:bg-surface-raised/60"
              >
                <input
                  type="radio"
                  name={question.kind}
                  value={option.value}
                  checked={answers[question.kind] === option.value}
                  onChange={() => setAnswers((a) => ({ ...a, [question.kind]: option.value }))}
                  className="mt-1 size-4 accent-gold"
                />
                <span className="min-w-0">
                  <span className="block text-sm font-medium text-ink">{option.label}</span>
                  {question.examples.length > 0 ? (
                    <span className="block break-words text-xs text-ink-muted">
                      In this file: {examplesUnder(question, option.value)}
                    </span>
                  ) : null}
                </span>
              </label>
            ))}
          </fieldset>
        );
      })}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={!complete}>
          Read the file
        </Button>
      </div>
    </form>
  );
}
