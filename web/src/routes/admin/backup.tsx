import { BACKUP_CALLS } from "@shared/contract/backup.ts";
import { OfflineToolNotice } from "@web/components/online-only-notice.tsx";
import { PageHeader } from "@web/components/page-header.tsx";
import { BackupPanel } from "@web/features/backup/backup-panel.tsx";
import { useOnline } from "@web/features/sync-status/use-online.ts";
import { api } from "@web/lib/api-client.ts";
import { useServerRead } from "@web/lib/use-server-read.ts";
import { useDocumentTitle } from "@web/shell/use-document-title.ts";

/** Backups (decision 052): download one file with everything, or restore one. Online only. */
export function BackupPage() {
  useDocumentTitle((brand) => `Backup - ${brand}`);
  const online = useOnline();
  const status = useServerRead(
    ["backup-status"],
    (signal) => api.call(BACKUP_CALLS.status, { signal }),
    online,
  );
  return (
    <>
      <PageHeader
        title="Backup"
        subtitle="Download everything the guild has as one file, or restore the portal from such a file."
      />
      {online ? <BackupPanel status={status} /> : <OfflineToolNotice tool="Backup and restore" />}
    </>
  );
}
