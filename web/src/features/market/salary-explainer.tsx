import { ChevronDown, Info } from "lucide-react";
import { Collapsible } from "radix-ui";
import { lazy, Suspense } from "react";

const loadBody = () => import("./salary-explainer-body.tsx");
const ExplainerBody = lazy(() => loadBody().then((module) => ({ default: module.ExplainerBody })));

/**
 * The collapsible explanation of how a sold item's value becomes salaries (docs/product.md#market-exchange), under
 * the guild's split rules in force today, and which days use which rules when they changed (decision 075).
 */
export function SalaryExplainer() {
  return (
    <Collapsible.Root className="group rounded-2xl border border-line bg-surface shadow-lg shadow-black/20">
      <Collapsible.Trigger
        onPointerEnter={() => void loadBody().catch(() => undefined)}
        onFocus={() => void loadBody().catch(() => undefined)}
        className="flex min-h-14 w-full items-center gap-3 rounded-2xl px-5 text-left font-semibold text-ink transition-colors hover:bg-surface-raised/40"
      >
        <Info className="size-5 shrink-0 text-gold" aria-hidden="true" />
        <span className="flex-1">How Salary Calculations Work</span>
        <ChevronDown
          className="size-5 shrink-0 text-ink-muted transition-transform group-data-[state=open]:rotate-180"
          aria-hidden="true"
        />
      </Collapsible.Trigger>
      <Collapsible.Content className="grid gap-3 px-5 pb-5 md:grid-cols-2">
        <Suspense fallback={<p className="text-sm text-ink-muted">Loading…</p>}>
          <ExplainerBody />
        </Suspense>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
