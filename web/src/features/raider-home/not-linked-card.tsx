import { Link2Off } from "lucide-react";
import { MY_EARNINGS_MESSAGES } from "@shared/schemas/my-earnings.ts";
import { Card } from "@web/components/card.tsx";

export const NOT_LINKED_TITLE = "Your account is not linked to a character yet";

/** The next step for an account without a character (until claims land: ask an officer, decision 072). */
export function NotLinkedCard() {
  return (
    <Card className="flex items-start gap-3 border-gold/40" data-testid="not-linked">
      <Link2Off className="mt-0.5 size-5 shrink-0 text-gold" aria-hidden="true" />
      <div>
        <p className="font-semibold text-ink">{NOT_LINKED_TITLE}</p>
        <p className="mt-1 text-sm text-ink-muted">{MY_EARNINGS_MESSAGES.notLinked}</p>
      </div>
    </Card>
  );
}
