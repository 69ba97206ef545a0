/** On the login page, after the server said this device's account lost its access (decision 073; login.tsx asks). */
import { ShieldOff } from "lucide-react";
import { ACCESS_REMOVED_NOTICE } from "@shared/auth/access-removed.ts";

export function AccessRemovedNotice() {
  return (
    <p
      role="alert"
      data-testid="access-removed"
      className="mb-4 flex items-start gap-2 rounded-lg border border-danger/40 bg-danger/5 px-3 py-2 text-sm text-red-200"
    >
      <ShieldOff className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden="true" />
      <span className="min-w-0 break-words">{ACCESS_REMOVED_NOTICE}</span>
    </p>
  );
}
