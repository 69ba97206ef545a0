import { PlaceholderPage } from "../-components/placeholder-page.tsx";

export function AccountsPage() {
  return (
    <PlaceholderPage
      title="Accounts"
      subtitle="Create logins for guild members and admins, reset passwords, disable access."
      documentTitle={(brand) => `Accounts - ${brand}`}
    />
  );
}
