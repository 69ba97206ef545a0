/** My page's recent raids: the latest raids the account's characters attended or shared loot in (recent-raids.ts). */
import { Swords } from "lucide-react";
import { formatDate } from "@shared/format/format-date.ts";
import { formatMoney } from "@shared/money/money.ts";
import { LoadingRegion } from "@web/components/loading-region.tsx";
import { Skeleton } from "@web/components/skeleton.tsx";
import { type EarningsReading, earningsAnswer } from "./earnings-reading.ts";
import { HomeSection } from "./raider-home-layout.tsx";
import { recentRaids } from "./recent-raids.ts";

export const RAIDS_AFTER_LINK =
  "The raids your character takes part in show here once your account is linked to it.";
export const RAIDS_NEED_EARNINGS = "Your recent raids come with your earnings.";
export const RECENT_RAIDS_HINT = "Raids your characters attended or shared loot in";
export const NO_RAIDS = "No raid names your characters yet.";
/** A raid attended whose loot was not sold (or shared) yet. */
export const NO_SOLD_LOOT = "No sold loot";

function Raids({ reading }: { reading: EarningsReading }) {
  if (reading.status === "loading") {
    return (
      <LoadingRegion label="Loading your raids">
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </LoadingRegion>
    );
  }
  const answer = earningsAnswer(reading);
  if (answer === null) return <p className="text-sm text-ink-muted">{RAIDS_NEED_EARNINGS}</p>;
  if (!answer.linked) return <p className="text-sm text-ink-muted">{RAIDS_AFTER_LINK}</p>;
  const raids = recentRaids(answer.items, answer.raids);
  if (raids.length === 0) return <p className="text-sm text-ink-muted">{NO_RAIDS}</p>;
  const manyCharacters = answer.characters.length > 1;
  return (
    <ul className="divide-y divide-line">
      {raids.map((raid) => (
        <li
          key={`${raid.date ?? ""} ${raid.bossName}`}
          className="flex items-start justify-between gap-3 py-2.5"
          data-testid="recent-raid"
        >
          <div className="min-w-0">
            <p className="font-medium text-ink">
              {raid.bossName}{" "}
              <span className="text-sm font-normal text-ink-muted">
                · {raid.date === null ? "no date" : formatDate(raid.date)}
              </span>
            </p>
            <p className="text-sm text-ink-muted">
              {raid.loot.length > 0 ? raid.loot.join(", ") : NO_SOLD_LOOT}
              {manyCharacters ? ` · ${raid.characters.join(", ")}` : ""}
            </p>
          </div>
          {raid.loot.length > 0 ? (
            <p className="shrink-0 text-sm font-semibold tabular-nums text-ink">
              {formatMoney(raid.shareCents, "usdt")}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function RecentRaidsCard({ reading }: { reading: EarningsReading }) {
  return (
    <HomeSection
      title="Recent raids"
      icon={<Swords className="size-5" aria-hidden="true" />}
      action={<span className="text-xs text-ink-muted">{RECENT_RAIDS_HINT}</span>}
      testId="recent-raids"
    >
      <Raids reading={reading} />
    </HomeSection>
  );
}
