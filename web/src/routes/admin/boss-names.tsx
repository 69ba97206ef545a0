import { PlaceholderPage } from "../-components/placeholder-page.tsx";

export function BossNamesPage() {
  return <PlaceholderPage title="Boss Names" documentTitle={(brand) => `Boss Names - ${brand}`} />;
}
