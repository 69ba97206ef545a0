/**
 * Table building blocks for the data screens. A table sits in a card and scrolls sideways inside it on
 * narrow screens, so the page itself never scrolls horizontally; the first column can stay in view
 * (`stickyCell`) and soft shadows at the edges show that there is more to scroll to.
 */
import type { CSSProperties, HTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { Skeleton } from "./skeleton.tsx";

/**
 * Scroll shadows with CSS only: the "local" covers move with the content and hide the "scroll" shadows
 * at an edge that is already reached.
 */
const scrollShadows: CSSProperties = {
  background: [
    "linear-gradient(to right, var(--color-surface) 30%, transparent) left / 2.5rem 100% no-repeat local",
    "linear-gradient(to left, var(--color-surface) 30%, transparent) right / 2.5rem 100% no-repeat local",
    "radial-gradient(farthest-side at 0 50%, rgb(0 0 0 / 0.55), transparent) left / 0.9rem 100% no-repeat scroll",
    "radial-gradient(farthest-side at 100% 50%, rgb(0 0 0 / 0.55), transparent) right / 0.9rem 100% no-repeat scroll",
  ].join(", "),
};

export function TableCard({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <div className="overflow-hidden rounded-2xl border border-line bg-surface shadow-lg shadow-black/20">
      <section
        className="overflow-x-auto overscroll-x-contain"
        style={scrollShadows}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard.
        tabIndex={0}
        aria-label={label}
      >
        {children}
      </section>
    </div>
  );
}

export function Table({ className = "", ...props }: HTMLAttributes<HTMLTableElement>) {
  return <table className={`w-full border-collapse text-left text-sm ${className}`} {...props} />;
}

/** The header row's background: opaque, so a sticky header cell hides what scrolls under it. */
const headBackground = "bg-[color-mix(in_srgb,var(--color-surface-raised)_50%,var(--color-surface))]";
/** A body row; `group` lets a sticky cell follow the row's hover colour. */
export const rowClass = "group transition-colors hover:bg-surface-raised/40";
/**
 * Keeps a leading cell in view while the table scrolls sideways. Add a `left-*` offset for the second of
 * two sticky cells.
 */
export const stickyCell =
  "sticky z-10 bg-surface group-hover:bg-[color-mix(in_srgb,var(--color-surface-raised)_40%,var(--color-surface))]";
export const stickyHeadCell = `sticky z-10 ${headBackground}`;
/** The line after the last sticky cell, while the table may scroll. */
export const stickyEdge = "max-lg:shadow-[inset_-1px_0_0_var(--color-line)]";

export function Th({ className = "", ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      className={`whitespace-nowrap border-b border-line ${headBackground} px-3 py-3 text-xs font-semibold uppercase tracking-wide text-ink-muted sm:px-4 ${className}`}
      {...props}
    />
  );
}

export function Td({ className = "", ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={`border-b border-line/60 px-3 py-3 text-ink sm:px-4 ${className}`} {...props} />;
}

/** The first column's header, kept in view while the table scrolls sideways. */
export function FirstTh({ className = "", ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <Th className={`left-0 ${stickyHeadCell} ${stickyEdge} ${className}`} {...props} />;
}

/** A row's first cell, in bold and kept in view while the table scrolls sideways. */
export function FirstTd({ className = "", ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <Td className={`left-0 font-medium ${stickyCell} ${stickyEdge} ${className}`} {...props} />;
}

/** `rows` placeholder rows of `columns` cells. */
export function SkeletonRows({ rows, columns }: { rows: number; columns: number }) {
  return (
    <tbody aria-hidden="true">
      {Array.from({ length: rows }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key by.
        <tr key={row} data-testid="skeleton-row">
          {Array.from({ length: columns }, (_, column) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: as above.
            <Td key={column}>
              <Skeleton className="h-5 w-full min-w-12" />
            </Td>
          ))}
        </tr>
      ))}
    </tbody>
  );
}

/** A message in place of the table's rows (empty or failed). */
export function TableMessage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-1 px-4 py-12 text-center">
      <p className="font-semibold text-ink">{title}</p>
      {children ? <div className="text-sm text-ink-muted">{children}</div> : null}
    </div>
  );
}

/** A table's card holding only a message in place of the table: an error (announced as an alert) or an empty list. */
export function TableMessageCard({
  label,
  title,
  alert = false,
  children,
}: {
  label: string;
  title: string;
  alert?: boolean;
  children?: ReactNode;
}) {
  const message = <TableMessage title={title}>{children}</TableMessage>;
  return <TableCard label={label}>{alert ? <div role="alert">{message}</div> : message}</TableCard>;
}

/** What a table shows: placeholder rows, a failure, or its rows (none is a state of its own). */
export type TableState<T> =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; rows: readonly T[] };

/** A message card's title, and the line under it where there is one. */
export type TableMessageText = string | { title: string; body: ReactNode };

function messageCard(label: string, text: TableMessageText, alert = false) {
  const { title, body } = typeof text === "string" ? { title: text, body: undefined } : text;
  return (
    <TableMessageCard label={label} title={title} alert={alert}>
      {body}
    </TableMessageCard>
  );
}

/**
 * A data table that follows its state: `columns` placeholder cells a row while loading, the `error` card
 * (an alert) when loading failed, the `empty` card when there are no rows, otherwise the `body` rows.
 * `loadingLabel` announces the loading to screen readers.
 */
export function StateTable<T>({
  state,
  label,
  className,
  columns,
  head,
  body,
  error,
  empty,
  loadingLabel,
}: {
  state: TableState<T>;
  label: string;
  className: string;
  columns: number;
  /** The header cells. */
  head: ReactNode;
  /** The body's `tr`s, keyed. */
  body: (rows: readonly T[]) => ReactNode;
  error: (message: string) => TableMessageText;
  empty: TableMessageText;
  loadingLabel?: string;
}) {
  if (state.status === "error") return messageCard(label, error(state.message), true);
  if (state.status === "ready" && state.rows.length === 0) return messageCard(label, empty);
  return (
    <TableCard label={label}>
      <Table className={className}>
        <thead>
          <tr>{head}</tr>
        </thead>
        {state.status === "loading" ? (
          <SkeletonRows rows={5} columns={columns} />
        ) : (
          <tbody>{body(state.rows)}</tbody>
        )}
      </Table>
      {state.status === "loading" && loadingLabel ? (
        <span role="status" className="sr-only">
          {loadingLabel}
        </span>
      ) : null}
    </TableCard>
  );
}
