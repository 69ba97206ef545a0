/**
 * One member's row on the receipt, which opens to the items the member took part in: straight from the
 * receipt when it lists them (the repair tool), otherwise fetched as the row opens (the public summary).
 */

import { ChevronRight } from "lucide-react";
import { Fragment, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { flushSync } from "react-dom";
import { formatCount, GLOSSARY } from "@shared/glossary/glossary.ts";
import { formatMoney } from "@shared/money/money.ts";
import { CategoryBadge } from "@web/components/badge.tsx";
import { Button } from "@web/components/button.tsx";
import { rowClass, stickyCell, stickyEdge, Td } from "@web/components/data-table.tsx";
import { ErrorAlert } from "@web/components/error-alert.tsx";
import { NotStoredNotice } from "@web/components/online-only-notice.tsx";
import { Skeleton } from "@web/components/skeleton.tsx";
import type { MemberItemsCache } from "./member-items-cache.ts";
import { hasEliteShare, memberKey, type ReceiptItem, type ReceiptMember } from "./receipt-model.ts";

export const money = (amount: string) => formatMoney(amount, "usdt");
export const COLUMNS = 8;
/** The receipt's column headers, which also name a phone card's fields. */
export const HEADERS = {
  member: "Member",
  category: "Category",
  // The counts' names are the glossary's (docs/glossary.md), the same as on the roster.
  raids: GLOSSARY.raids,
  items: GLOSSARY.lootParticipation,
  generalShare: "General Share",
  eliteShare: "Elite Share",
  finalSalary: "Final Salary",
} as const;
/** Placeholder lines while a member's items load, at most. */
const LOADING_LINES = 5;

/** Where an open row gets its items when the receipt lists none. */
export interface FetchedItems {
  cache: MemberItemsCache;
  /** The summary's identity (summaryKey). */
  summary: string;
  online: boolean;
}

/** Items a row shows at first and at each "Show more": a long history lists a member in thousands of items. */
export const ITEMS_PAGE = 100;

function ItemList({ items }: { items: readonly ReceiptItem[] }) {
  const [limit, setLimit] = useState(ITEMS_PAGE);
  const shownLine = useRef<HTMLParagraphElement>(null);
  const more = Math.min(ITEMS_PAGE, items.length - limit);
  const showMore = () => {
    flushSync(() => setLimit((shown) => shown + ITEMS_PAGE));
    // The button goes with the last page: the focus moves to the line that says so, not to the page.
    if (limit + ITEMS_PAGE >= items.length) shownLine.current?.focus();
  };
  return (
    <>
      <ul className="space-y-2 py-1">
        {items.slice(0, limit).map((item) => (
          <li
            key={item.itemId}
            className="flex flex-col gap-1 rounded-lg bg-surface-raised/60 px-3 py-2 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
          >
            <span className="font-medium text-ink">{item.lootName}</span>
            <span className="flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-ink-muted">
              <span>
                Item value <span className="tabular-nums text-ink">{money(item.itemValue)}</span>
              </span>
              <span>
                General share <span className="tabular-nums text-ink">{money(item.generalShareEarned)}</span>
              </span>
              {hasEliteShare(item.eliteShareEarned) ? (
                <span>
                  Elite share <span className="tabular-nums text-gold">{money(item.eliteShareEarned)}</span>
                </span>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      {items.length > ITEMS_PAGE ? (
        <div className="flex flex-wrap items-center gap-3 py-2">
          {more > 0 ? (
            <Button variant="secondary" onClick={showMore}>
              Show {more} more
            </Button>
          ) : null}
          <p
            ref={shownLine}
            tabIndex={-1}
            className="text-xs text-ink-muted focus:outline-none"
            role="status"
          >
            {Math.min(limit, items.length).toLocaleString("en-US")} of {items.length.toLocaleString("en-US")}{" "}
            items shown
          </p>
        </div>
      ) : null}
    </>
  );
}

function ItemsLoading({ member }: { member: ReceiptMember }) {
  const lines = Math.min(Math.max(member.participatedItemsCount, 1), LOADING_LINES);
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label={`Loading items of ${member.memberName}`}
      className="space-y-2 py-1"
    >
      {Array.from({ length: lines }, (_, line) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder lines have nothing else to key by.
        <Skeleton key={line} className="h-14 w-full rounded-lg sm:h-10" />
      ))}
    </div>
  );
}

/** An open row's items, asked for as it opens (again after a failure, and when the connection returns). */
function FetchedItemList({ member, source }: { member: ReceiptMember; source: FetchedItems }) {
  const { cache, summary, online } = source;
  const name = member.memberName;
  const entry = useSyncExternalStore(
    cache.subscribe,
    () => cache.read(summary, name),
    () => undefined,
  );
  useEffect(() => {
    if (online) cache.request(summary, name);
  }, [cache, summary, name, online]);
  if (entry?.status === "ready") return <ItemList items={entry.items} />;
  if (!online) return <NotStoredNotice what="Item lists" use="see them" />;
  if (entry?.status === "error") {
    return (
      <div className="py-1">
        <ErrorAlert size="compact" message={`Error loading items: ${entry.message}`} />
      </div>
    );
  }
  return <ItemsLoading member={member} />;
}

export function MemberRow({ member, fetched }: { member: ReceiptMember; fetched?: FetchedItems }) {
  const [open, setOpen] = useState(false);
  const detailsId = `receipt-items-${memberKey(member).replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <Fragment>
      <tr className={rowClass}>
        <Td className={`left-0 w-12 py-0! pr-0! pl-1! sm:pl-2! ${stickyCell}`} card="toggle">
          <Button
            variant="ghost"
            size="icon"
            aria-expanded={open}
            aria-controls={open ? detailsId : undefined}
            aria-label={`${open ? "Hide" : "Show"} items of ${member.memberName}`}
            onClick={() => setOpen((value) => !value)}
          >
            <ChevronRight
              className={`size-4 transition-transform ${open ? "rotate-90 text-gold" : ""}`}
              aria-hidden="true"
            />
          </Button>
        </Td>
        <Td className={`left-12 font-medium sm:left-13 ${stickyCell} ${stickyEdge}`} card="title">
          {member.memberName}
        </Td>
        <Td label={HEADERS.category}>
          <CategoryBadge category={member.category} />
        </Td>
        <Td className="text-right tabular-nums" label={HEADERS.raids}>
          {formatCount(member.totalRaids)}
        </Td>
        <Td className="text-right tabular-nums" label={HEADERS.items}>
          {formatCount(member.participatedItemsCount)}
        </Td>
        <Td className="whitespace-nowrap text-right tabular-nums" label={HEADERS.generalShare}>
          {money(member.totalFromGeneralShare)}
        </Td>
        <Td className="whitespace-nowrap text-right tabular-nums" label={HEADERS.eliteShare}>
          {money(member.totalFromEliteShare)}
        </Td>
        <Td className="whitespace-nowrap text-right font-semibold tabular-nums" label={HEADERS.finalSalary}>
          {money(member.finalCalculatedSalary)}
        </Td>
      </tr>
      {open ? (
        <tr id={detailsId} className="bg-canvas/40">
          <Td colSpan={COLUMNS} className="px-3! sm:pl-16!" card="wide">
            {/* Stays in view when the table scrolls sideways on a narrow screen. */}
            <div className="sticky left-3 w-[min(100%,calc(100vw-3.5rem))]">
              {fetched ? (
                <FetchedItemList member={member} source={fetched} />
              ) : (
                <ItemList items={member.participatedItems} />
              )}
            </div>
          </Td>
        </tr>
      ) : null}
    </Fragment>
  );
}
