/**
 * Starting a timer from a card: through the outbox (commands.startTimer), so the countdown starts at once,
 * also offline, and the start reaches the server later with the click time. Anonymous visitors get a link to
 * log in on the card instead (docs/product.md#who-may-do-what). A start the server refused stays on its card
 * with the server's message until it is retried or discarded (decision 011); one too old to record offers
 * Discard only, since Retry would send the same time again (decision 036). The start's toast offers Undo for
 * as long as the server allows it (decision 041); the undo is queued like the start, so it works offline too.
 */
import { Link } from "@tanstack/react-router";
import { AlertCircle, LogIn } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { UNDO_WINDOW_SECONDS } from "@shared/bosses/timer-start-windows.ts";
import type { TEST_TIMER_SECONDS } from "@shared/schemas/boss-timers.ts";
import { Button } from "@web/components/button.tsx";
import { isTooOldToRecord, TOO_OLD_TO_RECORD, TOO_OLD_TO_RECORD_DETAIL, useOutbox } from "@web/data/hooks.ts";
import { commands, dataLayerActions } from "@web/data/lazy-data-layer.ts";
import type { OutboxRow } from "@web/data/portal-db.ts";
import { errorMessage } from "@web/lib/api-client.ts";
import { toast } from "@web/lib/toast.tsx";
import { type BossCard, sameBoss } from "./boss-cards.ts";

export const timerStartedMessage = (bossName: string) => `Timer started for ${bossName}`;
export const SAVED_OFFLINE = "Saved on this device; it will sync when you are back online.";
export const START_FAILED = "Failed to start timer";
export const UNEXPECTED_ERROR = "An unexpected error occurred";
export const LOGIN_TO_START = "Log in to start timers";
export const UNDO_LABEL = "Undo";
export const timerUndoneMessage = (bossName: string) => `Timer for ${bossName} undone`;
export const UNDO_TOO_LATE = `Too late to undo: a start can be undone for ${UNDO_WINDOW_SECONDS} seconds.`;

const UNDO_WINDOW_MS = UNDO_WINDOW_SECONDS * 1000;
const UNDO_BUTTON_STYLE = { height: "2.75rem", paddingInline: "1rem", fontSize: "0.875rem", fontWeight: 600 };

/** A second press right after a start (before the card turns On Cooldown) must not queue a second start. */
const REPEAT_GUARD_MS = 2_000;

function LoginPrompt({ next }: { next: string }) {
  return (
    <Link
      to="/login"
      search={{ next }}
      className="inline-flex min-h-11 items-center gap-2 rounded-lg font-semibold text-gold underline-offset-4 hover:underline"
    >
      <LogIn className="size-4" aria-hidden="true" />
      {LOGIN_TO_START}
    </Link>
  );
}

/** A refused start on its card: the server's message with Retry and Discard, or Discard only when too old. */
function FailedStart({ row }: { row: OutboxRow }) {
  const tooOld = isTooOldToRecord(row);
  return (
    <div role="alert" className="flex flex-col gap-2" data-testid="failed-start">
      <p className="flex items-start gap-2 text-sm text-red-200">
        <AlertCircle className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden="true" />
        {tooOld ? (
          <span>
            <strong className="font-semibold">{TOO_OLD_TO_RECORD}.</strong> {TOO_OLD_TO_RECORD_DETAIL}
          </span>
        ) : (
          <span>
            {START_FAILED}: {row.lastError ?? START_FAILED}
          </span>
        )}
      </p>
      <div className="flex gap-2">
        {tooOld ? null : (
          <Button variant="secondary" className="flex-1" onClick={() => void dataLayerActions.retry(row.id)}>
            Retry
          </Button>
        )}
        <Button
          variant={tooOld ? "secondary" : "ghost"}
          className="flex-1"
          onClick={() => void dataLayerActions.discard(row.id)}
        >
          Discard
        </Button>
      </div>
    </div>
  );
}

export interface StartTimerOptions {
  /** Someone is logged in (any role may start a timer). */
  canStart: boolean;
  /** Where the login link returns to. */
  next: string;
  /** Admin test timers (10 s) pass { testDuration: 10 }. */
  testDuration?: typeof TEST_TIMER_SECONDS;
}

export function useStartTimer({ canStart, next, testDuration }: StartTimerOptions) {
  const [loginPromptFor, setLoginPromptFor] = useState<string | null>(null);
  const recent = useRef(new Map<string, number>());
  const { failed } = useOutbox();

  const start = async (bossName: string) => {
    const key = bossName.toLowerCase();
    const last = recent.current.get(key);
    if (last !== undefined && Date.now() - last < REPEAT_GUARD_MS) return;
    recent.current.set(key, Date.now());
    const startTime = new Date();
    try {
      await commands.startTimer(bossName, startTime, { testDuration });
      toast.success(timerStartedMessage(bossName), {
        description: navigator.onLine ? undefined : SAVED_OFFLINE,
        duration: UNDO_WINDOW_MS,
        action: { label: UNDO_LABEL, onClick: () => void undo(bossName, startTime) },
        // sonner's action button is 24 px tall; a thumb needs 44.
        actionButtonStyle: UNDO_BUTTON_STYLE,
      });
    } catch (error) {
      recent.current.delete(key);
      toast.error(UNEXPECTED_ERROR, { description: errorMessage(error) });
    }
  };

  // The toast may outlive the window (sonner pauses it on hover); past it, the server would refuse the undo.
  const undo = async (bossName: string, startTime: Date) => {
    if (Date.now() - startTime.getTime() > UNDO_WINDOW_MS) {
      toast.error(UNDO_TOO_LATE);
      return;
    }
    try {
      await commands.undoTimerStart(bossName, startTime);
      recent.current.delete(bossName.toLowerCase());
      toast.message(timerUndoneMessage(bossName));
    } catch (error) {
      toast.error(UNEXPECTED_ERROR, { description: errorMessage(error) });
    }
  };

  const onActivate = (row: { bossName: string }, card: BossCard) => {
    if (card.state !== "available") return;
    if (!canStart) {
      setLoginPromptFor(row.bossName);
      return;
    }
    void start(row.bossName);
  };

  const footerFor = (row: { bossName: string }): ReactNode => {
    const refused = failed.find(
      (entry) =>
        entry.name === "startTimer" &&
        sameBoss(String((entry.args as { bossName?: unknown }).bossName), row.bossName),
    );
    if (refused) return <FailedStart row={refused} />;
    if (!canStart && loginPromptFor !== null && sameBoss(loginPromptFor, row.bossName)) {
      return <LoginPrompt next={next} />;
    }
    return null;
  };

  return { onActivate, footerFor, start };
}
