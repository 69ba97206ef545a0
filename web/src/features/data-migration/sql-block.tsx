import type { ReactNode } from "react";
import { CopyButton } from "./copy-button.tsx";

/** A titled, scrollable monospace SQL text with its copy button. */
export function SqlBlock({
  title,
  meta,
  sql,
  testId,
  tall = false,
}: {
  title: string;
  meta?: ReactNode;
  sql: string;
  testId?: string;
  tall?: boolean;
}) {
  return (
    <div
      className="min-w-0 overflow-hidden rounded-2xl border border-line bg-surface shadow-lg shadow-black/20"
      data-testid={testId}
    >
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line px-4 py-3">
        <div className="min-w-0">
          <h3 className="break-all font-mono text-sm font-semibold text-ink">{title}</h3>
          {meta ? <p className="text-xs text-ink-muted">{meta}</p> : null}
        </div>
        <CopyButton text={sql} ariaLabel={`Copy ${title}`} />
      </div>
      <pre
        className={`${tall ? "max-h-[32rem]" : "max-h-64"} overflow-auto px-4 py-3 font-mono text-xs leading-relaxed text-ink-muted`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard.
        tabIndex={0}
      >
        <code>{sql}</code>
      </pre>
    </div>
  );
}
