import { WifiOff } from "lucide-react";
import { Card } from "../../../components/card.tsx";

/** Shown by admin tools whose data is not kept on the device (accounts, audit log) while offline. */
export function OnlineOnlyNotice({ what }: { what: string }) {
  return (
    <Card role="status" className="flex items-start gap-3" data-testid="online-only-notice">
      <WifiOff className="mt-0.5 size-5 shrink-0 text-gold" aria-hidden="true" />
      <div>
        <p className="font-semibold text-ink">You are offline</p>
        <p className="text-sm text-ink-muted">
          {what} are not stored on this device. Connect to the internet to see and change them.
        </p>
      </div>
    </Card>
  );
}
