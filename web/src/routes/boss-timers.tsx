import { PlaceholderPage } from "./-components/placeholder-page.tsx";

export function BossTimersPage() {
  return (
    <PlaceholderPage
      title="Boss Timers"
      subtitle="Click on an available boss to start their respawn timer."
      documentTitle={(brand) => `Boss Timers - ${brand}`}
    />
  );
}
