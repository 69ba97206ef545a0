/**
 * One boss card (docs/product.md#boss-timers, decision 040): a big name and state badge readable at arm's length, the
 * countdown to the next spawn (a running timer or a scheduled boss), that spawn's clock time in the viewer's
 * zone, and the respawn info (a fixed schedule in the guild's zone, named). The card's main area is a button;
 * `footer` (a login link, an error, the admin page's Reset Timer) sits below it, outside the button.
 */
import { CalendarClock, Hourglass, Play, RotateCw } from "lucide-react";
import type { ReactNode } from "react";
import type { BossCard } from "./boss-cards.ts";

const frame: Record<BossCard["state"], string> = {
  available: "border-success/40 hover:border-success/80 hover:bg-surface-raised",
  "on-cooldown": "border-danger/40",
  scheduled: "border-line",
  disabled: "border-success/40",
};

/** A spawn less than SPAWN_SOON_MS away outlines its card in gold, whatever its state. */
const SOON_FRAME = "border-gold ring-1 ring-gold/60";

export function AvailableBadge() {
  return (
    <span className="shrink-0 rounded-full bg-success/15 px-2.5 py-1 text-sm font-semibold text-success ring-1 ring-success/40">
      Available
    </span>
  );
}

export function CooldownBadge() {
  return (
    <span className="shrink-0 rounded-full bg-danger px-2.5 py-1 text-sm font-semibold text-canvas">
      On Cooldown
    </span>
  );
}

export const SCHEDULED_LABEL = "Scheduled";

export function ScheduledBadge() {
  return (
    <span className="shrink-0 rounded-full bg-surface-raised px-2.5 py-1 text-sm font-semibold text-gold ring-1 ring-gold/40">
      {SCHEDULED_LABEL}
    </span>
  );
}

function StateBadge({ state }: { state: BossCard["state"] }) {
  if (state === "on-cooldown") return <CooldownBadge />;
  if (state === "scheduled") return <ScheduledBadge />;
  return <AvailableBadge />;
}

export function BossCardView({
  card,
  onActivate,
  footer,
}: {
  card: BossCard;
  onActivate: () => void;
  footer?: ReactNode;
}) {
  const { state } = card;
  const onCooldown = state === "on-cooldown";
  return (
    <li
      className={`flex flex-col overflow-hidden rounded-2xl border bg-surface shadow-lg shadow-black/20 transition-colors ${
        card.soon ? SOON_FRAME : frame[state]
      }`}
      data-boss={card.bossName}
      data-state={state}
      data-soon={card.soon ? "true" : undefined}
    >
      <button
        type="button"
        onClick={onCooldown ? undefined : onActivate}
        disabled={card.fixed}
        aria-disabled={onCooldown ? true : undefined}
        className={`flex w-full flex-1 flex-col gap-2 p-4 text-left focus-visible:outline-offset-[-2px] ${
          state === "available" ? "cursor-pointer" : "cursor-default"
        }`}
      >
        <span className="flex">
          <StateBadge state={state} />
        </span>
        <span className="text-xl font-bold uppercase tracking-wide break-words text-ink sm:text-2xl">
          {card.bossName}
        </span>

        {card.countdown !== null ? (
          <span className="flex flex-col gap-2">
            <span className="flex items-center gap-2 whitespace-nowrap font-mono text-4xl font-bold tabular-nums text-ink sm:text-3xl lg:text-4xl">
              <Hourglass
                className={`size-6 shrink-0 ${onCooldown ? "text-danger" : "text-gold"}`}
                aria-hidden="true"
              />
              <span data-testid="countdown">{card.countdown}</span>
            </span>
            <span aria-hidden="true" className="h-1.5 w-full overflow-hidden rounded-full bg-surface-raised">
              <span
                className={`block h-full rounded-full ${onCooldown ? "bg-danger/80" : "bg-gold/70"}`}
                style={{ width: `${(card.progress ?? 0) * 100}%` }}
              />
            </span>
          </span>
        ) : null}

        {card.spawnLabel ? (
          <span
            className="flex items-center gap-2 text-base font-semibold text-gold"
            data-testid="spawn-time"
          >
            <CalendarClock className="size-5 shrink-0" aria-hidden="true" />
            <span>{card.spawnLabel}</span>
          </span>
        ) : null}

        <span className="mt-auto flex items-center gap-2 pt-1 text-sm text-ink-muted">
          {card.fixed ? (
            <CalendarClock className="size-4 shrink-0" aria-hidden="true" />
          ) : state === "available" ? (
            <Play className="size-4 shrink-0 text-success" aria-hidden="true" />
          ) : (
            <RotateCw className="size-4 shrink-0" aria-hidden="true" />
          )}
          <span data-testid="respawn-info">{card.respawnInfo}</span>
        </span>
      </button>
      {footer ? <div className="border-t border-line px-4 py-3">{footer}</div> : null}
    </li>
  );
}
