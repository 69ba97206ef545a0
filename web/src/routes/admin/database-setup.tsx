import { PlaceholderPage } from "../-components/placeholder-page.tsx";

export function DatabaseSetupPage() {
  return <PlaceholderPage title="Database Setup" documentTitle={(brand) => `Database Setup - ${brand}`} />;
}
