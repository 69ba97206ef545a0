import { PlaceholderPage } from "./-components/placeholder-page.tsx";

export function PublicSalaryCalculationPage() {
  return (
    <PlaceholderPage
      title="Salary Calculation Receipt"
      subtitle="A transparent, read-only breakdown of current salary calculations based on all sold items."
      documentTitle={(brand) => `Salary Calculation - ${brand}`}
    />
  );
}
