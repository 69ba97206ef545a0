import { AlertTriangle, CloudOff } from "lucide-react";
import { Card } from "@web/components/card.tsx";
import { Skeleton } from "@web/components/skeleton.tsx";
import { LOAD_FAILED } from "./receipt-model.ts";

/** While the receipt loads: the header card, 10 table rows and the totals. */
export function ReceiptSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading salary calculation" className="space-y-6">
      <Skeleton className="h-28 w-full rounded-2xl" />
      <div className="space-y-2 rounded-2xl border border-line bg-surface p-4">
        <Skeleton className="h-8 w-full" />
        {Array.from({ length: 10 }, (_, row) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key by.
          <div key={row} data-testid="receipt-skeleton-row">
            <Skeleton className="h-10 w-full" />
          </div>
        ))}
      </div>
      <Skeleton className="h-36 w-full rounded-2xl" />
    </div>
  );
}

/** The calculation could not be fetched (nothing cached). */
export function ReceiptLoadError({ message }: { message: string }) {
  return (
    <Card role="alert" className="flex flex-col items-center gap-2 py-10 text-center">
      <CloudOff className="size-10 text-danger" aria-hidden="true" />
      <h2 className="text-lg font-semibold text-ink">{LOAD_FAILED}</h2>
      <p className="max-w-md text-ink-muted">
        There was an issue retrieving the salary breakdown. Please try again later.
      </p>
      <p className="max-w-md break-words font-mono text-xs text-ink-muted">{message}</p>
    </Card>
  );
}

/** The answer arrived but carries an error or no receipt. */
export function ReceiptAnswerError({ error }: { error: string | null }) {
  return (
    <Card role="alert" className="flex flex-col items-center gap-2 py-10 text-center">
      <AlertTriangle className="size-10 text-gold" aria-hidden="true" />
      <h2 className="text-lg font-semibold text-ink">An Error Occurred</h2>
      <p className="max-w-md text-ink-muted">
        {error ?? "An unknown error occurred while processing the data."}
      </p>
    </Card>
  );
}
