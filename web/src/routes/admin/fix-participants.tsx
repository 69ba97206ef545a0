import { PlaceholderPage } from "../-components/placeholder-page.tsx";

export function FixParticipantsPage() {
  return (
    <PlaceholderPage
      title="Corrupted Participant Data Fix"
      subtitle="Tool to identify and resolve items with corrupted participant lists."
      documentTitle={(brand) => `Fix Participants - ${brand}`}
    />
  );
}
