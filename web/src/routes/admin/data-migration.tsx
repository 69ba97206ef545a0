import { PlaceholderPage } from "../-components/placeholder-page.tsx";

export function DataMigrationPage() {
  return <PlaceholderPage title="Data Migration" documentTitle={(brand) => `Data Migration - ${brand}`} />;
}
