import { PlaceholderPage } from "../-components/placeholder-page.tsx";

export function GuildMembersPage() {
  return <PlaceholderPage title="Guild Members" documentTitle={(brand) => `Guild Members - ${brand}`} />;
}
