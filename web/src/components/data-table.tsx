/**
 * Table building blocks for the data screens. On a wide screen a table sits in a card and scrolls sideways inside
 * it, so the page itself never scrolls horizontally; the first column can stay in view (`stickyCell`) and soft
 * shadows at the edges show that there is more to scroll to. Below 640 px each body row is a card instead
 * (decision 046, `.card-table` in styles.css): the row's title cell heads it, every other cell is a field under
 * its column's name (`label`), and the row's actions close it, so nothing needs a sideways scroll.
 */
import {
  type CSSProperties,
  type FocusEvent,
  type HTMLAttributes,
  lazy,
  type ReactNode,
  type RefObject,
  Suspense,
  type TdHTMLAttributes,
  type ThHTMLAttributes,
  useRef,
} from "react";
import { type HeldFocus, ROW_CONTROLS } from "./held-focus.ts";
import { Skeleton } from "./skeleton.tsx";
import type { RenderRow } from "./virtual-rows.tsx";

/**
 * The virtualiser of long tables (decision 035) is fetched when a table first has that many rows, not with
 * every page that shows a table (decision 062); the precache holds it for offline use.
 */
const VirtualTableBody = lazy(() =>
  import("./virtual-rows.tsx").then((module) => ({ default: module.VirtualTableBody })),
);
/** The rows a long table shows in the moment its virtualiser is being fetched. */
const ROWS_WHILE_FETCHING = 40;

/**
 * The first rows of a long table while its virtualiser is fetched. A focus taken in them is remembered in
 * `held`, since the virtualised body replaces these elements and hands the focus on (decision 035).
 */
function RowsWhileFetching<T>({
  rows,
  row,
  held,
}: {
  rows: readonly T[];
  row: RenderRow<T>;
  held: RefObject<HeldFocus | null>;
}) {
  const onFocus = (event: FocusEvent<HTMLTableSectionElement>) => {
    const tr = (event.target as Element).closest("tr");
    if (!tr) return;
    const control = Array.from(tr.querySelectorAll(ROW_CONTROLS)).indexOf(event.target as Element);
    held.current = control < 0 ? null : { index: Array.from(event.currentTarget.rows).indexOf(tr), control };
  };
  // Focus moving elsewhere is no focus to hand on; an element removed with the focus has no next target.
  const onBlur = (event: FocusEvent<HTMLTableSectionElement>) => {
    if (event.relatedTarget !== null && !event.currentTarget.contains(event.relatedTarget as Node))
      held.current = null;
  };
  return (
    <tbody onFocus={onFocus} onBlur={onBlur}>
      {rows.slice(0, ROWS_WHILE_FETCHING).map((item) => row(item, undefined))}
    </tbody>
  );
}

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

/** A table whose rows are cards below 640 px (decision 046). */
export function Table({ className = "", ...props }: HTMLAttributes<HTMLTableElement>) {
  return <table className={`card-table w-full border-collapse text-left text-sm ${className}`} {...props} />;
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

/**
 * A cell's place in its row's card below 640 px: the card's `title` (the row's name, first and across the
 * card), a `wide` field across the card, the row's `actions` (last, at the right), an `action-bar` (the actions
 * last, on one line across the card: more than three, or one with words), or the `toggle` that opens the row (at
 * the top right, by the title). Any other cell is a field, two to a line.
 */
export type CardPart = "title" | "wide" | "actions" | "action-bar" | "toggle";

export interface TdProps extends TdHTMLAttributes<HTMLTableCellElement> {
  /** The field's name on a phone card: the column's header text. */
  label?: string;
  card?: CardPart;
}

export function Td({ className = "", label, card, ...props }: TdProps) {
  return (
    <td
      className={`border-b border-line/60 px-3 py-3 text-ink sm:px-4 ${className}`}
      data-label={label}
      data-card={card}
      {...props}
    />
  );
}

/** The first column's header, kept in view while the table scrolls sideways. */
export function FirstTh({ className = "", ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <Th className={`left-0 ${stickyHeadCell} ${stickyEdge} ${className}`} {...props} />;
}

/** A row's first cell, in bold and kept in view while the table scrolls sideways; its card's title on a phone. */
export function FirstTd({ className = "", ...props }: TdProps) {
  return (
    <Td className={`left-0 font-medium ${stickyCell} ${stickyEdge} ${className}`} card="title" {...props} />
  );
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

/** Tables with more rows than this render only the rows near the screen (decision 035). */
export const VIRTUAL_ROWS_FROM = 100;

/** How a table's body is written: all its rows at once, or one row at a time (a long table is virtualised). */
type TableBody<T> =
  | {
      /** The body's `tr`s, keyed. */
      body: (rows: readonly T[]) => ReactNode;
      row?: never;
      rowHeight?: never;
      cardHeight?: never;
      countLabel?: never;
    }
  | {
      body?: never;
      /** One keyed `tr`; spread `props` onto it (given when the table is virtualised). */
      row: RenderRow<T>;
      /** A row's usual height in pixels, until the rendered rows are measured. */
      rowHeight: number;
      /** The same below 640 px, where the row is a card. */
      cardHeight: number;
      /** What a long table announces as its rows change, e.g. `n => "1,204 market items"`. */
      countLabel: (count: number) => string;
    };

/**
 * A data table that follows its state: `columns` placeholder cells a row while loading, the `error` card
 * (an alert) when loading failed, the `empty` card when there are no rows, otherwise the rows: `body`, or
 * `row` for each, which virtualises a table of more than VIRTUAL_ROWS_FROM rows, with its row count announced.
 * `loadingLabel` announces the loading to screen readers.
 */
export function StateTable<T>({
  state,
  label,
  className,
  columns,
  head,
  body,
  row,
  rowHeight,
  cardHeight,
  countLabel,
  error,
  empty,
  loadingLabel,
  skeletonRows = 5,
}: {
  state: TableState<T>;
  label: string;
  className: string;
  columns: number;
  /** The header cells. */
  head: ReactNode;
  error: (message: string) => TableMessageText;
  empty: TableMessageText;
  loadingLabel?: string;
  skeletonRows?: number;
} & TableBody<T>) {
  const heldFocus = useRef<HeldFocus | null>(null);
  if (state.status === "error") return messageCard(label, error(state.message), true);
  if (state.status === "ready" && state.rows.length === 0) return messageCard(label, empty);
  const rows = state.status === "ready" ? state.rows : null;
  const virtual = rows !== null && row !== undefined && rows.length > VIRTUAL_ROWS_FROM;
  let tableBody: ReactNode;
  if (rows === null) tableBody = <SkeletonRows rows={skeletonRows} columns={columns} />;
  else if (virtual)
    tableBody = (
      <Suspense fallback={<RowsWhileFetching rows={rows} row={row} held={heldFocus} />}>
        <VirtualTableBody
          rows={rows}
          row={row as RenderRow<unknown>}
          rowHeight={rowHeight}
          cardHeight={cardHeight}
          columns={columns}
          heldFocus={heldFocus}
        />
      </Suspense>
    );
  else tableBody = <tbody>{row ? rows.map((item) => row(item, undefined)) : body?.(rows)}</tbody>;
  return (
    <TableCard label={label}>
      <Table className={className} aria-rowcount={virtual ? rows.length + 1 : undefined}>
        <thead>
          <tr aria-rowindex={virtual ? 1 : undefined}>{head}</tr>
        </thead>
        {tableBody}
      </Table>
      {state.status === "loading" && loadingLabel ? (
        <span role="status" className="sr-only">
          {loadingLabel}
        </span>
      ) : null}
      {rows !== null && countLabel ? (
        <span role="status" className="sr-only">
          {countLabel(rows.length)}
        </span>
      ) : null}
    </TableCard>
  );
}
