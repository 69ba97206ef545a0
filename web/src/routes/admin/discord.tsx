import { AlertCircle } from "lucide-react";
import { DISCORD_CALLS } from "@shared/contract/spawn-alerts.ts";
import { Card } from "@web/components/card.tsx";
import { NotStoredNotice } from "@web/components/online-only-notice.tsx";
import { PageHeader } from "@web/components/page-header.tsx";
import { BossAlertsSection } from "@web/features/discord/boss-alerts-section.tsx";
import { DiscordSettingsForm } from "@web/features/discord/discord-settings-form.tsx";
import { useOnline } from "@web/features/sync-status/use-online.ts";
import { api } from "@web/lib/api-client.ts";
import { useServerRead } from "@web/lib/use-server-read.ts";
import { useDocumentTitle } from "@web/shell/use-document-title.ts";

/** Discord alerts (decision 043). Online only: the settings live on the server, not in the local store. */
export function DiscordSettingsPage() {
  useDocumentTitle((brand) => `Discord - ${brand}`);
  const online = useOnline();
  const read = useServerRead(["discord"], (signal) => api.call(DISCORD_CALLS.settings, { signal }), online);
  const settings = read.data?.discord ?? null;
  const error = read.error;

  return (
    <>
      <PageHeader
        title="Discord"
        subtitle="Post spawn alerts, timer starts and loot sales to a Discord channel."
      />
      <div className="space-y-4">
        {!online ? <NotStoredNotice what="Discord settings" /> : null}
        {online && error ? (
          <Card role="alert" className="flex items-start gap-3 border-danger/40">
            <AlertCircle className="mt-0.5 size-5 shrink-0 text-danger" aria-hidden="true" />
            <p className="text-sm text-red-200">Failed to load the Discord settings: {error}</p>
          </Card>
        ) : null}
        {online && settings ? (
          <DiscordSettingsForm settings={settings} onSaved={(discord) => read.replace({ discord })} />
        ) : null}
        {online && settings ? <BossAlertsSection defaultLead={settings.leadMinutes} /> : null}
      </div>
    </>
  );
}
