/**
 * What the login page says when the server signed this device out for a reason: the account's access was removed
 * (decision 073), or a restore replaced the guild's data (decision 089). Fetched only when one shows (login.tsx).
 */
import { DatabaseBackup, type LucideIcon, ShieldOff } from "lucide-react";
import { ACCESS_REMOVED_NOTICE } from "@shared/auth/access-removed.ts";
import { restoredNotice } from "@shared/auth/restore-signed-out.ts";
import { formatDateTime } from "@shared/format/format-date.ts";

function LoginNotice({
  icon: Icon,
  role,
  testId,
  className,
  text,
}: {
  icon: LucideIcon;
  role: "alert" | "status";
  testId: string;
  className: string;
  text: string;
}) {
  return (
    <p
      role={role}
      data-testid={testId}
      className={`mb-4 flex items-start gap-2 rounded-lg border px-3 py-2 text-sm ${className}`}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span className="min-w-0 break-words">{text}</span>
    </p>
  );
}

export function AccessRemovedNotice() {
  return (
    <LoginNotice
      icon={ShieldOff}
      role="alert"
      testId="access-removed"
      className="border-danger/40 bg-danger/5 text-red-200 [&>svg]:text-danger"
      text={ACCESS_REMOVED_NOTICE}
    />
  );
}

export function RestoredNotice({ restoredAt }: { restoredAt: string }) {
  const when = new Date(restoredAt);
  // The server sends an ISO time; should one ever not parse, the notice still says what happened.
  const text = restoredNotice(Number.isNaN(when.getTime()) ? "a recent date" : formatDateTime(when));
  return (
    <LoginNotice
      icon={DatabaseBackup}
      role="status"
      testId="restore-signed-out"
      className="border-gold/40 bg-gold/10 text-gold"
      text={text}
    />
  );
}
