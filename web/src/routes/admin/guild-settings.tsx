import { NotStoredNotice } from "@web/components/online-only-notice.tsx";
import { PageHeader } from "@web/components/page-header.tsx";
import { PageSkeleton } from "@web/components/page-skeleton.tsx";
import { AfterMaintenanceSection } from "@web/features/guild-settings/after-maintenance-section.tsx";
import { DiscordSignInSection } from "@web/features/guild-settings/discord-sign-in-section.tsx";
import { GuildNameSection } from "@web/features/guild-settings/guild-name-section.tsx";
import { SplitRulesSection } from "@web/features/guild-settings/split-rules-section.tsx";
import { TimeZoneSection } from "@web/features/guild-settings/time-zone-section.tsx";
import { useOnline } from "@web/features/sync-status/use-online.ts";
import { useDocumentTitle } from "@web/shell/use-document-title.ts";
import { useGuildTimeZone } from "../-components/use-guild-time-zone.ts";

/**
 * Admin › Guild Settings (decision 059): what holds for the whole guild, a section each. The settings are synced
 * public data, so the page shows them offline too; saving needs a connection.
 */
export function GuildSettingsPage() {
  useDocumentTitle((brand) => `Guild Settings - ${brand}`);
  const zone = useGuildTimeZone();
  const online = useOnline();
  return (
    <>
      <PageHeader title="Guild Settings" subtitle="What holds for the whole guild, for everyone alike." />
      {zone.status === "loading" ? (
        <PageSkeleton label="Loading the guild's settings" />
      ) : zone.settings === null ? (
        <NotStoredNotice what="The guild's settings" />
      ) : (
        <div className="space-y-4">
          <GuildNameSection settings={zone.settings} online={online} />
          <TimeZoneSection settings={zone.settings} online={online} />
          <SplitRulesSection rules={zone.settings.splitRules ?? []} online={online} />
          <DiscordSignInSection online={online} />
          <AfterMaintenanceSection settings={zone.settings} online={online} />
        </div>
      )}
    </>
  );
}
