import { CloudOff } from "lucide-react";
import { Card } from "../../components/card.tsx";

/** In place of an admin tool that works on the server's data as it is now (decision 013). */
export function OnlineOnlyNotice({ tool }: { tool: string }) {
  return (
    <Card role="status" className="flex items-start gap-3" data-testid="online-only">
      <CloudOff className="mt-0.5 size-5 shrink-0 text-gold" aria-hidden="true" />
      <div>
        <p className="font-semibold text-ink">You are offline</p>
        <p className="mt-1 text-sm text-ink-muted">
          {tool} works directly on the server's data and needs a connection. It will be available again as
          soon as you are back online.
        </p>
      </div>
    </Card>
  );
}
