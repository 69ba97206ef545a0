/**
 * The body of a long table with only the rows near the screen in the DOM (decision 035): the page scrolls as a
 * whole, as it does for a short table, and a spacer row above and below the rendered rows stands for the rest,
 * so the scrollbar, the table's native semantics and its sideways scrolling stay as they were. A row that holds
 * the focus stays rendered when it scrolls away, so the focus is never dropped to the page; nor is a focus taken
 * in the rows shown while this module was fetched (`HeldFocus`).
 */
import { defaultRangeExtractor, type Range, useWindowVirtualizer } from "@tanstack/react-virtual";
import {
  type FocusEvent,
  type ReactNode,
  type RefObject,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { type HeldFocus, ROW_CONTROLS } from "./held-focus.ts";

/** What a rendered row spreads onto its `tr`: the measuring ref, its index and its row number. */
export interface VirtualRowProps {
  ref: (element: HTMLTableRowElement | null) => void;
  "data-index": number;
  /** The row's number in the whole table, the header row being 1. */
  "aria-rowindex": number;
}

/** Renders one body row: a keyed `tr` with `props` spread onto it. */
export type RenderRow<T> = (row: T, props: VirtualRowProps | undefined) => ReactNode;

/** Where a table's rows are cards (decision 046, `.card-table` in styles.css). */
const CARDS_QUERY = "(width < 40rem)";

/** Rows beyond the screen rendered on each side, so scrolling and Tab find the next rows already there. */
const OVERSCAN = 12;

/** Where the tbody starts in the page, followed as the content above it grows or shrinks. */
function useTopInPage(body: RefObject<HTMLTableSectionElement | null>): number {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      const element = body.current;
      if (element) setTop(Math.round(element.getBoundingClientRect().top + window.scrollY));
    };
    measure();
    // Anything above the table that changes size (a summary appearing, a panel opening) resizes the page.
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [body]);
  return top;
}

function Spacer({ height, columns }: { height: number; columns: number }) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty row with nothing to focus; it only holds the rows' place.
    <tr aria-hidden="true">
      <td colSpan={columns} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}

export function VirtualTableBody<T>({
  rows,
  row,
  rowHeight,
  cardHeight,
  columns,
  heldFocus,
}: {
  rows: readonly T[];
  row: RenderRow<T>;
  /** A row's usual height in pixels; rows are measured once rendered. */
  rowHeight: number;
  /** The same on a phone, where each row is a card. */
  cardHeight: number;
  columns: number;
  /** A focus taken in the rows shown before this body arrived. */
  heldFocus?: RefObject<HeldFocus | null>;
}) {
  const body = useRef<HTMLTableSectionElement>(null);
  const scrollMargin = useTopInPage(body);
  const focused = useRef<number | null>(heldFocus?.current?.index ?? null);
  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range);
    const keep = focused.current;
    if (keep === null || keep >= range.count || indexes.includes(keep)) return indexes;
    return [...indexes, keep].sort((a, b) => a - b);
  }, []);
  // One live query, read as rows are estimated, so a phone turned to landscape estimates the rows not yet measured
  // anew. A matchMedia call per row parsed the query thousands of times: 1.4 s of My earnings' 4,255 rows at 4x
  // CPU throttling (decision 101).
  const cards = useMemo(() => window.matchMedia(CARDS_QUERY), []);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => (cards.matches ? cardHeight : rowHeight),
    overscan: OVERSCAN,
    scrollMargin,
    rangeExtractor,
    initialRect: { width: window.innerWidth, height: window.innerHeight },
  });
  const items = virtualizer.getVirtualItems();

  // The rows this body replaced took the focus with them; it goes back to the same control of the same row.
  useLayoutEffect(() => {
    const held = heldFocus?.current;
    if (!held || !heldFocus) return;
    heldFocus.current = null;
    if (document.activeElement !== null && document.activeElement !== document.body) return;
    const control = body.current
      ?.querySelector(`tr[data-index="${held.index}"]`)
      ?.querySelectorAll<HTMLElement>(ROW_CONTROLS)[held.control];
    control?.focus({ preventScroll: true });
  }, [heldFocus]);

  const onFocus = (event: FocusEvent<HTMLTableSectionElement>) => {
    const index = (event.target as Element).closest("tr[data-index]")?.getAttribute("data-index");
    focused.current = index == null ? null : Number(index);
  };
  const onBlur = (event: FocusEvent<HTMLTableSectionElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) focused.current = null;
  };

  const content: ReactNode[] = [];
  let end = scrollMargin;
  for (const item of items) {
    const rowData = rows[item.index];
    if (rowData === undefined) continue;
    if (item.start > end)
      content.push(<Spacer key={`gap-${item.index}`} height={item.start - end} columns={columns} />);
    content.push(
      row(rowData, {
        ref: virtualizer.measureElement,
        "data-index": item.index,
        "aria-rowindex": item.index + 2,
      }),
    );
    end = item.end;
  }
  const after = virtualizer.getTotalSize() + scrollMargin - end;

  return (
    <tbody ref={body} onFocus={onFocus} onBlur={onBlur}>
      {content}
      {after > 0 ? <Spacer height={after} columns={columns} /> : null}
    </tbody>
  );
}
