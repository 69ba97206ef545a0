import { PlaceholderPage } from "../-components/placeholder-page.tsx";

export function GuildFundsPage() {
  return <PlaceholderPage title="Guild Funds" documentTitle={(brand) => `Guild Funds | ${brand}`} />;
}
