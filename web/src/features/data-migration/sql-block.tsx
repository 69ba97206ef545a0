import type { ReactNode } from "react";
import { CopyButton } from "@web/components/copy-button.tsx";

/** A large export (thousands of items) would make the page slow to draw; the copy always takes all of it. */
export const SHOWN_LINES = 300;

function shownText(sql: string): { text: string; hiddenLines: number } {
  const lines = sql.split("\n");
  if (lines.length <= SHOWN_LINES) return { text: sql, hiddenLines: 0 };
  return { text: lines.slice(0, SHOWN_LINES).join("\n"), hiddenLines: lines.length - SHOWN_LINES };
}

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
  const { text, hiddenLines } = shownText(sql);
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
        <code>{text}</code>
      </pre>
      {hiddenLines > 0 ? (
        <p className="border-t border-line px-4 py-2 text-xs text-ink-muted">
          Showing the first {SHOWN_LINES} lines; {hiddenLines.toLocaleString("en-US")} more are not shown.
          Copy takes the whole text.
        </p>
      ) : null}
    </div>
  );
}
