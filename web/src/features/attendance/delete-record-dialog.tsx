import { formatDate } from "@shared/format/format-date.ts";
import { ConfirmDialog } from "@web/components/dialog.tsx";
import { commands } from "@web/data/lazy-data-layer.ts";
import type { AttendanceRecord } from "@web/data/portal-db.ts";
import { runWrite } from "@web/lib/run-write.ts";

/** Confirms deleting a record; each participant's raid count goes down by one. */
export function DeleteRecordDialog({
  record,
  onClose,
}: {
  record: AttendanceRecord | null;
  onClose: () => void;
}) {
  const confirm = async () => {
    if (!record) return;
    const id = record.id;
    await runWrite(
      () => commands.deleteAttendance(id),
      "Attendance record deleted.",
      "Failed to delete record.",
    );
  };
  return (
    <ConfirmDialog
      dismissible
      open={record !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Delete Attendance Record"
      description={
        record
          ? `Delete the ${record.bossName} record of ${formatDate(record.dateAttended)}? Each participant's raid count goes down by one. This cannot be undone.`
          : ""
      }
      confirmLabel="Delete Record"
      onConfirm={() => void confirm()}
    />
  );
}
