/**
 * The payouts and the items of "My earnings" (docs/decisions/051). Both are cards below 640 px (decision 046);
 * the item list of an old main runs to thousands of rows, so it renders only the rows near the screen
 * (StateTable virtualises above VIRTUAL_ROWS_FROM rows, decision 035).
 */

import { formatDate } from "@shared/format/format-date.ts";
import { countOf } from "@shared/glossary/glossary.ts";
import { formatMoney } from "@shared/money/money.ts";
import { type EarningsItem, type EarningsPayout, MY_EARNINGS_MESSAGES } from "@shared/schemas/my-earnings.ts";
import { FirstTd, FirstTh, rowClass, StateTable, Td, Th } from "@web/components/data-table.tsx";

const PAYOUT_HEADERS = { date: "Date", amount: "Amount", method: "Method", reference: "Reference" } as const;

export function PayoutsTable({ payouts }: { payouts: readonly EarningsPayout[] }) {
  return (
    <StateTable
      state={{ status: "ready", rows: payouts }}
      label="Payouts"
      className="min-w-[36rem]"
      columns={4}
      head={
        <>
          <FirstTh>{PAYOUT_HEADERS.date}</FirstTh>
          <Th className="text-right">{PAYOUT_HEADERS.amount}</Th>
          <Th>{PAYOUT_HEADERS.method}</Th>
          <Th>{PAYOUT_HEADERS.reference}</Th>
        </>
      }
      error={(message) => message}
      empty={MY_EARNINGS_MESSAGES.noPayouts}
      body={(rows) =>
        rows.map((payout) => (
          <tr key={payout.id} className={rowClass} data-payout={payout.id}>
            <FirstTd className="whitespace-nowrap">{formatDate(payout.paidOn)}</FirstTd>
            <Td className="whitespace-nowrap text-right tabular-nums" label={PAYOUT_HEADERS.amount}>
              {formatMoney(payout.amount, "usdt")}
            </Td>
            <Td className="text-ink-muted" label={PAYOUT_HEADERS.method}>
              {payout.method || "—"}
            </Td>
            <Td className="break-all text-ink-muted" label={PAYOUT_HEADERS.reference} card="wide">
              {payout.reference || "—"}
            </Td>
          </tr>
        ))
      }
    />
  );
}

const ITEM_HEADERS = {
  date: "Date",
  boss: "Boss",
  item: "Item",
  character: "Character",
  share: "Share",
} as const;

export function ItemsTable({
  items,
  showCharacter,
}: {
  items: readonly EarningsItem[];
  /** Whether the account has more than one character (else the column says the same name on every row). */
  showCharacter: boolean;
}) {
  const columns = showCharacter ? 5 : 4;
  return (
    <StateTable
      state={{ status: "ready", rows: items }}
      label="Items"
      className="min-w-[40rem]"
      columns={columns}
      head={
        <>
          <FirstTh>{ITEM_HEADERS.item}</FirstTh>
          <Th>{ITEM_HEADERS.date}</Th>
          <Th>{ITEM_HEADERS.boss}</Th>
          {showCharacter ? <Th>{ITEM_HEADERS.character}</Th> : null}
          <Th className="text-right">{ITEM_HEADERS.share}</Th>
        </>
      }
      error={(message) => message}
      empty={MY_EARNINGS_MESSAGES.noItems}
      rowHeight={49}
      cardHeight={132}
      countLabel={(count) => countOf(count, "item")}
      row={(item, props) => (
        <tr key={`${item.itemId}-${item.memberId}`} className={rowClass} data-item={item.itemId} {...props}>
          <FirstTd>{item.lootName}</FirstTd>
          <Td className="whitespace-nowrap text-ink-muted" label={ITEM_HEADERS.date}>
            {item.date ? formatDate(item.date) : "—"}
          </Td>
          <Td label={ITEM_HEADERS.boss}>{item.bossName}</Td>
          {showCharacter ? <Td label={ITEM_HEADERS.character}>{item.characterName}</Td> : null}
          <Td className="whitespace-nowrap text-right tabular-nums font-semibold" label={ITEM_HEADERS.share}>
            {formatMoney(item.share, "usdt")}
          </Td>
        </tr>
      )}
    />
  );
}
