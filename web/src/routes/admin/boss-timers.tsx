import { PlaceholderPage } from "../-components/placeholder-page.tsx";

export function AdminBossTimersPage() {
  return (
    <PlaceholderPage
      title="Boss Timers"
      subtitle="Changes to the timers are visible to all users."
      documentTitle={(brand) => `Boss Timers - ${brand}`}
    />
  );
}
