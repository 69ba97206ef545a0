import { CloudOff } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "@web/components/card.tsx";

export const YOU_ARE_OFFLINE = "You are offline";

/** `what` (a plural) is read from the server each time; a connection lets the person `use` it. */
export const notStoredText = (what: string, use = "see and change them"): string =>
  `${what} are not stored on this device. Connect to the internet to ${use}.`;

/**
 * In place of what needs the server while offline: tools that work on the server's data as it is now
 * (decision 013), and data that is not kept on the device (accounts, audit log, a receipt's item lists).
 */
export function OnlineOnlyNotice({ children }: { children: ReactNode }) {
  return (
    <Card role="status" className="flex items-start gap-3" data-testid="online-only">
      <CloudOff className="mt-0.5 size-5 shrink-0 text-gold" aria-hidden="true" />
      <div>
        <p className="font-semibold text-ink">{YOU_ARE_OFFLINE}</p>
        <p className="mt-1 text-sm text-ink-muted">{children}</p>
      </div>
    </Card>
  );
}

/** For a tool that works directly on the server's data. */
export function OfflineToolNotice({ tool }: { tool: string }) {
  return (
    <OnlineOnlyNotice>
      {tool} works directly on the server's data and needs a connection. It will be available again as soon as
      you are back online.
    </OnlineOnlyNotice>
  );
}

/** For data that is not stored on this device. */
export function NotStoredNotice({ what, use }: { what: string; use?: string }) {
  return <OnlineOnlyNotice>{notStoredText(what, use)}</OnlineOnlyNotice>;
}
