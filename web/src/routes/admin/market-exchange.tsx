import { PlaceholderPage } from "../-components/placeholder-page.tsx";

export function MarketExchangePage() {
  return <PlaceholderPage title="Market Exchange" documentTitle={(brand) => `Market Exchange - ${brand}`} />;
}
