import { PlaceholderPage } from "../-components/placeholder-page.tsx";

export function AttendancePage() {
  return <PlaceholderPage title="Attendance Management" documentTitle={(brand) => `Attendance - ${brand}`} />;
}
