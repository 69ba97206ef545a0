import { useBrand } from "../features/brand/brand-store.ts";
import { PlaceholderPage } from "./-components/placeholder-page.tsx";

export function PublicGuildMembersPage() {
  const brand = useBrand();
  return (
    <PlaceholderPage
      title="Guild Roster"
      subtitle={`Meet the members of the ${brand} guild.`}
      documentTitle={(b) => `Guild Roster - ${b}`}
    />
  );
}
