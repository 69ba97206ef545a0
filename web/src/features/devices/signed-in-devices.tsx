/**
 * The account's signed-in devices (issue 25, point 5; decision 068), on My earnings: each with the browser and
 * system it was opened on, when it signed in and was last used, and 'Sign out'. This device's 'Sign out' is a
 * logout. Online only: the sessions live on the server.
 */
import { LogOut, MonitorSmartphone } from "lucide-react";
import { useState } from "react";
import { ME_CALLS } from "@shared/contract/me.ts";
import { formatDate } from "@shared/format/format-date.ts";
import type { DeviceSession } from "@shared/schemas/sessions.ts";
import { Button } from "@web/components/button.tsx";
import { Card, CardTitle } from "@web/components/card.tsx";
import { NotStoredNotice } from "@web/components/online-only-notice.tsx";
import { api, errorMessage } from "@web/lib/api-client.ts";
import { toast } from "@web/lib/toast.tsx";
import { useServerRead } from "@web/lib/use-server-read.ts";

export const DEVICES_TEXTS = {
  title: "Signed-in devices",
  thisDevice: "This device",
  signOut: "Sign out",
  signedOut: "Signed out of that device.",
  signOutFailed: "Failed to sign out of that device.",
  loadFailed: "Failed to load your devices:",
} as const;

const signOutLabel = (session: DeviceSession) =>
  session.current
    ? "Sign out of this device"
    : `Sign out of ${session.device}, signed in ${formatDate(session.signedInAt)}`;

/** `onSignedOutHere`: what the page does once this device's own session ended (leave, as after a logout). */
export function SignedInDevices({
  online,
  onSignedOutHere,
}: {
  online: boolean;
  onSignedOutHere: () => void;
}) {
  const read = useServerRead(["me-sessions"], (signal) => api.call(ME_CALLS.sessions, { signal }), online);
  const [ending, setEnding] = useState<number | null>(null);

  const signOut = async (session: DeviceSession) => {
    setEnding(session.id);
    try {
      const answer = await api.call(ME_CALLS.endSession, { body: { id: session.id } });
      if (answer.current) {
        onSignedOutHere();
        return;
      }
      toast.success(DEVICES_TEXTS.signedOut);
      read.reload();
    } catch (error) {
      toast.error(DEVICES_TEXTS.signOutFailed, { description: errorMessage(error) });
      read.reload();
    } finally {
      setEnding(null);
    }
  };

  if (!online) return <NotStoredNotice what="Your signed-in devices" use="see and sign them out" />;
  const sessions = read.data?.sessions ?? null;
  return (
    <Card className="space-y-3" data-testid="signed-in-devices">
      <CardTitle icon={<MonitorSmartphone className="size-5 text-gold" aria-hidden="true" />}>
        {DEVICES_TEXTS.title}
      </CardTitle>
      {read.status === "error" && sessions === null ? (
        <p role="alert" className="text-sm text-danger">
          {DEVICES_TEXTS.loadFailed} {read.error}
        </p>
      ) : sessions === null ? (
        <p role="status" className="text-sm text-ink-muted">
          Loading...
        </p>
      ) : (
        <ul className="divide-y divide-line">
          {sessions.map((session) => (
            <li
              key={session.id}
              className="flex flex-wrap items-center justify-between gap-3 py-3"
              data-session={session.id}
            >
              <div className="min-w-0">
                <p className="font-medium text-ink">
                  {session.device}
                  {session.current && (
                    <span className="ml-2 rounded-full bg-gold/15 px-2 py-0.5 text-xs font-semibold text-gold ring-1 ring-gold/40">
                      {DEVICES_TEXTS.thisDevice}
                    </span>
                  )}
                </p>
                <p className="text-sm text-ink-muted">
                  Signed in {formatDate(session.signedInAt)} · last active {formatDate(session.lastActiveAt)}
                </p>
              </div>
              <Button
                variant="secondary"
                aria-label={signOutLabel(session)}
                disabled={ending !== null}
                onClick={() => void signOut(session)}
              >
                <LogOut className="size-4" aria-hidden="true" />
                {DEVICES_TEXTS.signOut}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
