import { PlaceholderPage } from "./-components/placeholder-page.tsx";

export function PublicMarketExchangePage() {
  return (
    <PlaceholderPage
      title="Market Exchange"
      subtitle="Browse the spoils of war and items available for distribution."
      documentTitle={(brand) => `Market Exchange - ${brand}`}
    />
  );
}
