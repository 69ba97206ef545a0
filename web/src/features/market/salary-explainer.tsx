import { ChevronDown, Info } from "lucide-react";
import { Collapsible } from "radix-ui";
import type { ReactNode } from "react";
import { GLOSSARY } from "@shared/glossary/glossary.ts";

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl bg-surface-raised/60 p-4">
      <h3 className="mb-2 text-sm font-semibold text-gold">{title}</h3>
      <div className="space-y-1.5 text-sm text-ink-muted">{children}</div>
    </section>
  );
}

const SPLIT = [
  { share: "10%", label: GLOSSARY.guildFund },
  { share: "5%", label: GLOSSARY.adminFund },
  { share: "25%", label: "Elite Bonus", note: "shared equally among participating Guild Master and Core" },
  { share: "60%", label: "Base Pool", note: "shared equally among all participating members" },
] as const;

/** The collapsible explanation of how a sold item's value becomes salaries (docs/product.md#market-exchange). */
export function SalaryExplainer() {
  return (
    <Collapsible.Root className="group rounded-2xl border border-line bg-surface shadow-lg shadow-black/20">
      <Collapsible.Trigger className="flex min-h-14 w-full items-center gap-3 rounded-2xl px-5 text-left font-semibold text-ink transition-colors hover:bg-surface-raised/40">
        <Info className="size-5 shrink-0 text-gold" aria-hidden="true" />
        <span className="flex-1">How Salary Calculations Work</span>
        <ChevronDown
          className="size-5 shrink-0 text-ink-muted transition-transform group-data-[state=open]:rotate-180"
          aria-hidden="true"
        />
      </Collapsible.Trigger>
      <Collapsible.Content className="grid gap-3 px-5 pb-5 md:grid-cols-2">
        <Part title="Distribution Breakdown">
          <p>When a loot item is sold, its value is distributed:</p>
          <ul className="space-y-1">
            {SPLIT.map((part) => (
              <li key={part.label} className="flex gap-2">
                <span className="w-10 shrink-0 font-semibold tabular-nums text-ink">{part.share}</span>
                <span>
                  <span className="text-ink">{part.label}</span>
                  {"note" in part ? ` — ${part.note}` : null}
                </span>
              </li>
            ))}
          </ul>
        </Part>
        <Part title="Participation Rules">
          <p>Only members who took part in that raid get a share.</p>
          <p>Guild Master and Core members get the base share plus the elite bonus.</p>
          <p>Regular Members get only the base share.</p>
        </Part>
        <Part title="Multi-Character Distribution">
          <p>
            For a player with several characters, the combined share is split in proportion to each
            character's raid participation count.
          </p>
        </Part>
        <Part title="Example">
          <p>A 1,000 USDT item with 3 Members and 2 Core participants:</p>
          <ul className="list-disc space-y-1 pl-5">
            <li>Base pool: 600 USDT split 5 ways = 120 USDT each</li>
            <li>Elite pool: 250 USDT split 2 ways = 125 USDT each</li>
            <li>
              Members get <span className="font-semibold text-ink">120 USDT</span>, Core get{" "}
              <span className="font-semibold text-ink">245 USDT</span>
            </li>
          </ul>
        </Part>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
